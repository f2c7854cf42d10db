// The Redis locks with a fencing token: acquire.lua, release.lua and extend.lua on one node, on a
// primary with a lagging replica, or on the master of the lock's slot in a cluster.
import type { NodeClock } from '../core/clock';
import { hashSlot } from '../models/hashSlot';
import { RedisNode } from '../models/redisNode';
import { RedisReplication } from '../models/redisReplication';
import type { Done, OpResult } from '../run/backend';
import { busy, extended, ok, released } from '../run/answers';
import type { AcquireOp, SimLock, SimLockContext } from './simLock';
import type { Wire } from './wire';

/**
 * The three scripts as requests: acquire.lua wherever the shape puts it, and release.lua and
 * extend.lua, which touch the lock key alone, on the node that holds it.
 */
abstract class RedisScriptLock implements SimLock {
  protected readonly wire: Wire;
  protected readonly keys: SimLockContext['keys'];

  constructor(
    ctx: SimLockContext,
    protected readonly nodes: readonly RedisNode[],
  ) {
    this.wire = ctx.wire;
    this.keys = ctx.keys;
  }

  /** The node the lock key lives on. */
  protected abstract lockNode(): RedisNode;

  /** acquire.lua, run at the server as the request arrives. */
  protected abstract take(ttlMs: number): OpResult;

  acquire(actor: string, op: AcquireOp, done: Done<OpResult>): void {
    const { wire } = this;
    wire.send(() => wire.answer(actor, this.take(op.ttlMs), done));
  }

  release(actor: string, token: number | null, blind: boolean, done: Done<OpResult>): void {
    const { wire, keys } = this;
    wire.send(() => {
      const node = this.lockNode();
      const nowMs = wire.nowMs();
      wire.answer(
        actor,
        blind
          ? released(node.blindRelease(keys.lock, nowMs), 'no lock to delete')
          : released(
              node.release(keys.lock, token, nowMs),
              'the lock holds another token: nothing deleted',
            ),
        done,
      );
    });
  }

  extend(actor: string, token: number | null, ttlMs: number, done: Done<OpResult>): void {
    const { wire, keys } = this;
    wire.send(() =>
      wire.answer(
        actor,
        extended(this.lockNode().extend(keys.lock, token, ttlMs, wire.nowMs()) === 1),
        done,
      ),
    );
  }

  clock(node: string): NodeClock | null {
    return this.nodes.find((n) => n.name === node)?.clock ?? null;
  }
}

/** One Redis node, or a primary whose replica a failover can promote before it has the lock. */
export class RedisLock extends RedisScriptLock {
  private primary: RedisNode;
  private readonly replication: RedisReplication | null;

  constructor(ctx: SimLockContext, replicated: boolean) {
    const primary = new RedisNode('redis');
    const replica = replicated ? new RedisNode('redis-replica') : null;
    super(ctx, replica ? [primary, replica] : [primary]);
    this.primary = primary;
    // The fence counter exists before the run, so tokens start above it.
    const initial = String(ctx.script.initialToken);
    if (replica) {
      const lagMs = ctx.script.replicationLagMs ?? 1;
      this.replication = new RedisReplication(primary, replica, lagMs, ctx.wire.world);
      this.replication.seed(ctx.keys.fence, initial);
    } else {
      this.replication = null;
      primary.put(ctx.keys.fence, initial);
    }
  }

  protected lockNode(): RedisNode {
    return this.primary;
  }

  /** acquire.lua on the primary; a primary that died answers nothing but "down". */
  protected take(ttlMs: number): OpResult {
    const { keys, wire } = this;
    const node = this.primary;
    if (!node.alive)
      return {
        type: 'fail',
        value: { reason: 'down' },
        note: 'Redis is down, so no new work starts',
      };
    const token = node.acquire(keys.lock, keys.fence, ttlMs, wire.nowMs());
    return token === null ? busy('the lock is held') : ok({ token });
  }

  failover(nowMs: number): { lockKept: boolean } | null {
    if (this.replication === null || !this.replication.failover()) return null;
    this.primary = this.replication.primary;
    return { lockKept: this.primary.get(this.keys.lock, nowMs) !== null };
  }
}

/** Redis Cluster's three masters split the 16,384 slots in three ranges. */
const CLUSTER_SLOT_RANGES = [5460, 10922, 16383];

/**
 * Three masters, each with its share of the slots. acquire.lua needs the lock and its counter in
 * one slot: with the hash tag they are; without it, the cluster refuses the script (CROSSSLOT).
 */
export class RedisClusterLock extends RedisScriptLock {
  constructor(ctx: SimLockContext) {
    super(
      ctx,
      [1, 2, 3].map((i) => new RedisNode(`redis-${i}`)),
    );
    const fence = ctx.keys.fence;
    this.nodeForSlot(hashSlot(fence)).put(fence, String(ctx.script.initialToken));
  }

  private nodeForSlot(slot: number): RedisNode {
    return this.nodes[CLUSTER_SLOT_RANGES.findIndex((top) => slot <= top)]!;
  }

  protected lockNode(): RedisNode {
    return this.nodeForSlot(hashSlot(this.keys.lock));
  }

  /** acquire.lua on the master of the lock's slot, if the counter shares that slot. */
  protected take(ttlMs: number): OpResult {
    const { keys, wire } = this;
    const lockSlot = hashSlot(keys.lock);
    const fenceSlot = hashSlot(keys.fence);
    if (lockSlot !== fenceSlot) {
      return {
        type: 'fail',
        value: { reason: 'CROSSSLOT', lockSlot, fenceSlot },
        note: "CROSSSLOT Keys in request don't hash to the same slot",
      };
    }
    const node = this.nodeForSlot(lockSlot);
    const token = node.acquire(keys.lock, keys.fence, ttlMs, wire.nowMs());
    return token === null
      ? busy('the lock is held')
      : ok({ token, node: node.name, slot: lockSlot });
  }
}
