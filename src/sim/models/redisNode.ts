import { NodeClock } from '../core/clock';
import { FewKeys } from './fewKeys';

interface Entry {
  value: string;
  /** When the key expires, read on this node's own clock; null for no expiry. */
  expireAtLocalMs: number | null;
}

/** A write as it travels on the replication stream: absolute expiry, like Redis 7's PXAT. */
export type ReplicatedWrite =
  | { kind: 'set'; key: string; value: string; expireAtLocalMs: number | null }
  | { kind: 'del'; key: string };

/**
 * One Redis node: a keyspace with per-key expiry on this node's clock, and the three scripts of
 * `src/locks` as single atomic steps (Redis runs a script with no other command in between).
 */
export class RedisNode {
  private readonly data = new FewKeys<Entry>();
  /** Called with every write, for a replica to apply later. */
  onWrite: ((w: ReplicatedWrite) => void) | null = null;
  alive = true;

  constructor(
    readonly name: string,
    readonly clock: NodeClock = new NodeClock(),
  ) {}

  /** Reads a key, expiring it first if its time has come on this node's clock. */
  private live(key: string, nowMs: number): Entry | undefined {
    const e = this.data.get(key);
    if (e === undefined) return undefined;
    // Redis expires a key once its clock has passed the expiry (`now > when`), not at it.
    if (e.expireAtLocalMs !== null && this.clock.localMs(nowMs) > e.expireAtLocalMs) {
      this.data.delete(key);
      this.onWrite?.({ kind: 'del', key });
      return undefined;
    }
    return e;
  }

  private set(key: string, value: string, expireAtLocalMs: number | null): void {
    this.data.set(key, { value, expireAtLocalMs });
    this.onWrite?.({ kind: 'set', key, value, expireAtLocalMs });
  }

  private del(key: string): void {
    this.data.delete(key);
    this.onWrite?.({ kind: 'del', key });
  }

  get(key: string, nowMs: number): string | null {
    return this.live(key, nowMs)?.value ?? null;
  }

  /** Remaining time to live in ms, or -2 when the key is absent (as PTTL answers). */
  pttl(key: string, nowMs: number): number {
    const e = this.live(key, nowMs);
    if (e === undefined) return -2;
    if (e.expireAtLocalMs === null) return -1;
    return e.expireAtLocalMs - this.clock.localMs(nowMs);
  }

  incr(key: string, nowMs: number): number {
    const e = this.live(key, nowMs);
    const next = (e === undefined ? 0 : Number(e.value)) + 1;
    this.set(key, String(next), e?.expireAtLocalMs ?? null);
    return next;
  }

  /** Sets a key with no expiry, as a test fixture or the initial counter would. */
  put(key: string, value: string): void {
    this.set(key, value, null);
  }

  /** SET key value NX PX ttl: true if it was set. */
  setNxPx(key: string, value: string, ttlMs: number, nowMs: number): boolean {
    if (this.live(key, nowMs) !== undefined) return false;
    this.set(key, value, this.clock.localMs(nowMs) + ttlMs);
    return true;
  }

  /** Deletes the key only if it holds `value` (Redlock's release): 1 if deleted. */
  delIfEquals(key: string, value: string, nowMs: number): 0 | 1 {
    if (this.live(key, nowMs)?.value !== value) return 0;
    this.del(key);
    return 1;
  }

  /** acquire.lua: the lock only if free, valued with a fresh token from the counter. */
  acquire(lockKey: string, fenceKey: string, ttlMs: number, nowMs: number): number | null {
    checkScriptTtl(ttlMs);
    if (this.live(lockKey, nowMs) !== undefined) return null;
    const token = this.incr(fenceKey, nowMs);
    if (token > Number.MAX_SAFE_INTEGER)
      throw new Error('ERR the token counter is past 2^53 - 1, the last exact token');
    this.set(lockKey, String(token), this.clock.localMs(nowMs) + ttlMs);
    return token;
  }

  /** release.lua: delete only if the lock still holds the caller's token. */
  release(lockKey: string, token: number | null, nowMs: number): 0 | 1 {
    return this.delIfEquals(lockKey, String(token), nowMs);
  }

  /** A plain DEL, with no token check: what release.lua exists to prevent. */
  blindRelease(lockKey: string, nowMs: number): 0 | 1 {
    if (this.live(lockKey, nowMs) === undefined) return 0;
    this.del(lockKey);
    return 1;
  }

  /** extend.lua: a new TTL only if the lock still holds the caller's token. */
  extend(lockKey: string, token: number | null, ttlMs: number, nowMs: number): 0 | 1 {
    checkScriptTtl(ttlMs);
    const e = this.live(lockKey, nowMs);
    if (e === undefined || e.value !== String(token)) return 0;
    this.set(lockKey, e.value, this.clock.localMs(nowMs) + ttlMs);
    return 1;
  }

  /** Applies a write received from a primary. */
  apply(w: ReplicatedWrite): void {
    if (w.kind === 'set')
      this.data.set(w.key, { value: w.value, expireAtLocalMs: w.expireAtLocalMs });
    else this.data.delete(w.key);
  }
}

/**
 * acquire.lua and extend.lua refuse a TTL that is not a whole number of ms, 1 or more, before
 * they write anything (PEXPIRE with 0 would delete the key and answer 1): the model refuses it too.
 */
function checkScriptTtl(ttlMs: number): void {
  if (!(ttlMs >= 1) || ttlMs % 1 !== 0)
    throw new Error(`ERR the TTL must be a whole number of ms, 1 or more (got ${ttlMs})`);
}
