// The fencing figure draws the paused client's fenced run from fixed numbers, so that it reads
// the same on every load. They must still be that run's: a new recording or an engine change
// that moves a token or a write's time should fail here, not leave a picture that disagrees
// with the replay beside it.
import { describe, expect, it } from 'vitest';
import { NEWER, STALE } from './FencingFigure';
import { findRecording } from '../replay/recordings';
import { recordingSet, runsReady } from '../replay/runs';
import { simulate } from '../../sim/simulate';
import type { Trace } from '../../sim/trace/schema';

/** How far "~320 ms" may be from the write's time in the run: the figure rounds to 10 ms. */
const ROUNDING_MS = 10;

function sentWrite(trace: Trace, body: string) {
  const e = trace.events.find(
    (x) => x.f === 'write' && x.type === 'invoke' && x.value?.body === body,
  );
  if (!e) throw new Error(`the run sends no write of "${body}"`);
  return e;
}

await runsReady;
const recording = findRecording(recordingSet(), 'paused-client', 'fencing-on', 'redis');
const runs: [string, Trace][] = [
  ['the engine (seed 1)', simulate({ scenario: 'paused-client', variant: 'fencing-on', seed: 1 })],
  ...(recording ? [['the recording', recording.trace] as [string, Trace]] : []),
];

describe.each(runs)('the fencing figure against %s', (_, trace) => {
  it('shows its tokens, its bodies and, to the nearest 10 ms, when each write was sent', () => {
    for (const [drawn, actor] of [
      [NEWER, 'client-2'],
      [STALE, 'client-1'],
    ] as const) {
      const e = sentWrite(trace, drawn.body);
      expect(e.actor).toBe(actor);
      expect(e.value?.token).toBe(drawn.token);
      expect(Math.abs(e.t - drawn.atMs), `${drawn.body} sent at ${e.t} ms`).toBeLessThanOrEqual(
        ROUNDING_MS,
      );
    }
  });

  it('has the storage take the newer write and refuse the stale one, as the figure does', () => {
    expect(trace.outcome.accepted.map((w) => [w.body, w.token])).toEqual([
      [NEWER.body, NEWER.token],
    ]);
    expect(trace.outcome.rejected.map((w) => [w.body, w.token])).toEqual([
      [STALE.body, STALE.token],
    ]);
  });
});

it('has a recording of the run to hold the figure to', () => {
  expect(recording, 'recordings/paused-client.fencing-on.redis.json').not.toBeNull();
});
