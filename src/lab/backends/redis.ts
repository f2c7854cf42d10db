// The lock on one real Redis node (acquire.lua, release.lua, extend.lua, blind-release.lua),
// the storage in real Postgres. Every client has its own connections; a crash closes them.
import type { Redis } from 'ioredis';
import { fenceKey, lockKey, type Script } from '../../sim/run/script';
import { loadLockSources } from '../lockSources';
import { connectRedis, type RedisAddress, type ShimClockSetting } from '../servers';
import { clockJumpFault, ServerClock, startClocks } from './serverClock';
import { PgStorage } from './pgStorage';
import { storageCalls } from './storageCalls';
import {
  ActorCalls,
  clientActors,
  onServer,
  type FatalHandler,
  type RealBackend,
} from './realBackend';
import { acquireWithScript, extendWithScript, releaseWithScript } from './redisLockScripts';

export interface RedisTarget extends RedisAddress {
  url?: string;
  /** Its name in messages: "Redis", "Redis replica". */
  server: string;
}

export interface RedisBackendParts {
  backend: RealBackend;
  calls: ActorCalls;
  storage: PgStorage;
  /** The connection an actor uses now (to the current primary). */
  connection(actor: string): Promise<Redis>;
  /** Moves every client to the current target: what clients do after a failover. */
  reconnectAll(): Promise<void>;
  /** The last client that acquired, and on which connection: WAIT needs that very one. */
  lastAcquire(): { actor: string; redis: Redis } | null;
}

/**
 * The backend over whichever node `target()` names: one node for `redis`, and for
 * `redis-replicated` the primary until a failover, then the promoted replica.
 */
export async function createRedisParts(
  script: Script,
  servers: {
    target: () => RedisTarget;
    databaseUrl: string;
    /** Sets the node's clock shim, when it runs under one: then `clocks` and `clock-jump` apply. */
    setClock?: (setting: ShimClockSetting) => Promise<void>;
  },
  fatal: FatalHandler,
  name = 'redis+postgres',
): Promise<RedisBackendParts> {
  const lock = lockKey(script);
  const fence = fenceKey(script);
  const calls = new ActorCalls(fatal);
  const connections = new Map<string, { redis: Redis; target: RedisTarget }>();
  const actors = clientActors(script);
  let last: { actor: string; redis: Redis } | null = null;

  async function connection(actor: string): Promise<Redis> {
    const target = servers.target();
    const open = connections.get(actor);
    if (open && open.target === target) return open.redis;
    open?.redis.disconnect();
    const redis = await connectRedis(target, { server: target.server });
    connections.set(actor, { redis, target });
    return redis;
  }

  // A clean start: no lock, and the counter where the scenario says tokens were.
  const admin = await connectRedis(servers.target(), { server: servers.target().server });
  let storage: PgStorage;
  // Closed again if a later step of the setup fails: its connections and proxies would leak.
  let opened: PgStorage | null = null;
  // The node's clock, read through a connection of its own, when it runs under the shim.
  let clock: ServerClock | null = null;
  let clockReader: Redis | null = null;
  let zeroWallMs: number | null = null;
  const first = servers.target();
  const onRedis = <T>(work: () => Promise<T>) =>
    onServer(first.server, `${first.host}:${first.port}`, work);
  try {
    await onRedis(async () => {
      await admin.del(lock);
      await admin.set(fence, String(script.initialToken));
      // Loaded ahead, so the run's first EVALSHA does not pay for a NOSCRIPT and an EVAL.
      const { acquire, release, extend, blindRelease } = loadLockSources();
      for (const source of [acquire, release, extend, blindRelease])
        await admin.script('LOAD', source);
    });
    storage = opened = await PgStorage.open(servers.databaseUrl, script, actors);
    for (const actor of actors) await connection(actor);
    if (servers.setClock) {
      const reader = (clockReader = await connectRedis(first, { server: first.server }));
      clock = new ServerClock({
        node: 'redis',
        write: servers.setClock,
        readMs: () =>
          onRedis(async () => {
            const [seconds = 0, micros = 0] = await reader.time();
            return Number(seconds) * 1000 + Number(micros) / 1000;
          }),
      });
      // Last, so that the run waits as little as it can for its clock's zero.
      zeroWallMs = await startClocks([clock], script.clocks);
    }
  } catch (error) {
    await opened?.close().catch(() => undefined);
    for (const c of connections.values()) c.redis.disconnect();
    clockReader?.disconnect();
    await clock?.reset().catch(() => undefined);
    throw error;
  } finally {
    admin.disconnect();
  }

  const at = () => {
    const t = servers.target();
    return { name: t.server, address: `${t.host}:${t.port}` };
  };

  const backend: RealBackend = {
    name,
    ...(zeroWallMs === null ? {} : { zeroWallMs }),
    acquire(actor, op, done) {
      calls.call(
        actor,
        at(),
        async () => {
          const redis = await connection(actor);
          const result = await acquireWithScript(redis, lock, fence, op.ttlMs);
          if (result.type === 'ok') last = { actor, redis };
          return result;
        },
        done,
      );
    },
    release(actor, token, blind, done) {
      calls.call(
        actor,
        at(),
        async () => releaseWithScript(await connection(actor), lock, token, blind),
        done,
      );
    },
    extend(actor, token, ttlMs, done) {
      calls.call(
        actor,
        at(),
        async () => extendWithScript(await connection(actor), lock, token, ttlMs),
        done,
      );
    },
    ...storageCalls(calls, storage),
    fault: clockJumpFault(() => clock, calls, at),
    crash(actor) {
      calls.markCrashed(actor);
      connections.get(actor)?.redis.disconnect();
      connections.delete(actor);
      void storage.drop(actor);
    },
    async close() {
      for (const c of connections.values()) c.redis.disconnect();
      connections.clear();
      clockReader?.disconnect();
      await storage.close();
      // The next run on this node starts with a true clock.
      await clock?.reset().catch(() => undefined);
    },
  };
  return {
    backend,
    calls,
    storage,
    connection,
    async reconnectAll() {
      for (const actor of actors) if (!calls.isCrashed(actor)) await connection(actor);
    },
    lastAcquire: () => last,
  };
}

/** `redis`: one node, under the clock shim when `setClock` is given. */
export async function createRedisBackend(
  script: Script,
  servers: {
    redis: RedisTarget;
    databaseUrl: string;
    setClock?: (setting: ShimClockSetting) => Promise<void>;
  },
  fatal: FatalHandler,
): Promise<RealBackend> {
  const parts = await createRedisParts(
    script,
    { target: () => servers.redis, databaseUrl: servers.databaseUrl, setClock: servers.setClock },
    fatal,
  );
  return parts.backend;
}
