// Section 2: the paused client, with its what-if.
export { PausedClientPanel } from './PausedClientPanel';
// The panel reads the replay's runs: it is shown once the recordings are validated.
export { runsReady } from '../replay/runs';
// What the link's what-if values got wrong, for the notice under the page's title.
export { whatIfLinkReader as linkReader } from './whatIf';
