import type { World } from './core/world';
import { NodeClock } from './core/clock';
import type { Backend, Done, OpResult, WriteRequest } from './run/backend';
import { fenceKey, lockKey, type LockKind, type Op, type Script } from './run/script';
import { Network } from './models/network';
import { RedisNode } from './models/redisNode';
import { RedisReplication } from './models/redisReplication';
import { hashSlot } from './models/hashSlot';
import { RedlockClient } from './models/redlock';
import { PostgresModel } from './models/postgres';
import { EtcdModel } from './models/etcd';
import type { StoredDocument } from './trace/schema';

type AcquireOp = Extract<Op, { f: 'acquire' }>;
type FaultOp = Extract<Op, { f: 'clock-jump' | 'failover' | 'terminate' }>;

/** Redis Cluster's three masters split the 16,384 slots in three ranges. */
const CLUSTER_SLOT_RANGES = [5460, 10922, 16383];

const busy = (note: string): OpResult => ({ type: 'fail', value: { reason: 'busy' }, note });
const released = (n: number, what: string): OpResult =>
  n > 0
    ? { type: 'ok', value: { released: n } }
    : { type: 'fail', value: { released: 0 }, note: what };
const extended = (ok: boolean): OpResult =>
  ok
    ? { type: 'ok', value: { extended: 1 } }
    : { type: 'fail', value: { extended: 0 }, note: 'the lock is no longer ours' };
const isRedis = (lock: LockKind): boolean =>
  lock === 'redis' || lock === 'redis-replicated' || lock === 'redis-cluster';

/**
 * The key names of each script, worked out once: a seed sweep builds a backend per run from one
 * script, and the same string objects keep their hashes for the keyspace maps.
 */
const keysOf = new WeakMap<Script, { lock: string; fence: string }>();

/**
 * The simulated world behind the backend interface: network delays on every request and reply,
 * the lock models, and the documents table as the storage. Everything runs on the world's
 * virtual clock and PRNG, so one seed gives one run.
 *
 * It is a class, and builds only the models its lock needs, because the benchmark and the
 * property tests build one per run, hundreds of thousands of times.
 */
export class SimBackend implements Backend {
  private readonly network: Network;
  /** Postgres is always there: its documents table is the storage every scenario writes to. */
  private readonly pg: PostgresModel;
  private readonly lock: string;
  private readonly fence: string;
  /** Redis, in its shapes: one node, a primary with a lagging replica, a cluster, five for Redlock. */
  private readonly redisNodes: RedisNode[] = [];
  /** The node single-key scripts run on outside a cluster; after a failover, the promoted one. */
  private redisPrimary: RedisNode | null = null;
  private replication: RedisReplication | null = null;
  private readonly redlock: RedlockClient | null = null;
  private redlockValues: Map<string, { value: string; unreachable: string[] }> | null = null;
  private readonly etcd: EtcdModel | null = null;
  private etcdLeases: Map<string, number> | null = null;
  /** Clients that have crashed: answers to them are dropped, nobody is there to hear them. */
  private crashed: string[] | null = null;

  constructor(
    private readonly script: Script,
    private readonly world: World,
  ) {
    this.network = new Network(world.prng);
    this.pg = new PostgresModel(new NodeClock());
    this.pg.documents.create(script.resource, script.initialBody);
    // The lease row exists where the lease is the lock; it has given out tokens before the run.
    if (script.lock === 'pg-lease') this.pg.seedLease(script.resource, script.initialToken);
    let keys = keysOf.get(script);
    if (keys === undefined) {
      keys = { lock: lockKey(script), fence: fenceKey(script) };
      keysOf.set(script, keys);
    }
    this.lock = keys.lock;
    this.fence = keys.fence;
    switch (script.lock) {
      case 'redis':
        this.redisPrimary = this.addRedisNode('redis');
        break;
      case 'redis-replicated':
        this.replication = new RedisReplication(
          this.addRedisNode('redis'),
          this.addRedisNode('redis-replica'),
          script.replicationLagMs ?? 1,
          world,
        );
        this.redisPrimary = this.replication.primary;
        break;
      case 'redis-cluster':
        for (let i = 1; i <= 3; i++) this.addRedisNode(`redis-${i}`);
        break;
      case 'redlock':
        for (let i = 1; i <= 5; i++) this.addRedisNode(`redis-${i}`);
        this.redlock = new RedlockClient(world, this.network, this.redisNodes);
        break;
      case 'etcd':
        this.etcd = new EtcdModel();
        break;
      case 'pg-lease':
      case 'pg-advisory':
        break;
    }
    // The fence counter exists before the run, so tokens start above it.
    const initial = String(script.initialToken);
    if (script.lock === 'redis-cluster')
      this.nodeForSlot(hashSlot(this.fence)).put(this.fence, initial);
    else if (this.replication) this.replication.seed(this.fence, initial);
    else this.redisPrimary?.put(this.fence, initial);
  }

  private addRedisNode(name: string): RedisNode {
    const node = new RedisNode(name);
    this.redisNodes.push(node);
    return node;
  }

  private nodeForSlot(slot: number): RedisNode {
    return this.redisNodes[CLUSTER_SLOT_RANGES.findIndex((top) => slot <= top)]!;
  }

  /** The node a single-key Redis script runs on: the slot's master in a cluster, else the primary. */
  private lockNode(): RedisNode {
    return this.script.lock === 'redis-cluster'
      ? this.nodeForSlot(hashSlot(this.lock))
      : this.redisPrimary!;
  }

  private nodeClock(name: string): NodeClock | null {
    const node = this.redisNodes.find((n) => n.name === name);
    if (node) return node.clock;
    if (name === 'postgres') return this.pg.clock;
    if (name === 'etcd' && this.etcd) return this.etcd.clock;
    return null;
  }

  private alive(actor: string): boolean {
    return this.crashed === null || !this.crashed.includes(actor);
  }

  /**
   * Sends a request to a server: `arrive` runs there one network delay from now, plus any time
   * the network holds the message. It serves the request and sends the `answer` back.
   */
  private send(arrive: () => void, heldMs = 0): void {
    this.world.after(this.network.delayMs() + heldMs, arrive);
  }

  /**
   * A server's answer travels back for one network delay. A client that has crashed meanwhile is
   * not there to hear it; answers to nobody in particular (`null`) always arrive.
   */
  private answer<T>(actor: string | null, result: T, done: Done<T>): void {
    this.world.after(this.network.delayMs(), () => {
      if (actor === null || this.alive(actor)) done(result);
    });
  }

  acquire(actor: string, op: AcquireOp, done: Done<OpResult>): void {
    switch (this.script.lock) {
      case 'redis':
      case 'redis-replicated':
        this.send(() => this.answer(actor, this.redisAcquire(op.ttlMs), done));
        return;
      case 'redis-cluster':
        this.send(() => this.answer(actor, this.clusterAcquire(op.ttlMs), done));
        return;
      case 'redlock':
        this.redlockAcquire(actor, op, done);
        return;
      case 'pg-lease':
        this.send(() => {
          const token = this.pg.leaseTake(
            this.script.resource,
            actor,
            op.ttlMs,
            this.world.nowMs(),
          );
          this.answer(actor, token === null ? busy('a live lease exists') : ok({ token }), done);
        });
        return;
      case 'pg-advisory':
        this.send(() =>
          this.answer(
            actor,
            this.pg.beginWithAdvisoryLock(actor, this.script.resource)
              ? ok({ token: null }, 'holds the advisory lock in its transaction')
              : busy('another transaction holds the advisory lock'),
            done,
          ),
        );
        return;
      case 'etcd':
        this.send(() => this.answer(actor, this.etcdAcquire(actor, op.ttlMs), done));
        return;
    }
  }

  private redisAcquire(ttlMs: number): OpResult {
    const node = this.redisPrimary!;
    if (!node.alive)
      return { type: 'fail', value: { reason: 'down' }, note: 'Redis is down: no new work starts' };
    const token = node.acquire(this.lock, this.fence, ttlMs, this.world.nowMs());
    return token === null ? busy('the lock is held') : ok({ token });
  }

  private clusterAcquire(ttlMs: number): OpResult {
    const lockSlot = hashSlot(this.lock);
    const fenceSlot = hashSlot(this.fence);
    if (lockSlot !== fenceSlot) {
      return {
        type: 'fail',
        value: { reason: 'CROSSSLOT', lockSlot, fenceSlot },
        note: "CROSSSLOT Keys in request don't hash to the same slot",
      };
    }
    const node = this.nodeForSlot(lockSlot);
    const token = node.acquire(this.lock, this.fence, ttlMs, this.world.nowMs());
    return token === null
      ? busy('the lock is held')
      : ok({ token, node: node.name, slot: lockSlot });
  }

  private redlockAcquire(actor: string, op: AcquireOp, done: Done<OpResult>): void {
    const value = `${actor}:${this.world.prng.hex(8)}`;
    const unreachable = op.unreachable ?? [];
    (this.redlockValues ??= new Map()).set(actor, { value, unreachable });
    const reply = this.toLive(actor, done);
    this.redlock!.acquire(this.lock, value, op.ttlMs, unreachable, (r) => {
      if (r.ok) {
        reply(
          ok(
            {
              token: null,
              nodes: r.nodes,
              validityMs: Math.round(r.validityMs * 1000) / 1000,
            },
            `holds ${r.nodes.length} of 5 nodes; Redlock gives no token`,
          ),
        );
      } else {
        reply({ type: 'fail', value: { reason: 'no-majority', nodes: r.nodes }, note: r.reason });
      }
    });
  }

  private etcdAcquire(actor: string, ttlMs: number): OpResult {
    const etcd = this.etcd!;
    const leaseId = etcd.grant(ttlMs, this.world.nowMs());
    const token = etcd.putIfAbsent(this.lock, actor, leaseId, this.world.nowMs());
    if (token === null) {
      etcd.revoke(leaseId);
      return busy('the key exists');
    }
    (this.etcdLeases ??= new Map()).set(actor, leaseId);
    return ok({ token, leaseTtlMs: etcd.grantedTtlMs(ttlMs) });
  }

  /** Redlock talks to its nodes itself; its answer still goes nowhere once the client is dead. */
  private toLive(actor: string, done: Done<OpResult>): Done<OpResult> {
    return (r) => {
      if (this.alive(actor)) done(r);
    };
  }

  release(actor: string, token: number | null, blind: boolean, done: Done<OpResult>): void {
    const resource = this.script.resource;
    switch (this.script.lock) {
      case 'redis':
      case 'redis-replicated':
      case 'redis-cluster':
        this.send(() => this.answer(actor, this.redisRelease(token, blind), done));
        return;
      case 'redlock': {
        const reply = this.toLive(actor, done);
        const held = this.redlockValues?.get(actor);
        if (!held) {
          reply(released(0, 'never held'));
          return;
        }
        this.redlock!.release(this.lock, held.value, held.unreachable, (n) =>
          reply(released(n, 'the key was gone on every node')),
        );
        return;
      }
      case 'pg-lease':
        this.send(() =>
          this.answer(
            actor,
            released(this.pg.leaseGiveBack(resource, token), 'the lease has a newer fence'),
            done,
          ),
        );
        return;
      case 'pg-advisory':
        this.send(() =>
          this.answer(
            actor,
            this.pg.commit(actor)
              ? ok({ committed: true })
              : {
                  type: 'fail',
                  value: { committed: false, reason: 'terminated' },
                  note: 'the connection was terminated: the transaction rolled back',
                },
            done,
          ),
        );
        return;
      case 'etcd':
        this.send(() =>
          this.answer(
            actor,
            released(
              this.etcd!.deleteIfRevision(this.lock, token, this.world.nowMs()) ? 1 : 0,
              'the key has another revision',
            ),
            done,
          ),
        );
        return;
    }
  }

  private redisRelease(token: number | null, blind: boolean): OpResult {
    const node = this.lockNode();
    const nowMs = this.world.nowMs();
    return blind
      ? released(node.blindRelease(this.lock, nowMs), 'no lock to delete')
      : released(
          node.release(this.lock, token, nowMs),
          'the lock holds another token: nothing deleted',
        );
  }

  extend(actor: string, token: number | null, ttlMs: number, done: Done<OpResult>): void {
    const lock = this.script.lock;
    if (isRedis(lock)) {
      this.send(() =>
        this.answer(
          actor,
          extended(this.lockNode().extend(this.lock, token, ttlMs, this.world.nowMs()) === 1),
          done,
        ),
      );
    } else if (lock === 'pg-lease') {
      this.send(() =>
        this.answer(
          actor,
          extended(
            this.pg.leaseExtend(this.script.resource, token, ttlMs, this.world.nowMs()) === 1,
          ),
          done,
        ),
      );
    } else if (lock === 'etcd') {
      this.send(() => {
        const leaseId = this.etcdLeases?.get(actor);
        const kept = leaseId !== undefined && this.etcd!.keepAlive(leaseId, this.world.nowMs());
        this.answer(actor, extended(kept), done);
      });
    } else {
      const reply = this.toLive(actor, done);
      reply({
        type: 'fail',
        value: { extended: 0 },
        note: `${lock} has no extend here`,
      });
    }
  }

  write(actor: string, w: WriteRequest, done: Done<OpResult>): void {
    this.send(() => this.answer(actor, this.storeWrite(actor, w), done), w.heldMs);
  }

  /** The documents table receives a write: fenced (`fence <= token`), plain, or in a transaction. */
  private storeWrite(actor: string, w: WriteRequest): OpResult {
    const pg = this.pg;
    const resource = this.script.resource;
    if (this.script.lock === 'pg-advisory') {
      if (!pg.writeInTransaction(actor, resource, w.body)) {
        return {
          type: 'fail',
          value: { body: w.body, token: w.token, reason: 'terminated' },
          note: 'the connection was terminated',
        };
      }
      return ok(
        { body: w.body, token: w.token, fence: pg.documents.fence(resource), pending: true },
        'inside the transaction',
      );
    }
    const rows =
      w.fencing && w.token !== null
        ? pg.documents.fencedWrite(resource, w.body, w.token)
        : pg.documents.plainWrite(resource, w.body);
    const fence = pg.documents.fence(resource);
    if (rows === 1)
      return ok({ body: w.body, token: w.token, fence, seq: pg.documents.writesApplied });
    return {
      type: 'fail',
      value: { body: w.body, token: w.token, fence, reason: 'stale-token' },
      note: `rejected: token ${w.token} is lower than the fence ${fence}`,
    };
  }

  fault(op: FaultOp, done: Done<OpResult>): void {
    switch (op.f) {
      case 'clock-jump': {
        const clock = this.nodeClock(op.node);
        if (!clock) {
          done({ type: 'fail', value: { node: op.node }, note: `no node named ${op.node}` });
          return;
        }
        clock.step(this.world.nowMs(), op.byMs);
        done({ type: 'info', value: { node: op.node, byMs: op.byMs } });
        return;
      }
      case 'failover': {
        if (this.replication === null || !this.replication.failover()) {
          done({ type: 'fail', note: 'no replica to promote' });
          return;
        }
        this.redisPrimary = this.replication.primary;
        done({
          type: 'info',
          value: { promoted: 'redis-replica' },
          note: 'the replica was promoted before it received the lock',
        });
        return;
      }
      case 'terminate':
        this.send(() => {
          this.pg.terminate(op.target);
          this.answer<OpResult>(null, { type: 'info', value: { target: op.target } }, done);
        });
        return;
    }
  }

  crash(actor: string): void {
    (this.crashed ??= []).push(actor);
    // A dead client's connection closes: Postgres ends its transaction; etcd's lease lapses.
    if (this.script.lock === 'pg-advisory') this.pg.terminate(actor);
  }

  readDocument(done: Done<StoredDocument>): void {
    this.send(() => this.answer(null, this.pg.documents.read(this.script.resource), done));
  }
}

/** A successful answer, with a note when there is something to say. */
function ok(value: Record<string, unknown>, note?: string): OpResult {
  return note === undefined ? { type: 'ok', value } : { type: 'ok', value, note };
}
