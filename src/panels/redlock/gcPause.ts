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
export const gcPauseRun = sizedRun(
  redlockGcPause,
  'pauseMs',
  GC_PAUSE_RANGE_MS,
  'try-gc-pause',
  'GC pause',
);

const first = (trace: Trace, actor: string, f: string, type: TraceEvent['type']) =>
  trace.events.find((e) => e.actor === actor && e.f === f && e.type === type);

/**
 * Why this pause gave no second holder, read from the run itself: when client 1's pause began
 * and ended, when its keys expired, when it wrote and when client 2 got its majority.
 */
export function noOverlapAfterPause(trace: Trace): string {
  const { ttlMs } = trace.params;
  const asked = first(trace, 'client-1', 'acquire', 'invoke');
  const paused = first(trace, 'client-1', 'pause', 'info');
  const resumed = first(trace, 'client-1', 'resume', 'info');
  const wrote = first(trace, 'client-1', 'write', 'invoke');
  const took = first(trace, 'client-2', 'acquire', 'ok');
  if (typeof ttlMs !== 'number' || !asked || !wrote)
    return 'No two clients held the lock at once in this run.';
  // Each node set the key with the TTL when client 1 asked, give or take a network hop.
  const expiresMs = asked.t + ttlMs;
  const second = took
    ? `client 2 got its majority only at ${fmt(took.t)}`
    : 'client 2 never got a majority';
  const tail =
    'A pause that ends after client 2 has the lock gives two holders, and Redlock cannot tell.';
  if (!paused || !resumed || resumed.t <= paused.t)
    return `With no pause, client 1 wrote at ${fmt(wrote.t)}, before its keys expired (at about ${fmt(expiresMs)}), and ${second}. ${tail}`;
  const pause = `Client 1’s pause, from ${fmt(paused.t)} to ${fmt(resumed.t)},`;
  if (wrote.t <= expiresMs)
    return `${pause} ended before its keys expired (at about ${fmt(expiresMs)}): it wrote at ${fmt(wrote.t)} while it still held the lock, and ${second}. ${tail}`;
  return `${pause} ran past its keys’ expiry (at about ${fmt(expiresMs)}), so it wrote at ${fmt(wrote.t)} with a lock it no longer held; ${second}, so by luck no one held the lock in between. A few ms longer and the two overlap.`;
}
