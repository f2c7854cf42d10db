// The lane timeline's reading of what a client does besides locking and writing: work, pauses
// (a pause and its resume make one bar), and stopping or crashing.
import type { TraceEvent } from '../sim/trace/schema';
import { actorName, prose } from '../content/actorWords';
import type { TimelineState } from './timelineState';
import { fmt } from './timelineWords';

export function readWork(s: TimelineState, ev: TraceEvent, i: number): void {
  // Work is a client running, not stalled: drawn so a lock that ends under it, with no
  // pause anywhere, shows as what it is.
  if (ev.type === 'invoke') {
    s.workStart.set(ev.actor, { t: ev.t, i });
    return;
  }
  const w = s.workStart.get(ev.actor);
  s.workStart.delete(ev.actor);
  if (w && ev.t > w.t) {
    s.marks.push({
      id: `e${w.i}`,
      lane: ev.actor,
      kind: 'work',
      t: w.t,
      t2: ev.t,
      label: `works ${Math.round(ev.t - w.t)} ms`,
      // Work often comes in short bars side by side (the long job's steps): each keeps a word.
      shorter: ['works'],
      detail: `${actorName(ev.actor)} works from ${fmt(w.t)} to ${fmt(ev.t)}, running all the while.`,
      eventIndex: w.i,
      actor: ev.actor,
    });
  }
}

export function readPause(s: TimelineState, ev: TraceEvent, i: number): void {
  const v = ev.value ?? {};
  s.pauseStart.set(ev.actor, {
    t: ev.t,
    i,
    cause: typeof v.cause === 'string' ? v.cause : 'pause',
  });
}

export function readResume(s: TimelineState, ev: TraceEvent): void {
  const p = s.pauseStart.get(ev.actor);
  if (p) s.pauseStart.delete(ev.actor);
  // A pause of 0 ms (the what-if's slider at 0) is in the trace as the script's step, but
  // nothing stopped: it is neither drawn nor told as a pause.
  if (p && ev.t > p.t) {
    s.marks.push({
      id: `e${p.i}`,
      lane: ev.actor,
      kind: 'pause',
      t: p.t,
      t2: ev.t,
      // A long cause ("a stop-the-world GC pause") stays in the detail, not on the bar.
      label: `paused ${Math.round(ev.t - p.t)} ms${p.cause.length <= 12 ? ` (${p.cause})` : ''}`,
      detail: `${actorName(ev.actor)} is paused from ${fmt(p.t)} to ${fmt(ev.t)} (${p.cause}). It cannot see its lock ${s.defaultTtlMs === null ? 'end' : 'expire'}.`,
      eventIndex: p.i,
      actor: ev.actor,
    });
  }
}

/** A client that stops or crashes (the event's f, passed as its kind): a point on its lane. */
export function readStopOrCrash(
  s: TimelineState,
  ev: TraceEvent,
  kind: 'stop' | 'crash',
  i: number,
): void {
  s.marks.push({
    id: `e${i}`,
    lane: ev.actor,
    kind,
    t: ev.t,
    label: kind === 'crash' ? 'crash' : 'stops',
    detail: `${actorName(ev.actor)} ${kind === 'crash' ? 'crashes' : 'stops'}${ev.note ? `: ${prose(ev.note)}` : ''}.`,
    eventIndex: i,
    actor: ev.actor,
  });
}
