// Section 9: Redlock and its critique.
export { RedlockPanel } from './RedlockPanel';
// The panel reads the replay's runs: it is shown once the recordings are validated.
export { runsReady } from '../replay/runs';
// What the link's Redlock values got wrong, for the notice under the page's title.
export { redlockLinkReader as linkReader } from './readLink';
