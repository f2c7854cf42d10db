// Section 12: failure cases, each opening its replay.
export { FailureCasesPanel } from './FailureCasesPanel';
