// How a trace's lock runs out. Redis and the Postgres lease row judge expiry by one server's clock
// at the next request (Redis on access to the key, Postgres with `expires_at < now()` in the
// acquire itself), so the lock is free to take from acquire + TTL on. etcd revokes a lease on its
// own schedule: it grants whole seconds and the leader checks for expired leases periodically, so
// the key goes away at the TTL or some time after it. The replay and the timeline say "free" at
// the nominal time only for the first kind.
import type { Trace } from '../sim/trace/schema';

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
