// What a step's own event cannot say about itself, read from the run before it. The cursor asks
// once per event, in order, as it builds its checkpoints.
import type { TraceEvent } from '../../sim/trace/schema';
import { finiteNumber, type ReplayState } from './replayState';

/**
 * A blind DEL that deleted another client's key (`deletedKeyOf`), a grant of a token that an
 * earlier grant to another client carried (`repeats`, after a failover lost the counter's last
 * increment), and how long a resuming client was in fact paused (`pausedMs`).
 */
export interface StepNote {
  deletedKeyOf?: { actor: string; token: number | null };
  /** A resume: how long the client was in fact paused (a real pause runs a little over). */
  pausedMs?: number;
  /** A resume: how long its pause step asked for, where the trace says. */
  plannedMs?: number;
  repeats?: { actor: string; afterFailover: boolean };
}

/** A reader of one run's events, in order: each call gets an event and the states around it. */
export function createStepNoter(): (
  ev: TraceEvent,
  before: ReplayState,
  after: ReplayState,
) => StepNote | null {
  // Who was given each token first, whether a failover has happened yet, and open pauses.
  const firstGrant = new Map<number, string>();
  let failedOver = false;
  const pausedAt = new Map<string, { t: number; plannedMs: number | null }>();
  return (ev, before, after) => {
    if (ev.f === 'failover') failedOver = true;
    if (ev.f === 'pause')
      pausedAt.set(ev.actor, { t: ev.t, plannedMs: finiteNumber(ev.value?.pauseMs) });
    const since = pausedAt.get(ev.actor);
    if (ev.f === 'resume' && since !== undefined) {
      pausedAt.delete(ev.actor);
      const pausedMs = ev.t - since.t;
      return since.plannedMs === null ? { pausedMs } : { pausedMs, plannedMs: since.plannedMs };
    }
    if (ev.f === 'acquire' && ev.type === 'ok') {
      const token = finiteNumber(ev.value?.token);
      const first = token !== null ? firstGrant.get(token) : undefined;
      if (token !== null && first === undefined) firstGrant.set(token, ev.actor);
      else if (first !== undefined && first !== ev.actor)
        return { repeats: { actor: first, afterFailover: failedOver } };
    }
    const freed = after.lock.freed;
    if (ev.f === 'release' && ev.type === 'ok' && freed?.by === 'blind-delete' && freed.t === ev.t)
      return { deletedKeyOf: { actor: freed.of, token: before.lock.token } };
    return null;
  };
}
