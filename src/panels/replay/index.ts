// Section 4: see it, fencing off then on: the replay of recorded and simulated runs.
export { ReplayPanel } from './ReplayPanel';
