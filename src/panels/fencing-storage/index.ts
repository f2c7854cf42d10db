// Section 8: fencing at the storage.
export { FencingStoragePanel } from './FencingStoragePanel';
