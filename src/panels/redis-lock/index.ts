// Section 7: lock and release in Redis.
export { RedisLockPanel } from './RedisLockPanel';
