// Redlock on 5 real, independent Redis nodes: SET NX PX with one random value per attempt, node
// by node, each with a short timeout; a majority within the validity time wins. A node the
// client cannot reach (a partition) is never contacted and costs the timeout, as in the
// simulator. Redlock hands out no token, so writes go to the storage unfenced.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Done, OpResult } from '../../sim/run/backend';
import { lockKey, type Script } from '../../sim/run/script';
import { redlockQuorum, redlockValidityMs } from '../../sim/models/redlock';
import { connectRedis, type RedisNodeSet } from '../servers';
import { loadLockSources } from '../lockSources';
import { PgStorage } from './pgStorage';
import { storageCalls } from './storageCalls';
import {
  ActorCalls,
  cannotInject,
  clientActors,
  released,
  onServer,
  sleepMs,
  type FatalHandler,
  type RealBackend,
} from './realBackend';
import { evalLockScript } from './redisLockScripts';
import { ServerClock, startClocks } from './serverClock';

/**
 * What an unreachable node costs: the simulator's Redlock timeout. Such a node is never
 * contacted, so this is the time a request to it would wait before the client moves on.
 */
export const REDLOCK_UNREACHABLE_COST_MS = 10;

/**
 * How long a real SET may take before the node counts as not acquired. Small against the TTL,
 * as Redlock's description asks, but above the 10 ms the simulator uses: on a busy 2-core
 * machine a loopback round trip now and then takes longer than that, and a node lost that way
 * would change the outcome.
 */
export const REDLOCK_COMMAND_TIMEOUT_MS = 50;

const nodeName = (index: number) => `redis-${index + 1}`;

export async function createRedlockBackend(
  script: Script,
  servers: { nodes: RedisNodeSet; databaseUrl: string },
  fatal: FatalHandler,
): Promise<RealBackend> {
  const key = lockKey(script);
  const calls = new ActorCalls(fatal);
  const actors = clientActors(script);
  const { nodes } = servers;
  const names = nodes.nodes.map((_, i) => nodeName(i));
  const connections = new Map<string, Redis[]>();
  const held = new Map<string, { value: string; unreachable: string[] }>();
  const at = {
    name: 'Redis (Redlock nodes)',
    address: nodes.ports.map((p) => `${nodes.host}:${p}`).join(','),
  };

  const admins: Redis[] = [];
  // Each node's clock, when the nodes run under the shim: read through that node's admin link.
  const clocks: ServerClock[] = [];
  let zeroWallMs: number | null = null;
  let storage: PgStorage;
  // Closed again if a later step of the setup fails: its connections and proxies would leak.
  let opened: PgStorage | null = null;
  const disconnectAll = () => {
    for (const list of connections.values()) for (const c of list) c.disconnect();
    connections.clear();
  };
  /** Names the node in an error from its driver. */
  const onNode = <T>(i: number, work: () => Promise<T>) =>
    onServer(`Redis node ${i + 1}`, `${nodes.host}:${nodes.ports[i]}`, work);
  try {
    for (const [i, node] of nodes.nodes.entries()) {
      const admin = await connectRedis(node, { server: `Redis node ${i + 1}` });
      admins.push(admin);
      await onNode(i, () => admin.del(key));
    }
    storage = opened = await PgStorage.open(servers.databaseUrl, script, actors);
    for (const actor of actors) {
      const list: Redis[] = [];
      connections.set(actor, list);
      for (const [i, node] of nodes.nodes.entries()) {
        const redis = await connectRedis(node, { server: `Redis node ${i + 1}` });
        // Set after connecting: the timeout is for the lock's requests, not for the handshake.
        redis.options.commandTimeout = REDLOCK_COMMAND_TIMEOUT_MS;
        list.push(redis);
      }
    }
    if (nodes.clockShim) {
      for (const [i, admin] of admins.entries()) {
        const clock = new ServerClock({
          node: nodeName(i),
          write: (setting) => nodes.setClock(i, setting),
          readMs: () =>
            onNode(i, async () => {
              const [seconds = 0, micros = 0] = await admin.time();
              return Number(seconds) * 1000 + Number(micros) / 1000;
            }),
        });
        clocks.push(clock);
      }
      // Last, so that the run waits as little as it can for its clocks' zero, one for all.
      zeroWallMs = await startClocks(clocks, script.clocks);
    }
  } catch (error) {
    await opened?.close().catch(() => undefined);
    for (const admin of admins) admin.disconnect();
    disconnectAll();
    for (const clock of clocks) await clock.reset().catch(() => undefined);
    throw error;
  }
  const sources = loadLockSources();

  /** Deletes the key wherever it still holds this value (release.lua compares first). */
  async function releaseAll(actor: string, value: string, unreachable: string[]): Promise<number> {
    let count = 0;
    const list = connections.get(actor) ?? [];
    for (const [i, redis] of list.entries()) {
      if (unreachable.includes(nodeName(i))) {
        await sleepMs(REDLOCK_UNREACHABLE_COST_MS);
        continue;
      }
      count += Number(await evalLockScript(redis, sources.release, [key], [value]).catch(() => 0));
    }
    return count;
  }

  async function acquire(actor: string, ttlMs: number, unreachable: string[]): Promise<OpResult> {
    const value = `${actor}:${randomBytes(8).toString('hex')}`;
    held.set(actor, { value, unreachable });
    const list = connections.get(actor) ?? [];
    const startMs = performance.now();
    const got: string[] = [];
    for (const [i, redis] of list.entries()) {
      if (unreachable.includes(nodeName(i))) {
        // Not contacted: the request would go unanswered until the timeout.
        await sleepMs(REDLOCK_UNREACHABLE_COST_MS);
        continue;
      }
      try {
        if ((await redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK') got.push(nodeName(i));
      } catch (error) {
        // A node that times out counts as not acquired; a refused connection is a dead server.
        if (!(error instanceof Error) || !/timed? ?out/i.test(error.message)) throw error;
      }
    }
    const elapsedMs = performance.now() - startMs;
    const validityMs = redlockValidityMs(ttlMs, elapsedMs);
    const quorum = redlockQuorum(list.length);
    if (got.length >= quorum && validityMs > 0) {
      return {
        type: 'ok',
        value: { token: null, nodes: got, validityMs: Math.round(validityMs * 1000) / 1000 },
        note: `holds ${got.length} of ${list.length} nodes; Redlock gives no token`,
      };
    }
    await releaseAll(actor, value, unreachable);
    return {
      type: 'fail',
      value: { reason: 'no-majority', nodes: got },
      note:
        got.length < quorum
          ? `got ${got.length} of ${list.length} nodes, needs ${quorum}`
          : `validity ran out (${validityMs.toFixed(1)} ms)`,
    };
  }

  /** Steps one node's wall clock through the shim, and waits until the node's TIME shows it. */
  async function clockJump(node: string, byMs: number): Promise<OpResult> {
    if (!names.includes(node))
      return { type: 'fail', value: { node }, note: `no node named ${node}` };
    const clock = clocks.find((c) => c.node === node);
    if (!clock) {
      return { type: 'fail', value: { node }, note: 'these nodes run without the clock shim' };
    }
    return clock.step(byMs);
  }

  return {
    name: 'redlock+postgres',
    ...(zeroWallMs === null ? {} : { zeroWallMs }),
    acquire(actor, op, done) {
      calls.call(actor, at, () => acquire(actor, op.ttlMs, op.unreachable ?? []), done);
    },
    release(actor, _token, _blind, done) {
      calls.call(
        actor,
        at,
        async () => {
          const h = held.get(actor);
          if (!h) return released(0, 'never held');
          return released(
            await releaseAll(actor, h.value, h.unreachable),
            'the key was gone on every node',
          );
        },
        done,
      );
    },
    extend(_actor, _token, _ttlMs, done) {
      done({ type: 'fail', value: { extended: 0 }, note: 'redlock has no extend here' });
    },
    ...storageCalls(calls, storage),
    fault(op, done: Done<OpResult>) {
      if (op.f !== 'clock-jump') {
        cannotInject(op, done);
        return;
      }
      calls.call(null, at, () => clockJump(op.node, op.byMs), done);
    },
    crash(actor) {
      calls.markCrashed(actor);
      for (const c of connections.get(actor) ?? []) c.disconnect();
      connections.delete(actor);
      void storage.drop(actor);
    },
    async close() {
      for (const admin of admins) admin.disconnect();
      disconnectAll();
      await storage.close();
      // The next run on these nodes starts with true clocks.
      for (const clock of clocks) await clock.reset().catch(() => undefined);
    },
  };
}
