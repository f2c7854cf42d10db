// Section 11: advisory lock and lease row.
export { PostgresLocksPanel } from './PostgresLocksPanel';
