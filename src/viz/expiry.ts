// How a trace's lock runs out. Redis and the Postgres lease row judge expiry by one server's clock
// at the next request (Redis on access to the key, Postgres with `expires_at < now()` in the
// acquire itself), so the lock is free to take from acquire + TTL on. etcd revokes a lease on its
// own schedule: it grants whole seconds and the leader checks for expired leases periodically, so
// the key goes away at the TTL or some time after it. The replay and the timeline say "free" at
// the nominal time only for the first kind.
import type { Trace, TraceEvent } from '../sim/trace/schema';
import { LOCK_SERVER } from '../sim/scenarios/lockServer';

export function revokedOnServerSchedule(trace: Trace): boolean {
  if (trace.params.lock === 'etcd') return true;
  return trace.events.some(
    (e) =>
      e.f === 'acquire' &&
      e.type === 'ok' &&
      e.value !== undefined &&
      ('leaseId' in e.value || 'leaseTtlMs' in e.value),
  );
}

/**
 * The server whose wall clock decides when the trace's lock runs out, by the node name its
 * `clock-jump` steps give it: Redis expires keys by its wall clock, and the lease row is judged by
 * Postgres's `now()`. Null where a step of a wall clock moves no expiry of the lock: etcd times
 * leases on Go's monotonic clock, and a Redlock client counts its validity on its own clock (a
 * jump on one node frees that node's key, not the client's lock).
 */
export function wallClockServer(trace: Trace): string | null {
  const lock = trace.params.lock;
  return lock === 'redis' || lock === 'pg-lease' ? LOCK_SERVER[lock] : null;
}

/** A step of the lock server's wall clock: when it showed, on which node, by how much. */
export interface LockClockJump {
  t: number;
  node: string;
  byMs: number;
}

/**
 * The step this event reports, when it is the completed `clock-jump` of the server whose wall
 * clock times the trace's lock; null for any other event, and for a step that failed.
 */
export function lockClockJump(trace: Trace, ev: TraceEvent): LockClockJump | null {
  if (ev.f !== 'clock-jump' || ev.type !== 'info') return null;
  const node = ev.value?.node;
  const byMs = ev.value?.byMs;
  if (typeof node !== 'string' || node !== wallClockServer(trace)) return null;
  if (typeof byMs !== 'number' || !Number.isFinite(byMs)) return null;
  return { t: ev.t, node, byMs };
}

/**
 * When a grant that ran out at `expiresAt` (true time) runs out once its server's wall clock has
 * stepped: a clock `byMs` ahead reaches the expiry `byMs` sooner, and an expiry the step has
 * already passed is over at once, at the next request.
 */
export function expiryAfterJump(expiresAt: number, jump: LockClockJump): number {
  return Math.max(jump.t, expiresAt - jump.byMs);
}

/** "Redis", "Postgres": the lock server's name in a sentence. */
export function serverWord(node: string): string {
  return node === 'redis' ? 'Redis' : node === 'postgres' ? 'Postgres' : node;
}
