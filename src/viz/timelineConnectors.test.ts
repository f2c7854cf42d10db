// Over every recording the page ships and every run the paused client's sliders reach: a line
// from a write to the storage's answer never runs backwards in time, however crowded the marks in
// a lane; and the figure says "an update is lost" once per lost update the engine's
// checker finds.
import { describe, expect, it } from 'vitest';
import { lostUpdates } from '../sim/checkers/checks';
import type { Trace } from '../sim/trace/schema';
import { timelineModel } from './timeline';
import {
  CONNECTORS_APART_PX,
  connectorXAt,
  labelTextBox,
  layoutTimeline,
  type Box,
} from './timelineLayout';
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

/** The labels whose text box (labelTextBox) the line runs through, looked at every quarter px down. */
function labelsCrossed(
  l: ReturnType<typeof layoutTimeline>,
  c: ReturnType<typeof layoutTimeline>['connectors'][number],
  k: number,
): string[] {
  return l.marks.flatMap((m) => {
    const b: Box | null = labelTextBox(m, k);
    if (!b) return [];
    for (
      let y = Math.max(b.top, Math.min(c.y1, c.y2));
      y <= Math.min(b.bottom, Math.max(c.y1, c.y2));
      y += 0.25
    ) {
      const x = connectorXAt(c, c.bend, y);
      if (x > b.left && x < b.right) return [`“${m.label}”`];
    }
    return [];
  });
}

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

describe('a line to the storage bowed off its neighbour', () => {
  // With the text at 200% at a phone's width, the failover's second write bowed 7.5 px: 1 px past
  // client 2's stacked marks, and over the arrow of client 2's lock still held at the end.
  /** Each mark's shape as LaneTimeline draws it: a point at its size, a bar and its end's arrow. */
  const shapes = (l: ReturnType<typeof layoutTimeline>, k: number) =>
    l.marks.map((m) => {
      if (m.x2 !== undefined) {
        const half = (m.kind === 'pause' ? 9 : 7) * k;
        const right = Math.max(m.x + 2, m.x2) + (m.heldAtEnd ? 7 * k : 0);
        return { m, left: m.x, right, top: m.y - half, bottom: m.y + half };
      }
      const half = 7 * k * (m.stacked?.scale ?? 1);
      const y = m.y + (m.stacked?.dy ?? 0);
      return { m, left: m.x - half, right: m.x + half, top: y - half, bottom: y + half };
    });

  /** How near a bowed line passes a mark of a lane it runs across, where nearer than 4 px. */
  const near = (trace: Trace, width: number, k: number) => {
    const l = layoutTimeline(timelineModel(trace), { width, textScale: k });
    const out: string[] = [];
    for (const c of l.connectors.filter((c) => c.bend !== 0)) {
      const lanes = new Set([c.fromLane, c.toLane]);
      for (const s of shapes(l, k).filter((s) => !lanes.has(s.m.lane))) {
        let least = Infinity;
        for (let y = Math.min(c.y1, c.y2); y <= Math.max(c.y1, c.y2); y += 0.25) {
          const x = connectorXAt(c, c.bend, y);
          const dx = Math.max(s.left - x, x - s.right, 0);
          const dy = Math.max(s.top - y, y - s.bottom, 0);
          least = Math.min(least, Math.hypot(dx, dy));
        }
        if (least < 4 - 0.01)
          out.push(`${c.id} passes ${least.toFixed(1)} px from ${s.m.lane}’s “${s.m.label}”`);
      }
      if (connectorXAt(c, c.bend, (c.y1 + c.y2) / 2) > width - 4)
        out.push(`${c.id} leaves the box`);
      // Nor through a label: at a 1280 px window the failover's second write, bowed 17 px round
      // client 2's marks, ran through "lock, token 33" and "client 2 (33)".
      for (const label of labelsCrossed(l, c, k)) out.push(`${c.id} crosses ${label}`);
    }
    return { l, out };
  };

  it('runs round the marks of the lanes it crosses and through no label, in every recording, at 100% and 200%', () => {
    const out: string[] = [];
    let bowed = 0;
    for (const [file, trace] of recordings)
      for (const [k, widths] of [
        // 801 px: the figure at a 1280 px window.
        [1, [288, 321, 343, 375, 800, 801, 1280]],
        [2, [261, 288, 298, 321, 774, 1280]],
      ] as const)
        for (const width of widths) {
          const r = near(trace, width, k);
          out.push(...r.out.map((o) => `${file} at ${width} px, ${k * 100}%: ${o}`));
          bowed += r.l.connectors.filter((c) => c.bend !== 0).length;
        }
    expect(out).toEqual([]);
    // Only the failover with fencing on bows: the test above has something to look at.
    expect(bowed).toBeGreaterThanOrEqual(6);
  });
});

describe('a line to the storage and the labels', () => {
  // At a 1280 px window (an 801 px figure) the failover's lines ran through the labels over
  // client 2's marks: client 2's own dashed line through its hold's "client 2 (33)", and client
  // 1's bowed line through "lock, token 33" and "client 2 (33)"; the holder crash's through
  // "client 2 (34)". A label crossed over its mark now stands beside it, where that is clear.
  it('runs through no label but its own two marks’, in every recording, at a 1280 px window and wider', () => {
    const out: string[] = [];
    for (const [file, trace] of recordings)
      for (const width of [801, 1200]) {
        const l = layoutTimeline(timelineModel(trace), { width, laneHeight: 76 });
        for (const c of l.connectors) {
          const own = new Set(
            l.marks
              .filter((m) => m.id === c.fromMark || m.id === c.toMark)
              .map((m) => `“${m.label}”`),
          );
          for (const label of labelsCrossed(l, c, 1))
            if (!own.has(label)) out.push(`${file} at ${width} px: ${c.id} crosses ${label}`);
        }
      }
    expect(out).toEqual([]);
  });
});
