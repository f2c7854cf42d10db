// The lock on a real 3-master Redis Cluster. A script may only touch keys of one hash slot:
// without hash tags, lock:report and fence:report live in different slots and the cluster
// refuses the acquire with CROSSSLOT, which this backend reports as the acquire's failure.
import { Cluster } from 'ioredis';
import type { OpResult } from '../../sim/run/backend';
import { fenceKey, lockKey, type Script } from '../../sim/run/script';
import type { RedisClusterServer } from '../servers';
import { PgStorage } from './pgStorage';
import { storageCalls } from './storageCalls';
import {
  ActorCalls,
  cannotInject,
  clientActors,
  type FatalHandler,
  type RealBackend,
} from './realBackend';
import { acquireWithScript, extendWithScript, releaseWithScript } from './redisLockScripts';

async function connectCluster(cluster: RedisClusterServer): Promise<Cluster> {
  const client = new Cluster(cluster.endpoints, {
    redisOptions: { maxRetriesPerRequest: 0, connectTimeout: 2_000 },
    clusterRetryStrategy: () => null,
    enableOfflineQueue: true,
  });
  client.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    client.once('ready', () => resolve());
    client.once('end', () => reject(new Error('the cluster client could not connect')));
  });
  return client;
}

export async function createRedisClusterBackend(
  script: Script,
  servers: { cluster: RedisClusterServer; databaseUrl: string },
  fatal: FatalHandler,
): Promise<RealBackend> {
  const lock = lockKey(script);
  const fence = fenceKey(script);
  const calls = new ActorCalls(fatal);
  const actors = clientActors(script);
  const clients = new Map<string, Cluster>();
  const { cluster } = servers;
  const at = {
    name: 'Redis Cluster',
    address: cluster.endpoints.map((e) => `${e.host}:${e.port}`).join(','),
  };

  const admin = await connectCluster(cluster);
  let storage: PgStorage;
  // Closed again if a later step of the setup fails: its connections and proxies would leak.
  let opened: PgStorage | null = null;
  try {
    // Each key on its own node where they differ: single-key commands are always allowed.
    await admin.del(lock);
    await admin.set(fence, String(script.initialToken));
    storage = opened = await PgStorage.open(servers.databaseUrl, script, actors);
    for (const actor of actors) clients.set(actor, await connectCluster(cluster));
  } catch (error) {
    await opened?.close().catch(() => undefined);
    admin.disconnect();
    for (const c of clients.values()) c.disconnect();
    throw error;
  }

  /** The slot of a key and the master serving it, as the cluster itself says. */
  async function slotOf(key: string): Promise<number> {
    return Number(await admin.cluster('KEYSLOT', key));
  }
  function nodeOf(slot: number): string {
    const keys = admin.slots[slot] ?? [];
    const master = keys[0] ?? '';
    const index = cluster.endpoints.findIndex((e) => `${e.host}:${e.port}` === master);
    return index >= 0 ? `redis-${index + 1}` : master;
  }
  const client = (actor: string): Cluster => {
    const c = clients.get(actor);
    if (!c) throw new Error(`${actor} has no cluster connection`);
    return c;
  };

  return {
    name: 'redis-cluster+postgres',
    acquire(actor, op, done) {
      calls.call(
        actor,
        at,
        async (): Promise<OpResult> => {
          try {
            const result = await acquireWithScript(client(actor), lock, fence, op.ttlMs);
            if (result.type !== 'ok') return result;
            const slot = await slotOf(lock);
            return { type: 'ok', value: { ...result.value, node: nodeOf(slot), slot } };
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            if (!message.startsWith('CROSSSLOT')) throw error;
            return {
              type: 'fail',
              value: {
                reason: 'CROSSSLOT',
                lockSlot: await slotOf(lock),
                fenceSlot: await slotOf(fence),
              },
              note: message,
            };
          }
        },
        done,
      );
    },
    release(actor, token, blind, done) {
      calls.call(actor, at, () => releaseWithScript(client(actor), lock, token, blind), done);
    },
    extend(actor, token, ttlMs, done) {
      calls.call(actor, at, () => extendWithScript(client(actor), lock, token, ttlMs), done);
    },
    ...storageCalls(calls, storage),
    fault: cannotInject,
    crash(actor) {
      calls.markCrashed(actor);
      clients.get(actor)?.disconnect();
      clients.delete(actor);
      void storage.drop(actor);
    },
    async close() {
      admin.disconnect();
      for (const c of clients.values()) c.disconnect();
      clients.clear();
      await storage.close();
    },
  };
}
