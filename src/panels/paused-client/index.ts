// Section 2: the paused client, with its what-if.
export { PausedClientPanel } from './PausedClientPanel';
// The panel reads the replay's runs: it is shown once the recordings are validated.
export { runsReady } from '../replay/runs';
