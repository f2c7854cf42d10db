// Section 3: efficiency or correctness.
export { WhichLockPanel } from './WhichLockPanel';
