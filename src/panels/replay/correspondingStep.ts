// The same moment of the story in another run of one scenario (another variant or lock), found
// by who did what, so that flipping fencing at the stale write shows the stale write again.
import type { Trace, TraceEvent } from '../../sim/trace/schema';

/** An event's part in its operation: the request, or what came of it (a reply, or a lone event). */
function phase(ev: TraceEvent): 'invoke' | 'done' {
  return ev.type === 'invoke' ? 'invoke' : 'done';
}

/**
 * The index in `to` of the event that plays the same part as `from.events[i]`: the k-th event of
 * the same actor, operation and phase. A reply matches a reply whatever it said, so client 1's
 * late write matches whether the storage took it (fencing off) or refused it (fencing on).
 */
function matchingEvent(from: Trace, i: number, to: Trace): number | null {
  const ev = from.events[i];
  if (!ev) return null;
  const same = (e: TraceEvent) => e.actor === ev.actor && e.f === ev.f && phase(e) === phase(ev);
  let k = 0;
  for (let j = 0; j < i; j++) if (same(from.events[j] as TraceEvent)) k++;
  for (let j = 0; j < to.events.length; j++) {
    if (!same(to.events[j] as TraceEvent)) continue;
    if (k === 0) return j;
    k--;
  }
  return null;
}

/** The number of events of `trace` at or before time t. */
function stepsUpTo(trace: Trace, t: number): number {
  let step = 0;
  for (const ev of trace.events) {
    if (ev.t > t) break;
    step++;
  }
  return step;
}

/**
 * The step of `to` that shows the same moment of the story as `step` of `from`: another variant
 * or lock of one scenario, so the reader who flips fencing at the stale write sees the stale
 * write again, with the other outcome. The event just applied is matched by who did what (its
 * k-th occurrence); one with no counterpart (a release the other run never sends) falls back to
 * the last matched event before it, or to time when that is later, and a last event with none to
 * the other run's end. The start maps to the start.
 */
export function correspondingStep(from: Trace, step: number, to: Trace): number {
  if (!Number.isFinite(step) || step <= 0) return 0;
  const at = Math.min(from.events.length, Math.round(step)) - 1;
  const exact = matchingEvent(from, at, to);
  if (exact !== null) return exact + 1;
  if (at === from.events.length - 1) return to.events.length;
  let anchor = 0;
  for (let i = at - 1; i >= 0; i--) {
    const j = matchingEvent(from, i, to);
    if (j !== null) {
      anchor = j + 1;
      break;
    }
  }
  const byTime = stepsUpTo(to, (from.events[at] as TraceEvent).t);
  return Math.min(to.events.length, Math.max(anchor, byTime));
}
