// Placeholder until this panel lands.
export { PausedClientPanel } from './PausedClientPanel';
