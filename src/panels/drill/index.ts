// The drill panel (section 14) and the reader's progress status (section 1).
export { DrillPanel } from './DrillPanel';
export { ProgressStatus } from './ProgressStatus';
