// Over every recording the page ships and every run the paused client's sliders reach: a line
// from a write to the storage's answer never runs backwards in time, however crowded the marks in
// a lane; and the figure says "an update is lost" once per lost update the engine's
// checker finds.
import { describe, expect, it } from 'vitest';
import { lostUpdates } from '../sim/checkers/checks';
import type { Trace } from '../sim/trace/schema';
import { timelineModel } from './timeline';
import { layoutTimeline } from './timelineLayout';
import {
  PAUSE_RANGE_MS,
  TTL_RANGE_MS,
  WHAT_IF_LOCKS,
  whatIfRun,
} from '../panels/paused-client/whatIf';

const recordings = Object.entries(
  import.meta.glob<Trace>(['/recordings/*.json', '!/recordings/numbers.json'], {
    eager: true,
    import: 'default',
  }),
);

// The figure's width at a 375 px and a 1280 px window, and a few around them.
const WIDTHS = [300, 327, 343, 600, 760, 900, 1200];

function backwards(trace: Trace, widths: readonly number[]): string[] {
  const model = timelineModel(trace);
  const out: string[] = [];
  for (const width of widths) {
    const layout = layoutTimeline(model, { width, laneHeight: 64 });
    for (const c of layout.connectors)
      if (c.x2 < c.x1 - 1e-9)
        out.push(
          `width ${width}: ${c.fromLane} at ${c.t} ms: x ${c.x1.toFixed(1)} → ${c.x2.toFixed(1)}`,
        );
  }
  return out;
}

describe('connectors on the lane timeline', () => {
  it('never run backwards in time in a recording, at any width', () => {
    expect(recordings.length).toBeGreaterThan(10);
    const wrong = recordings.flatMap(([path, trace]) =>
      backwards(trace, WIDTHS).map((w) => `${path}: ${w}`),
    );
    expect(wrong).toEqual([]);
  });

  it('never run backwards in time over the paused client’s sliders', () => {
    const wrong: string[] = [];
    for (const lock of WHAT_IF_LOCKS.map((l) => l.lock))
      for (const fencing of [false, true])
        for (
          let ttlMs = TTL_RANGE_MS.min;
          ttlMs <= TTL_RANGE_MS.max;
          ttlMs += 2 * TTL_RANGE_MS.step
        )
          for (
            let pauseMs = PAUSE_RANGE_MS.min;
            pauseMs <= PAUSE_RANGE_MS.max;
            pauseMs += 2 * PAUSE_RANGE_MS.step
          ) {
            const trace = whatIfRun({ ttlMs, pauseMs, fencing, lock });
            for (const w of backwards(trace, [327, 900]))
              wrong.push(`${lock} fencing ${fencing} ttl ${ttlMs} pause ${pauseMs}: ${w}`);
            if (wrong.length > 10) break;
          }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('says an update is lost once for each lost update the checker finds, in every recording', () => {
    for (const [path, trace] of recordings) {
      const said = timelineModel(trace).marks.filter((m) => /an update is lost/.test(m.detail));
      expect([path, said.length]).toEqual([path, lostUpdates(trace.events).length]);
    }
  });
});
