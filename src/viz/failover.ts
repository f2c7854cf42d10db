// What a Redis failover did to the lock. The replica promoted over a dead primary serves the lock
// from then on, and one that never received the holder's key has no lock at all: the engine says
// so outright (`lockKept`), the lab by the count of replicas that had the key when the primary
// died (`WAIT 1 100` answering 0).
import type { TraceEvent } from '../sim/trace/schema';

/** Whether this event is a finished failover to a replica that never had the lock's key. */
export function promotedWithoutLock(ev: TraceEvent): boolean {
  if (ev.f !== 'failover' || ev.type !== 'info') return false;
  const v = ev.value ?? {};
  return v.lockKept === false || v.replicasAcked === 0;
}
