// The servers the real backends run on, started when first needed and kept for the next run
// (except the failover's primary and replica: each failover kills a primary, so every run gets
// a fresh pair). Servers handed in from outside (the lab tests' global setup) are used as they
// are and never stopped here.
import { readLockSource } from '../lockSources';
import {
  runSql,
  startEtcd,
  startPostgres,
  startRedis,
  startRedisCluster,
  startRedisNodes,
  startRedisReplication,
  startShimmedPostgres,
  type RedisClusterServer,
  type RedisNodeSet,
  type RedisReplication,
  type ShimmedPostgres,
} from '../servers';
import type { RedisTarget } from './redis';

/** What a trace records of a server: its version and the settings that change what runs mean. */
export interface ServerInfo {
  version: string;
  settings: Record<string, string>;
}

export interface ProvidedServers {
  databaseUrl?: string;
  redisUrl?: string;
  etcdEndpoints?: string[];
}

interface Stoppable {
  stop(): Promise<void>;
}

const UNKNOWN: ServerInfo = { version: 'unknown', settings: {} };

/** The lab's own Postgres with the documents and leases tables; stopped again if that fails. */
async function withSchema<T extends { url: string; stop(): Promise<void> }>(pg: T): Promise<T> {
  // A server named by DATABASE_URL may have the tables already; the lab's own never does.
  const schema = readLockSource('schema').replaceAll(
    'CREATE TABLE ',
    'CREATE TABLE IF NOT EXISTS ',
  );
  try {
    await runSql(pg.url, schema);
  } catch (error) {
    await pg.stop();
    throw error;
  }
  return pg;
}

export class ServerPool {
  private readonly started: Stoppable[] = [];
  private readonly cache = new Map<string, Promise<unknown>>();
  private readonly starting = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(private readonly provided: ProvidedServers = {}) {}

  private once<T extends ServerInfo>(
    name: string,
    start: () => Promise<T & Partial<Stoppable>>,
  ): Promise<T> {
    // Started after stop() nothing would ever stop it.
    if (this.stopped) return Promise.reject(new Error('the server pool is stopped'));
    let promise = this.cache.get(name) as Promise<T> | undefined;
    if (!promise) {
      promise = start().then(async (server) => {
        if (this.stopped) {
          // stop() came while it started and has let go of its list: stop it here.
          await server.stop?.();
          throw new Error('the server pool was stopped while a server started');
        }
        if (server.stop) this.started.push(server as Stoppable);
        return server;
      });
      // A failed start is not cached: the next caller gets the same clear error afresh.
      promise.catch(() => this.cache.delete(name));
      this.cache.set(name, promise);
    }
    return promise;
  }

  /** Postgres with the documents and leases tables. */
  postgres(): Promise<ServerInfo & { url: string }> {
    return this.once('postgres', async () => {
      if (this.provided.databaseUrl) return { ...UNKNOWN, url: this.provided.databaseUrl };
      return withSchema(await startPostgres());
    });
  }

  /**
   * A Postgres of the pool's own under the clock shim, with the tables: never the provided one,
   * whose clock nothing here can move. Throws SkippedError without gcc.
   */
  shimmedPostgres(): Promise<ShimmedPostgres> {
    return this.once('postgres-shim', async () => withSchema(await startShimmedPostgres()));
  }

  redis(): Promise<ServerInfo & RedisTarget> {
    return this.once('redis', async () => {
      if (this.provided.redisUrl) {
        const url = new URL(this.provided.redisUrl);
        return {
          ...UNKNOWN,
          url: this.provided.redisUrl,
          host: url.hostname,
          port: Number(url.port || 6379),
          server: 'Redis',
        };
      }
      const redis = await startRedis();
      return Object.assign(redis, { server: 'Redis' });
    });
  }

  /**
   * One Redis of the pool's own under the clock shim (a set of one node): never the provided one,
   * whose clock nothing here can move. Throws SkippedError without gcc.
   */
  shimmedRedis(): Promise<RedisNodeSet> {
    return this.once('redis-shim', () =>
      startRedisNodes({ count: 1, clockShim: true, names: ['Redis'] }),
    );
  }

  /** A new primary with its replica; the caller stops it after its one failover. */
  async freshReplication(): Promise<RedisReplication> {
    if (this.stopped) throw new Error('the server pool is stopped');
    const starting = startRedisReplication();
    // stop() waits for a pair still starting, as it does for the cached servers.
    this.starting.add(starting);
    try {
      const pair = await starting;
      if (this.stopped) {
        await pair.stop();
        throw new Error('the server pool was stopped while a server started');
      }
      this.started.push(pair);
      return pair;
    } finally {
      this.starting.delete(starting);
    }
  }

  redisCluster(): Promise<RedisClusterServer> {
    return this.once('redis-cluster', () => startRedisCluster({ masters: 3 }));
  }

  /** Five independent nodes; with the clock shim, each node's wall clock can be stepped. */
  redisNodes(clockShim: boolean): Promise<RedisNodeSet> {
    return this.once(clockShim ? 'redlock-shim' : 'redlock', () =>
      startRedisNodes({ count: 5, clockShim }),
    );
  }

  etcd(): Promise<ServerInfo & { endpoints: string[] }> {
    return this.once('etcd', async () => {
      if (this.provided.etcdEndpoints)
        return { ...UNKNOWN, endpoints: this.provided.etcdEndpoints };
      return startEtcd();
    });
  }

  /** Stops every server this pool started, also the ones that are still starting. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.cache.values(), ...this.starting]);
    // Nothing cached may hand out the address of a server that is gone.
    this.cache.clear();
    await Promise.allSettled(this.started.splice(0).map((s) => s.stop()));
  }
}
