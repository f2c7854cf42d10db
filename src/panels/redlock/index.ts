// Placeholder until this panel lands.
export { RedlockPanel } from './RedlockPanel';
