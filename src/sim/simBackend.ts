import type { World } from './core/world';
import { NodeClock } from './core/clock';
import type { Backend, Done, OpResult, WriteRequest } from './run/backend';
import { fenceKey, lockKey, type Op, type Script } from './run/script';
import { Network } from './models/network';
import { RedisNode } from './models/redisNode';
import { hashSlot } from './models/hashSlot';
import { RedlockClient } from './models/redlock';
import { PostgresModel } from './models/postgres';
import { EtcdModel } from './models/etcd';
import type { StoredDocument } from './trace/schema';

type AcquireOp = Extract<Op, { f: 'acquire' }>;

/** Redis Cluster's three masters split the 16,384 slots in three ranges. */
const CLUSTER_SLOT_RANGES = [5460, 10922, 16383];

const busy = (note: string): OpResult => ({ type: 'fail', value: { reason: 'busy' }, note });

/**
 * The simulated world behind the backend interface: network delays on every request and reply,
 * the lock models, and the documents table as the storage. Everything runs on the world's
 * virtual clock and PRNG, so one seed gives one run.
 */
export function createSimBackend(script: Script, world: World): Backend {
  const network = new Network(world.prng);
  const pg = new PostgresModel(new NodeClock());
  pg.createDocument(script.resource, script.initialBody);
  pg.seedLease(script.resource, script.initialToken);
  const lock = lockKey(script);
  const fence = fenceKey(script);
  const crashed = new Set<string>();

  /** A request to a server: there, `serve` runs at arrival; its answer travels back. */
  function request<T>(serve: () => T, done: Done<T>, extraMs = 0): void {
    world.after(network.delayMs() + extraMs, () => {
      const answer = serve();
      world.after(network.delayMs(), () => done(answer));
    });
  }

  // Redis, in its shapes: one node, a primary with a lagging replica, a cluster, five for Redlock.
  const redisNodes: RedisNode[] = [];
  let redisPrimary: RedisNode | null = null;
  let replica: RedisNode | null = null;
  let replicationEpoch = 0;
  if (script.lock === 'redis' || script.lock === 'redis-replicated') {
    redisPrimary = new RedisNode('redis');
    redisNodes.push(redisPrimary);
  }
  if (script.lock === 'redis-replicated') {
    const primary = redisPrimary!;
    const r = new RedisNode('redis-replica');
    replica = r;
    redisNodes.push(r);
    const lagMs = script.replicationLagMs ?? 1;
    // Asynchronous replication: the primary answers first and ships the write later.
    primary.onWrite = (w) => {
      const epoch = replicationEpoch;
      world.after(lagMs, () => {
        if (epoch === replicationEpoch && primary.alive) r.apply(w);
      });
    };
  }
  if (script.lock === 'redis-cluster') {
    for (let i = 1; i <= 3; i++) redisNodes.push(new RedisNode(`redis-${i}`));
  }
  if (script.lock === 'redlock') {
    for (let i = 1; i <= 5; i++) redisNodes.push(new RedisNode(`redis-${i}`));
  }
  const nodeForSlot = (slot: number): RedisNode =>
    redisNodes[CLUSTER_SLOT_RANGES.findIndex((top) => slot <= top)]!;

  // The fence counter exists before the run, so tokens start above it.
  if (script.lock === 'redis-cluster')
    nodeForSlot(hashSlot(fence)).put(fence, String(script.initialToken));
  else if (redisPrimary) {
    redisPrimary.put(fence, String(script.initialToken));
    replica?.apply({
      kind: 'set',
      key: fence,
      value: String(script.initialToken),
      expireAtLocalMs: null,
    });
  }

  const redlock = script.lock === 'redlock' ? new RedlockClient(world, network, redisNodes) : null;
  const redlockValues = new Map<string, { value: string; unreachable: string[] }>();
  const etcd = script.lock === 'etcd' ? new EtcdModel() : null;
  const etcdLeases = new Map<string, number>();

  const nodeClock = (name: string): NodeClock | null => {
    const node = redisNodes.find((n) => n.name === name);
    if (node) return node.clock;
    if (name === 'postgres') return pg.clock;
    if (name === 'etcd' && etcd) return etcd.clock;
    return null;
  };

  /** Drops answers to a client that has crashed: nobody is there to hear them. */
  const toLive =
    (actor: string, done: Done<OpResult>): Done<OpResult> =>
    (r) => {
      if (!crashed.has(actor)) done(r);
    };

  function acquire(actor: string, op: AcquireOp, done: Done<OpResult>): void {
    const reply = toLive(actor, done);
    switch (script.lock) {
      case 'redis':
      case 'redis-replicated':
        request<OpResult>(() => {
          const node = redisPrimary!;
          if (!node.alive)
            return {
              type: 'fail',
              value: { reason: 'down' },
              note: 'Redis is down: no new work starts',
            };
          const token = node.acquire(lock, fence, op.ttlMs, world.nowMs());
          return token === null ? busy('the lock is held') : { type: 'ok', value: { token } };
        }, reply);
        return;
      case 'redis-cluster':
        request<OpResult>(() => {
          if (hashSlot(lock) !== hashSlot(fence)) {
            return {
              type: 'fail',
              value: { reason: 'CROSSSLOT', lockSlot: hashSlot(lock), fenceSlot: hashSlot(fence) },
              note: "CROSSSLOT Keys in request don't hash to the same slot",
            };
          }
          const node = nodeForSlot(hashSlot(lock));
          const token = node.acquire(lock, fence, op.ttlMs, world.nowMs());
          return token === null
            ? busy('the lock is held')
            : { type: 'ok', value: { token, node: node.name, slot: hashSlot(lock) } };
        }, reply);
        return;
      case 'redlock': {
        const value = `${actor}:${world.prng.hex(8)}`;
        const unreachable = op.unreachable ?? [];
        redlockValues.set(actor, { value, unreachable });
        redlock!.acquire(lock, value, op.ttlMs, unreachable, (r) => {
          if (r.ok) {
            reply({
              type: 'ok',
              value: {
                token: null,
                nodes: r.nodes,
                validityMs: Math.round(r.validityMs * 1000) / 1000,
              },
              note: `holds ${r.nodes.length} of 5 nodes; Redlock gives no token`,
            });
          } else {
            reply({
              type: 'fail',
              value: { reason: 'no-majority', nodes: r.nodes },
              note: r.reason,
            });
          }
        });
        return;
      }
      case 'pg-lease':
        request<OpResult>(() => {
          const token = pg.leaseTake(script.resource, actor, op.ttlMs, world.nowMs());
          return token === null ? busy('a live lease exists') : { type: 'ok', value: { token } };
        }, reply);
        return;
      case 'pg-advisory':
        request<OpResult>(
          () =>
            pg.beginWithAdvisoryLock(actor, script.resource)
              ? {
                  type: 'ok',
                  value: { token: null },
                  note: 'holds the advisory lock in its transaction',
                }
              : busy('another transaction holds the advisory lock'),
          reply,
        );
        return;
      case 'etcd':
        request<OpResult>(() => {
          const leaseId = etcd!.grant(op.ttlMs, world.nowMs());
          const token = etcd!.putIfAbsent(lock, actor, leaseId, world.nowMs());
          if (token === null) {
            etcd!.revoke(leaseId);
            return busy('the key exists');
          }
          etcdLeases.set(actor, leaseId);
          return {
            type: 'ok',
            value: { token, leaseTtlMs: etcd!.grantedTtlMs(op.ttlMs) },
          };
        }, reply);
        return;
    }
  }

  function release(
    actor: string,
    token: number | null,
    blind: boolean,
    done: Done<OpResult>,
  ): void {
    const reply = toLive(actor, done);
    const released = (n: number, what: string): OpResult =>
      n > 0
        ? { type: 'ok', value: { released: n } }
        : { type: 'fail', value: { released: 0 }, note: what };
    switch (script.lock) {
      case 'redis':
      case 'redis-replicated':
      case 'redis-cluster':
        request<OpResult>(() => {
          const node =
            script.lock === 'redis-cluster' ? nodeForSlot(hashSlot(lock)) : redisPrimary!;
          return blind
            ? released(node.blindRelease(lock, world.nowMs()), 'no lock to delete')
            : released(
                node.release(lock, token, world.nowMs()),
                'the lock holds another token: nothing deleted',
              );
        }, reply);
        return;
      case 'redlock': {
        const held = redlockValues.get(actor);
        if (!held) {
          reply(released(0, 'never held'));
          return;
        }
        redlock!.release(lock, held.value, held.unreachable, (n) =>
          reply(released(n, 'the key was gone on every node')),
        );
        return;
      }
      case 'pg-lease':
        request<OpResult>(
          () => released(pg.leaseGiveBack(script.resource, token), 'the lease has a newer fence'),
          reply,
        );
        return;
      case 'pg-advisory':
        request<OpResult>(
          () =>
            pg.commit(actor)
              ? { type: 'ok', value: { committed: true } }
              : {
                  type: 'fail',
                  value: { committed: false, reason: 'terminated' },
                  note: 'the connection was terminated: the transaction rolled back',
                },
          reply,
        );
        return;
      case 'etcd':
        request<OpResult>(
          () =>
            released(
              etcd!.deleteIfRevision(lock, token, world.nowMs()) ? 1 : 0,
              'the key has another revision',
            ),
          reply,
        );
        return;
    }
  }

  function extend(actor: string, token: number | null, ttlMs: number, done: Done<OpResult>): void {
    const reply = toLive(actor, done);
    const extended = (ok: boolean): OpResult =>
      ok
        ? { type: 'ok', value: { extended: 1 } }
        : { type: 'fail', value: { extended: 0 }, note: 'the lock is no longer ours' };
    switch (script.lock) {
      case 'redis':
      case 'redis-replicated':
      case 'redis-cluster':
        request<OpResult>(() => {
          const node =
            script.lock === 'redis-cluster' ? nodeForSlot(hashSlot(lock)) : redisPrimary!;
          return extended(node.extend(lock, token, ttlMs, world.nowMs()) === 1);
        }, reply);
        return;
      case 'pg-lease':
        request<OpResult>(
          () => extended(pg.leaseExtend(script.resource, token, ttlMs, world.nowMs()) === 1),
          reply,
        );
        return;
      case 'etcd':
        request<OpResult>(() => {
          const leaseId = etcdLeases.get(actor);
          return extended(leaseId !== undefined && etcd!.keepAlive(leaseId, world.nowMs()));
        }, reply);
        return;
      default:
        reply({ type: 'fail', value: { extended: 0 }, note: `${script.lock} has no extend here` });
    }
  }

  function write(actor: string, w: WriteRequest, done: Done<OpResult>): void {
    const reply = toLive(actor, done);
    request<OpResult>(
      () => {
        if (script.lock === 'pg-advisory') {
          if (!pg.writeInTransaction(actor, script.resource, w.body)) {
            return {
              type: 'fail',
              value: { body: w.body, token: w.token, reason: 'terminated' },
              note: 'the connection was terminated',
            };
          }
          return {
            type: 'ok',
            value: {
              body: w.body,
              token: w.token,
              fence: pg.document(script.resource).fence,
              pending: true,
            },
            note: 'inside the transaction',
          };
        }
        const fenced = w.fencing && w.token !== null;
        const rows = fenced
          ? pg.fencedWrite(script.resource, w.body, w.token!)
          : pg.plainWrite(script.resource, w.body);
        const fenceNow = pg.document(script.resource).fence;
        if (rows === 1)
          return {
            type: 'ok',
            value: { body: w.body, token: w.token, fence: fenceNow, seq: pg.writesApplied },
          };
        return {
          type: 'fail',
          value: { body: w.body, token: w.token, fence: fenceNow, reason: 'stale-token' },
          note: `rejected: token ${w.token} is lower than the fence ${fenceNow}`,
        };
      },
      reply,
      w.heldMs,
    );
  }

  function fault(
    op: Extract<Op, { f: 'clock-jump' | 'failover' | 'terminate' }>,
    done: Done<OpResult>,
  ): void {
    switch (op.f) {
      case 'clock-jump': {
        const clock = nodeClock(op.node);
        if (!clock) {
          done({ type: 'fail', value: { node: op.node }, note: `no node named ${op.node}` });
          return;
        }
        clock.step(world.nowMs(), op.byMs);
        done({ type: 'info', value: { node: op.node, byMs: op.byMs } });
        return;
      }
      case 'failover': {
        if (!redisPrimary || !replica) {
          done({ type: 'fail', note: 'no replica to promote' });
          return;
        }
        // The primary dies with writes it has not shipped; the replica becomes the primary.
        redisPrimary.alive = false;
        replicationEpoch++;
        redisPrimary = replica;
        replica = null;
        done({
          type: 'info',
          value: { promoted: 'redis-replica' },
          note: 'the replica was promoted before it received the lock',
        });
        return;
      }
      case 'terminate':
        request<OpResult>(() => {
          pg.terminate(op.target);
          return { type: 'info', value: { target: op.target } };
        }, done);
        return;
    }
  }

  return {
    acquire,
    release,
    extend,
    write,
    fault,
    crash(actor) {
      crashed.add(actor);
      // A dead client's connection closes: Postgres ends its transaction; etcd's lease lapses.
      if (script.lock === 'pg-advisory') pg.terminate(actor);
    },
    readDocument(done: Done<StoredDocument>) {
      request<StoredDocument>(() => pg.document(script.resource), done);
    },
  };
}
