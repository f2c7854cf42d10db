// The lab's server starters: each starts a throwaway server on a free loopback port (or uses the
// one named by REDIS_URL, DATABASE_URL or ETCD_ENDPOINTS) and returns how to reach it, what it
// is, and how to stop it.
export {
  BadServerUrlError,
  ServerDownError,
  ServerStartError,
  ServersFailedError,
  SkippedError,
  oneLine,
} from './errors';
export { LOOPBACK_HOST, freePort, freePorts } from './freePort';
export { makeTempDir, type TempDir } from './tempDir';
export {
  registerCleanup,
  registerTempDir,
  registeredCount,
  stopAll,
  type Cleanup,
} from './registry';
export { supervise, type SupervisedProcess, type SuperviseOptions } from './supervisor';
export { waitFor } from './waitFor';
export { redisPing, tcpOpen, parseRedisInfo } from './probes';
export type { StartedServer } from './types';
export { connectRedis, parseRedisUrl, type RedisAddress } from './redisConnect';
export { startRedis, type RedisServer, type StartRedisOptions } from './redis';
export {
  startRedisReplication,
  replicaLinkStatus,
  type RedisReplication,
} from './redisReplication';
export { startRedisCluster, slotRanges, type RedisClusterServer } from './redisCluster';
export { startRedisNodes, type RedisNodeSet, type StartRedisNodesOptions } from './redisNodes';
export {
  buildClockShim,
  requireGcc,
  clockShimEnv,
  setClockOffsetMs,
  writeShimClock,
  TRUE_CLOCK,
  CLOCK_OFFSET_FILE_ENV,
  type ShimClockSetting,
} from './clockShim/build';
export { startShimmedPostgres, type ShimmedPostgres } from './shimmedPostgres';
export { connectPostgres, parsePostgresUrl, runSql } from './pgConnect';
export {
  startPostgres,
  findPostgresBinDir,
  LAB_POSTGRES_SETTINGS,
  type PostgresServer,
  type StartPostgresOptions,
} from './postgres';
export { startEtcd, LAB_ETCD_SETTINGS, type EtcdServer, type StartEtcdOptions } from './etcd';
export { startAll } from './startAll';
