// Placeholder until this panel lands.
export { ReplayPanel } from './ReplayPanel';
