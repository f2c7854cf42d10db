import { NodeClock } from '../core/clock';
import { LAB_ETCD_MIN_LEASE_S } from './etcdTimings';

interface KeyValue {
  value: string;
  createRevision: number;
  modRevision: number;
  leaseId: number;
}

interface Lease {
  ttlMs: number;
  expiresAtMs: number;
}

/**
 * How often etcd's leader looks for leases whose TTL has run out (etcd 3.4 and 3.5: the lessor's
 * `runLoop` revokes what it finds, then sleeps 500 ms). A lease that runs out between two passes
 * keeps its key until the next one: on the lab's real etcd a lock key outlived its 1 s lease by
 * up to half a second, and a client that asked for it 20 ms after the TTL was refused.
 */
export const LEASE_REVOKE_PASS_MS = 500;

/**
 * An etcd cluster seen from a client: one store revision that every write raises, leases that
 * the leader revokes at its first expiry pass after their TTL runs out (deleting their keys,
 * which is a write too), and the create-if-absent transaction that makes a lock. A lock key's
 * create revision only grows across the cluster, so it serves as a fencing token. Nothing writes
 * the key again while it is held, so its mod revision is the same number.
 */
export class EtcdModel {
  /** A fresh etcd cluster starts at revision 1. */
  revision = 1;
  private nextLeaseId = 1;
  private readonly keys = new Map<string, KeyValue>();
  private readonly leases = new Map<number, Lease>();

  constructor(
    readonly clock: NodeClock = new NodeClock(),
    /**
     * etcd grants whole seconds, at least this many: by default the lab's etcd's minimum (1 s,
     * from its 50 ms heartbeats and 500 ms elections); with its default flags etcd's is 2 s.
     */
    readonly minTtlS = LAB_ETCD_MIN_LEASE_S,
    /**
     * When the leader's expiry passes fall, as an offset from 0 to LEASE_REVOKE_PASS_MS on its
     * monotonic clock: they run from when etcd started, which no client knows.
     */
    readonly revokePassPhaseMs = 0,
  ) {}

  /** The TTL etcd grants for a request of `ttlMs`: whole seconds, at least the minimum. */
  grantedTtlMs(ttlMs: number): number {
    return Math.max(this.minTtlS, Math.ceil(ttlMs / 1000)) * 1000;
  }

  /**
   * Revokes every lease whose time was up at the leader's last expiry pass, on its monotonic
   * clock: etcd times leases with Go's monotonic time, so a step of the wall clock (NTP, an
   * operator) does not move them. Done lazily, on the next request: nothing else happens between.
   */
  private expire(nowMs: number): void {
    const local = this.clock.monotonicMs(nowMs);
    const sincePhase = local - this.revokePassPhaseMs;
    const lastPass =
      this.revokePassPhaseMs + Math.floor(sincePhase / LEASE_REVOKE_PASS_MS) * LEASE_REVOKE_PASS_MS;
    for (const [id, lease] of this.leases) {
      if (lease.expiresAtMs <= lastPass) this.revoke(id);
    }
  }

  revoke(leaseId: number): void {
    if (!this.leases.delete(leaseId)) return;
    for (const [key, kv] of this.keys) {
      if (kv.leaseId === leaseId) {
        this.keys.delete(key);
        this.revision++;
      }
    }
  }

  grant(ttlMs: number, nowMs: number): number {
    this.expire(nowMs);
    const id = this.nextLeaseId++;
    const granted = this.grantedTtlMs(ttlMs);
    this.leases.set(id, { ttlMs: granted, expiresAtMs: this.clock.monotonicMs(nowMs) + granted });
    return id;
  }

  /** Txn: if the key's create revision is 0, put it with the lease. The token, or null when held. */
  putIfAbsent(key: string, value: string, leaseId: number, nowMs: number): number | null {
    this.expire(nowMs);
    if (this.keys.has(key) || !this.leases.has(leaseId)) return null;
    this.revision++;
    this.keys.set(key, {
      value,
      createRevision: this.revision,
      modRevision: this.revision,
      leaseId,
    });
    return this.revision;
  }

  /**
   * A keep-alive: true if the lease was still alive and is renewed. One whose TTL has run out is
   * not renewed, revoked yet or not (etcd waits for the revocation, then says it is not found).
   */
  keepAlive(leaseId: number, nowMs: number): boolean {
    this.expire(nowMs);
    const lease = this.leases.get(leaseId);
    const local = this.clock.monotonicMs(nowMs);
    if (lease === undefined || lease.expiresAtMs <= local) return false;
    lease.expiresAtMs = local + lease.ttlMs;
    return true;
  }

  /** Deletes the key if its mod revision is still `modRevision` (the holder's token, which is
   *  also its create revision: the key is never rewritten): true if deleted. */
  deleteIfRevision(key: string, modRevision: number | null, nowMs: number): boolean {
    this.expire(nowMs);
    const kv = this.keys.get(key);
    if (kv === undefined || kv.modRevision !== modRevision) return false;
    this.keys.delete(key);
    this.revision++;
    this.leases.delete(kv.leaseId);
    return true;
  }
}
