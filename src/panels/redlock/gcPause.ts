// The GC pause with the reader's own length. Client 1 takes all five nodes at 0 ms and pauses at
// 60 ms; client 2 asks from TTL + 20 ms. A pause that ends before client 2 has its majority
// harms nobody in this run; one that ends after it gives two holders, and Redlock cannot see it:
// client 1 checked its validity before the pause, not after.
import { redlockGcPause } from '../../sim/scenarios/redlockGcPause';
import type { Trace, TraceEvent } from '../../sim/trace/schema';
import { fmt } from '../../viz/timeline';
import { sizedRun } from './sizedRun';

export const GC_PAUSE_RANGE_MS = { min: 0, max: 1000, step: 10 } as const;

/** The pause on the slider, in the URL as `?try-gc-pause=300#redlock`. */
export const gcPauseRun = sizedRun(redlockGcPause, 'pauseMs', GC_PAUSE_RANGE_MS, 'try-gc-pause');

const sent = (e: TraceEvent, actor: string, f: string) =>
  e.actor === actor && e.f === f && e.type === 'invoke';

/**
 * Why this pause gave no second holder, read from the run itself: when client 1 wrote, when
 * client 2 got its majority, and whether client 1's keys had expired by then.
 */
export function noOverlapAfterPause(trace: Trace): string {
  const { pauseMs, ttlMs } = trace.params;
  const wroteAt = trace.events.find((e) => sent(e, 'client-1', 'write'))?.t;
  const took = trace.events.find(
    (e) => e.actor === 'client-2' && e.f === 'acquire' && e.type === 'ok',
  );
  if (typeof pauseMs !== 'number' || typeof ttlMs !== 'number' || wroteAt === undefined)
    return 'No two clients held the lock at once in this run.';
  const second = took
    ? `client 2 got its majority only at ${fmt(took.t)}`
    : 'client 2 never got a majority';
  if (wroteAt <= ttlMs)
    return `A ${pauseMs} ms pause ended before client 1’s keys expired (TTL ${ttlMs} ms): it wrote at ${fmt(wroteAt)} while it still held the lock, and ${second}. A pause that ends after client 2 has the lock gives two holders, and Redlock cannot tell.`;
  return `A ${pauseMs} ms pause ran past the ${ttlMs} ms TTL, so client 1 wrote at ${fmt(wroteAt)} with keys that had already expired; ${second}, so by luck no one held the lock in between. A few ms longer and the two overlap.`;
}
