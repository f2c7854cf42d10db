// Which accepted writes lost a later holder's update, looked up from the write's own event. The
// engine's lost-update checker decides; the timeline and the replay ask it the same way.
import { lostUpdates } from '../sim/checkers/checks';
import type { TraceEvent } from '../sim/trace/schema';

/** The later holder's write that an accepted write overwrote. */
export interface OverwrittenWrite {
  actor: string;
  body: string;
}

/** An accepted write is known by its writer, its time and its body, as the checker records it. */
const writeKey = (actor: string, t: number, body: string) => `${actor}@${t}@${body}`;

/** For a trace: from a write's `ok` event, the write it overwrote, or undefined if none. */
export function overwrittenBy(
  events: readonly TraceEvent[],
): (ev: TraceEvent) => OverwrittenWrite | undefined {
  const byWrite = new Map<string, OverwrittenWrite>();
  for (const l of lostUpdates(events))
    byWrite.set(writeKey(l.write.actor, l.write.t, l.write.body), l.overwrote);
  return (ev) => {
    if (ev.f !== 'write' || ev.type !== 'ok') return undefined;
    // The checker records a body that is not text as '' (settleWrites), so the key does too.
    const body = ev.value?.body;
    return byWrite.get(writeKey(ev.actor, ev.t, typeof body === 'string' ? body : ''));
  };
}
