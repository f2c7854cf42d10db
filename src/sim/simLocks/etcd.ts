// The lock on etcd: a key created only if absent, bound to a lease; its revision, which only
// grows, is the fencing token. Keep-alive is the extend.
import { NodeClock } from '../core/clock';
import { EtcdModel, LEASE_REVOKE_PASS_MS } from '../models/etcd';
import type { Done, OpResult } from '../run/backend';
import { busy, extended, ok, released } from '../run/answers';
import type { AcquireOp, SimLock, SimLockContext } from './simLock';

export class EtcdLock implements SimLock {
  private readonly etcd: EtcdModel;
  /** Each client's lease, for its keep-alive. */
  private leases: Map<string, number> | null = null;

  constructor(private readonly ctx: SimLockContext) {
    // Where the leader's expiry passes fall is the seed's: a lease that runs out just before a
    // pass goes at once, one just after lives half a second more.
    const phaseMs = ctx.wire.world.prng.float() * LEASE_REVOKE_PASS_MS;
    this.etcd = new EtcdModel(new NodeClock(), 1, phaseMs);
  }

  acquire(actor: string, op: AcquireOp, done: Done<OpResult>): void {
    const { wire } = this.ctx;
    wire.send(() => wire.answer(actor, this.take(actor, op.ttlMs), done));
  }

  /** A lease, then the key if absent, bound to it; the lease is revoked when the key exists. */
  private take(actor: string, ttlMs: number): OpResult {
    const { etcd } = this;
    const { wire, keys } = this.ctx;
    const leaseId = etcd.grant(ttlMs, wire.nowMs());
    const token = etcd.putIfAbsent(keys.lock, actor, leaseId, wire.nowMs());
    if (token === null) {
      etcd.revoke(leaseId);
      return busy('the key exists');
    }
    (this.leases ??= new Map()).set(actor, leaseId);
    return ok({ token, leaseTtlMs: etcd.grantedTtlMs(ttlMs) });
  }

  release(actor: string, token: number | null, _blind: boolean, done: Done<OpResult>): void {
    const { wire, keys } = this.ctx;
    wire.send(() =>
      wire.answer(
        actor,
        released(
          this.etcd.deleteIfRevision(keys.lock, token, wire.nowMs()) ? 1 : 0,
          'the key has another revision',
        ),
        done,
      ),
    );
  }

  extend(actor: string, _token: number | null, _ttlMs: number, done: Done<OpResult>): void {
    const { wire } = this.ctx;
    wire.send(() => {
      const leaseId = this.leases?.get(actor);
      const kept = leaseId !== undefined && this.etcd.keepAlive(leaseId, wire.nowMs());
      wire.answer(actor, extended(kept), done);
    });
  }

  clock(node: string): NodeClock | null {
    return node === 'etcd' ? this.etcd.clock : null;
  }
}
