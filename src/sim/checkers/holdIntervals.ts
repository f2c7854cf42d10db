import type { TraceEvent } from '../trace/schema';

/** When a client believed it held the lock: from its acquire's ok until it let go or died. */
export interface HoldInterval {
  actor: string;
  token: number | null;
  fromMs: number;
  toMs: number;
}

/**
 * A client holds from a successful acquire until it releases, crashes, stops, or has its session
 * terminated. A client that paused past its TTL still believes it holds: that is the point.
 */
export function holdIntervals(events: readonly TraceEvent[]): HoldInterval[] {
  const open = new Map<string, HoldInterval>();
  const closed: HoldInterval[] = [];
  const endMs = events.length > 0 ? events[events.length - 1]!.t : 0;
  const close = (actor: string, t: number) => {
    const h = open.get(actor);
    if (h) {
      h.toMs = t;
      closed.push(h);
      open.delete(actor);
    }
  };
  for (const e of events) {
    if (e.f === 'acquire' && e.type === 'ok') {
      close(e.actor, e.t);
      const token = e.value?.token;
      open.set(e.actor, {
        actor: e.actor,
        token: typeof token === 'number' ? token : null,
        fromMs: e.t,
        toMs: endMs,
      });
    } else if ((e.f === 'release' && e.type === 'invoke') || e.f === 'crash' || e.f === 'stop') {
      close(e.actor, e.t);
    } else if (e.f === 'terminate' && e.type === 'invoke') {
      const target = e.value?.target;
      if (typeof target === 'string') close(target, e.t);
    }
  }
  for (const h of open.values()) closed.push(h);
  return closed.sort((x, y) => x.fromMs - y.fromMs);
}
