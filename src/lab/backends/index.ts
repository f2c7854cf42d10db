// Which real backend runs which lock, and the servers each needs from the pool.
import type { Script } from '../../sim/run/script';
import { createEtcdBackend } from './etcd';
import { createPgAdvisoryBackend } from './pgAdvisory';
import { createPgLeaseBackend } from './pgLease';
import type { FatalHandler, RealBackend } from './realBackend';
import { createRedisBackend } from './redis';
import { createRedisClusterBackend } from './redisCluster';
import { createRedisReplicatedBackend } from './redisReplicated';
import { createRedlockBackend } from './redlock';
import type { ServerInfo, ServerPool } from './serverPool';

export type { RealBackend } from './realBackend';
export { ServerPool, type ProvidedServers, type ServerInfo } from './serverPool';

export interface OpenedBackend {
  backend: RealBackend;
  /** The servers it ran on, for the trace's environment. */
  servers: { redis?: ServerInfo; postgres: ServerInfo; etcd?: ServerInfo };
  /** Closes the backend's connections and stops any server that was only for this run. */
  close(): Promise<void>;
}

/** A script that steps a node's clock needs nodes that run under the clock shim. */
export function needsClockShim(script: Script): boolean {
  return Object.values(script.actors).some((steps) => steps.some((s) => s.op.f === 'clock-jump'));
}

export async function openRealBackend(
  script: Script,
  pool: ServerPool,
  fatal: FatalHandler,
): Promise<OpenedBackend> {
  // Real servers keep their own clocks: a script that sets an offset or a drift would run here
  // as though it had not, and the trace would claim what did not happen.
  const clocks = Object.keys(script.clocks ?? {});
  if (clocks.length > 0) {
    throw new Error(
      `the script sets the clock of ${clocks.join(', ')}; only the simulator can offset or drift a server's clock`,
    );
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
      const nodes = await pool.redisNodes(needsClockShim(script));
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
