// Section 9: Redlock and its critique.
export { RedlockPanel } from './RedlockPanel';
