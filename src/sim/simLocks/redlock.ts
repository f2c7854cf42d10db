// Redlock on 5 independent Redis nodes: the client takes the key on each node in turn and holds
// the lock with a majority inside the validity time. It issues no token the storage could check.
import type { NodeClock } from '../core/clock';
import { RedisNode } from '../models/redisNode';
import { RedlockClient } from '../models/redlock';
import type { Done, OpResult } from '../run/backend';
import { ok, released } from '../run/answers';
import type { AcquireOp, SimLock, SimLockContext } from './simLock';

export class RedlockLock implements SimLock {
  private readonly client: RedlockClient;
  /** Each client's random value, and the nodes it cannot reach, for its release. */
  private values: Map<string, { value: string; unreachable: string[] }> | null = null;

  constructor(private readonly ctx: SimLockContext) {
    const nodes = [1, 2, 3, 4, 5].map((i) => new RedisNode(`redis-${i}`));
    this.client = new RedlockClient(ctx.wire.world, ctx.wire.network, nodes);
  }

  acquire(actor: string, op: AcquireOp, done: Done<OpResult>): void {
    const { wire, keys } = this.ctx;
    const value = `${actor}:${wire.world.prng.hex(8)}`;
    const unreachable = op.unreachable ?? [];
    (this.values ??= new Map()).set(actor, { value, unreachable });
    // Redlock talks to its nodes itself; its answer still goes nowhere once the client is dead.
    const reply = wire.toLive(actor, done);
    this.client.acquire(keys.lock, value, op.ttlMs, unreachable, (r) => {
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

  release(actor: string, _token: number | null, _blind: boolean, done: Done<OpResult>): void {
    const reply = this.ctx.wire.toLive(actor, done);
    const held = this.values?.get(actor);
    if (!held) {
      reply(released(0, 'never held'));
      return;
    }
    this.client.release(this.ctx.keys.lock, held.value, held.unreachable, (n) =>
      reply(released(n, 'the key was gone on every node')),
    );
  }

  clock(node: string): NodeClock | null {
    return this.client.nodes.find((n) => n.name === node)?.clock ?? null;
  }
}
