// Which real backend runs which lock, and the servers each needs from the pool.
import type { Script } from '../../sim/run/script';
import { needsClockShim, refuseUnmovableClocks } from './clockNodes';
import { createEtcdBackend } from './etcd';
import { createPgAdvisoryBackend } from './pgAdvisory';
import { createPgLeaseBackend } from './pgLease';
import type { FatalHandler, RealBackend } from './realBackend';
import { createRedisBackend } from './redis';
import { createRedisClusterBackend } from './redisCluster';
import { createRedisReplicatedBackend } from './redisReplicated';
import { createRedlockBackend } from './redlock';
import type { ServerInfo, ServerPool } from './serverPool';
import type { ShimClockSetting } from '../servers';

export type { RealBackend } from './realBackend';
export { clockNodes, needsClockShim, unmovableClocks } from './clockNodes';
export { ServerPool, type ProvidedServers, type ServerInfo } from './serverPool';

export interface OpenedBackend {
  backend: RealBackend;
  /** The servers it ran on, for the trace's environment. */
  servers: { redis?: ServerInfo; postgres: ServerInfo; etcd?: ServerInfo };
  /** Closes the backend's connections and stops any server that was only for this run. */
  close(): Promise<void>;
}

export async function openRealBackend(
  script: Script,
  pool: ServerPool,
  fatal: FatalHandler,
): Promise<OpenedBackend> {
  // A clock the servers cannot move would be ignored, and the trace would claim what did not
  // happen: refuse before any server is asked for.
  refuseUnmovableClocks(script);
  const shim = needsClockShim(script);
  if (shim && script.lock === 'pg-lease') {
    // The lease and the documents live in one database, so both move to the shimmed one; the
    // fenced write compares tokens only, so its clock changes nothing there.
    const postgres = await pool.shimmedPostgres();
    const backend = await createPgLeaseBackend(
      script,
      { databaseUrl: postgres.url, setClock: (setting) => postgres.setClock(setting) },
      fatal,
    );
    return { backend, servers: { postgres }, close: () => backend.close() };
  }
  const postgres = await pool.postgres();
  const databaseUrl = postgres.url;
  const simple = async (
    backend: Promise<RealBackend>,
    extra: Partial<OpenedBackend['servers']> = {},
  ) => {
    const b = await backend;
    return { backend: b, servers: { postgres, ...extra }, close: () => b.close() };
  };
  switch (script.lock) {
    case 'redis': {
      if (shim) {
        const nodes = await pool.shimmedRedis();
        const redis = { ...nodes.nodes[0]!, server: 'Redis' };
        const setClock = (setting: ShimClockSetting) => nodes.setClock(0, setting);
        return simple(createRedisBackend(script, { redis, databaseUrl, setClock }, fatal), {
          redis: nodes,
        });
      }
      const redis = await pool.redis();
      return simple(createRedisBackend(script, { redis, databaseUrl }, fatal), { redis });
    }
    case 'redis-replicated': {
      const pair = await pool.freshReplication();
      try {
        const backend = await createRedisReplicatedBackend(script, { pair, databaseUrl }, fatal);
        return {
          backend,
          servers: { postgres, redis: pair },
          async close() {
            await backend.close();
            await pair.stop();
          },
        };
      } catch (error) {
        await pair.stop();
        throw error;
      }
    }
    case 'redis-cluster': {
      const cluster = await pool.redisCluster();
      return simple(createRedisClusterBackend(script, { cluster, databaseUrl }, fatal), {
        redis: cluster,
      });
    }
    case 'redlock': {
      const nodes = await pool.redisNodes(shim);
      return simple(createRedlockBackend(script, { nodes, databaseUrl }, fatal), { redis: nodes });
    }
    case 'pg-lease':
      return simple(createPgLeaseBackend(script, { databaseUrl }, fatal));
    case 'pg-advisory':
      return simple(createPgAdvisoryBackend(script, { databaseUrl }, fatal));
    case 'etcd': {
      const etcd = await pool.etcd();
      return simple(createEtcdBackend(script, { endpoints: etcd.endpoints, databaseUrl }, fatal), {
        etcd,
      });
    }
  }
}
