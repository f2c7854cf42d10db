import type { TraceEvent } from '../trace/schema';

/** When a client believed it held the lock: from its acquire's ok until it let go or died. */
export interface HoldInterval {
  actor: string;
  token: number | null;
  fromMs: number;
  toMs: number;
}

/**
 * A client holds from a successful acquire until it releases, crashes, stops, has its session
 * terminated, or has nothing left to do (its last event). A client that paused past its TTL
 * still believes it holds: that is the point.
 * Intervals come out in the order they began (acquire oks are in time order already).
 */
export function holdIntervals(events: readonly TraceEvent[]): HoldInterval[] {
  const holds: HoldInterval[] = [];
  for (const e of events) {
    const f = e.f;
    if (f === 'acquire') {
      if (e.type !== 'ok') continue;
      closeHold(holds, e.actor, e.t);
      const token = e.value?.token;
      holds.push({
        actor: e.actor,
        token: typeof token === 'number' ? token : null,
        fromMs: e.t,
        toMs: Infinity,
      });
    } else if ((f === 'release' && e.type === 'invoke') || f === 'crash' || f === 'stop') {
      closeHold(holds, e.actor, e.t);
    } else if (f === 'terminate' && e.type === 'invoke') {
      const target = e.value?.target;
      if (typeof target === 'string') closeHold(holds, target, e.t);
    }
  }
  // A hold its client never let go of ends at that client's last event: after it, the client
  // does nothing more. Found from the end, for the few holds still open, rather than kept up
  // on every event of every run.
  for (const h of holds) if (h.toMs === Infinity) h.toMs = lastEventMs(events, h.actor, h.fromMs);
  return holds;
}

function lastEventMs(events: readonly TraceEvent[], actor: string, fallbackMs: number): number {
  for (let i = events.length - 1; i >= 0; i--) if (events[i]!.actor === actor) return events[i]!.t;
  return fallbackMs;
}

/** Ends an actor's open interval at `t`. An actor has at most one: the last one it began. */
function closeHold(holds: HoldInterval[], actor: string, t: number): void {
  for (let i = holds.length - 1; i >= 0; i--) {
    const h = holds[i]!;
    if (h.actor === actor) {
      if (h.toMs === Infinity) h.toMs = t;
      return;
    }
  }
}

/** Whether two different clients ever held at the same moment. */
export function holdsOverlap(holds: readonly HoldInterval[]): boolean {
  for (let i = 0; i < holds.length; i++) {
    const a = holds[i]!;
    for (let j = i + 1; j < holds.length; j++) {
      const b = holds[j]!;
      if (a.actor !== b.actor && a.fromMs < b.toMs && b.fromMs < a.toMs) return true;
    }
  }
  return false;
}
