// Section 4: see it, fencing off then on: the replay of recorded and simulated runs.
export { ReplayPanel } from './ReplayPanel';
// The panel reads the replay's runs: it is shown once the recordings are validated.
export { runsReady } from './runs';
// What the link's replay values got wrong, for the notice under the page's title.
export { replayLinkReader as linkReader } from './linkReader';
