// Over every recording the page ships and every run the paused client's sliders reach: a line
// from a write to the storage's answer never runs backwards in time, however crowded the marks in
// a lane; and the figure says "an update is lost" once per lost update the engine's
// checker finds.
import { describe, expect, it } from 'vitest';
import { lostUpdates } from '../sim/checkers/checks';
import type { Trace } from '../sim/trace/schema';
import { timelineModel } from './timeline';
import { CONNECTORS_APART_PX, connectorXAt, layoutTimeline } from './timelineLayout';
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

describe('two lines to the storage that run down side by side', () => {
  // The failover's two writes reach the storage 4 ms apart: at a phone's width their straight
  // lines ran 2 px apart from the client lanes down to the storage, one line to the eye.
  const apart = (trace: Trace, width: number) => {
    const l = layoutTimeline(timelineModel(trace), { width });
    const out: string[] = [];
    l.connectors.forEach((b, j) =>
      l.connectors.slice(0, j).forEach((a) => {
        const top = Math.max(Math.min(a.y1, a.y2), Math.min(b.y1, b.y2));
        const bottom = Math.min(Math.max(a.y1, a.y2), Math.max(b.y1, b.y2));
        if (bottom - top < 40) return;
        const mid = (top + bottom) / 2;
        const gap = Math.abs(connectorXAt(b, b.bend ?? 0, mid) - connectorXAt(a, a.bend ?? 0, mid));
        if (gap < CONNECTORS_APART_PX - 0.01)
          out.push(`${width} px: ${a.id} and ${b.id} ${gap.toFixed(1)} px apart`);
      }),
    );
    return { l, out };
  };

  it('bow apart in the Redis failover at a phone’s widths, every end still at its time', () => {
    const failover = recordings.find(([f]) =>
      f.endsWith('redis-failover.fencing-on.redis-replicated.json'),
    )![1];
    expect(CONNECTORS_APART_PX).toBeGreaterThanOrEqual(8);
    for (const width of [288, 321, 323, 343, 375, 800]) {
      const { l, out } = apart(failover, width);
      expect(out, `${width} px`).toEqual([]);
      for (const c of l.connectors) {
        expect(Math.abs(c.x1 - l.x(c.t)), c.id).toBeLessThanOrEqual(0.5);
        expect(Math.abs(c.x2 - l.x(c.t2)), c.id).toBeLessThanOrEqual(0.5);
        // Bowed inside the box.
        expect(connectorXAt(c, c.bend, (c.y1 + c.y2) / 2)).toBeLessThan(width - 4);
      }
      expect(l.connectors.filter((c) => c.bend !== 0).length, `${width} px`).toBeGreaterThan(0);
    }
  });

  it('stand apart in every recording at every width, and bow only where they must', () => {
    const out: string[] = [];
    let bowed = 0;
    for (const [file, trace] of recordings)
      for (const width of [288, 321, 343, 375, 800, 1280]) {
        const r = apart(trace, width);
        out.push(...r.out.map((o) => `${file} at ${o}`));
        bowed += r.l.connectors.filter((c) => c.bend !== 0).length;
      }
    expect(out).toEqual([]);
    // The failover with fencing on, at 288 to 800 px; nothing else runs so near.
    expect(bowed).toBeLessThanOrEqual(6);
  });
});
