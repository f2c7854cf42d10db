// Section 2: the paused client, with its what-if.
export { PausedClientPanel } from './PausedClientPanel';
