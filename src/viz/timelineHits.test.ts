import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import type { Trace } from '../sim/trace/schema';
import { timelineModel } from './timeline';
import { labelTextBox, layoutTimeline } from './timelineLayout';
import { hitRegions, ringBox, TARGET_PX, type Rect } from './timelineHits';
import { fmt } from './timelineWords';

const dir = new URL('../../recordings/', import.meta.url);
const recordings = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && f !== 'numbers.json')
  .map((file) => ({ file, trace: JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Trace }));
const widths = [288, 321, 343, 375, 800, 1280];

const overlap = (a: Rect, b: Rect) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.01 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.01;

/** Whether a box `w` by `h` px fits inside the union of `rects` (checked every half px). */
function fits(rects: readonly Rect[], w: number, h: number): boolean {
  const covered = (x: number, y: number) =>
    rects.some(
      (r) =>
        r.x - 0.01 <= x &&
        x <= r.x + r.width + 0.01 &&
        r.y - 0.01 <= y &&
        y <= r.y + r.height + 0.01,
    );
  const xs = rects.flatMap((r) => [r.x, r.x + r.width - w]);
  const ys = rects.flatMap((r) => [r.y, r.y + r.height - h]);
  return xs.some((x0) =>
    ys.some((y0) => {
      for (let x = x0; x <= x0 + w + 0.001; x += Math.min(0.5, w))
        for (let y = y0; y <= y0 + h + 0.001; y += 0.5) if (!covered(x, y)) return false;
      return true;
    }),
  );
}

/** `a` less `b`, as up to four rects. */
function rectMinus(a: Rect, b: Rect): Rect[] {
  if (!overlap(a, b)) return [a];
  const [ax1, ay1, bx1, by1] = [a.x + a.width, a.y + a.height, b.x + b.width, b.y + b.height];
  const top = Math.max(a.y, b.y);
  const bottom = Math.min(ay1, by1);
  const parts: Rect[] = [
    { x: a.x, y: a.y, width: a.width, height: b.y - a.y },
    { x: a.x, y: by1, width: a.width, height: ay1 - by1 },
    { x: a.x, y: top, width: b.x - a.x, height: bottom - top },
    { x: bx1, y: top, width: ax1 - bx1, height: bottom - top },
  ];
  return parts.filter((r) => r.width > 0.01 && r.height > 0.01);
}

/** The rects of `rects` joined, edge to edge or overlapping, to `place`. */
function joinedTo(place: Rect, rects: readonly Rect[]): Rect[] {
  const touch = (a: Rect, b: Rect) =>
    Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) >= -0.01 &&
    Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) >= -0.01;
  const joined = rects.filter((r) => overlap(r, place));
  for (let n = 0; n < joined.length; n++)
    for (const r of rects) if (!joined.includes(r) && touch(r, joined[n]!)) joined.push(r);
  return joined;
}

// Each test lays out every recording at several widths and text sizes: seconds on a busy machine.
describe(
  'the lane timeline’s touch targets, on every committed recording',
  { timeout: 30_000 },
  () => {
    it('overlap no other mark’s target, so a tap chooses one mark wherever it lands', () => {
      const out: string[] = [];
      for (const { file, trace } of recordings)
        for (const width of widths) {
          const l = layoutTimeline(timelineModel(trace), { width });
          const regions = hitRegions(l);
          l.marks.forEach((m, i) =>
            l.marks.slice(i + 1).forEach((n, j) => {
              if (regions[i]!.some((a) => regions[i + 1 + j]!.some((b) => overlap(a, b))))
                out.push(`${file} at ${width} px: “${m.label}” and “${n.label}”`);
            }),
          );
        }
      expect(out).toEqual([]);
    });

    it('keep each mark’s ring (its place in a stack) its own, and hold the drawn mark', () => {
      const out: string[] = [];
      for (const { file, trace } of recordings)
        for (const width of widths) {
          const l = layoutTimeline(timelineModel(trace), { width });
          const regions = hitRegions(l);
          l.marks.forEach((m, i) => {
            if (m.x2 !== undefined) return;
            const cy = m.y + (m.stacked?.dy ?? 0);
            // The drawn shape's centre, a px round it.
            const inside = regions[i]!.some(
              (r) =>
                r.x <= m.x - 1 &&
                m.x + 1 <= r.x + r.width &&
                r.y <= cy - 1 &&
                cy + 1 <= r.y + r.height,
            );
            if (!inside) out.push(`${file} at ${width} px: “${m.label}” at ${fmt(m.t)}`);
          });
        }
      expect(out).toEqual([]);
    });

    it('give every point, the middle of three stacked too, a target 24 px tall, and 24 wide where no neighbour stands nearer', () => {
      // The middle of three stacked marks (a grant, the write sent at once, a release a ms later)
      // had only its 9 px place in the stack: under half of WCAG 2.5.8's 24 px. A mark with
      // another of its lane nearer than that across (etcd's refusals, a few ms apart) has its
      // half of the room between them, each side, and 24 px up or down.
      const out: string[] = [];
      let middles = 0;
      for (const { file, trace } of recordings)
        for (const width of widths) {
          const l = layoutTimeline(timelineModel(trace), { width });
          const regions = hitRegions(l);
          l.marks.forEach((m, i) => {
            if (m.x2 !== undefined) {
              if (!regions[i]!.length) out.push(`${file} at ${width} px: “${m.label}” has none`);
              return;
            }
            if (m.stacked && m.stacked.row > 0 && m.stacked.row < m.stacked.rows - 1) middles++;
            const others = l.marks.filter(
              (n) =>
                n !== m && n.lane === m.lane && n.x2 === undefined && Math.abs(n.x - m.x) >= 0.5,
            );
            const gap = (side: number) =>
              Math.min(
                13,
                ...others.filter((n) => (n.x - m.x) * side > 0).map((n) => Math.abs(n.x - m.x) / 2),
              );
            const wide = Math.min(24, gap(-1) + gap(1)) - 0.5;
            if (!fits(regions[i]!, wide, 24))
              out.push(`${file} at ${width} px: “${m.label}” at ${fmt(m.t)}`);
          });
        }
      expect(middles).toBeGreaterThan(20);
      expect(out).toEqual([]);
    });

    it('meet WCAG 2.5.8 on a phone, at 100% and 200% text: 24 by 24 px, or a 24 px circle clear of every other target', () => {
      // etcd's refusals a few ms apart had their half of the room between them, 10 px across at
      // 375 px, and targets side by side: a 24 px circle round the middle of a narrow one always
      // reaches its neighbour's, so such a target must be 24 by 24 px itself. The test takes the
      // success criterion as written: a target under 24 by 24 px passes only if the 24 px circle
      // centred on its bounding box meets no other target and no other undersized target's circle.
      const out: string[] = [];
      const gap = (cx: number, cy: number, r: Rect) =>
        Math.hypot(
          Math.max(r.x - cx, cx - r.x - r.width, 0),
          Math.max(r.y - cy, cy - r.y - r.height, 0),
        );
      for (const { file, trace } of recordings)
        for (const k of [1, 2])
          for (const width of [288, 321, 375, 430]) {
            const l = layoutTimeline(timelineModel(trace), { width, laneHeight: 76, textScale: k });
            const regions = hitRegions(l, k);
            const targets = regions.map((rs) => {
              const x0 = Math.min(...rs.map((r) => r.x));
              const x1 = Math.max(...rs.map((r) => r.x + r.width));
              const y0 = Math.min(...rs.map((r) => r.y));
              const y1 = Math.max(...rs.map((r) => r.y + r.height));
              return { sized: fits(rs, 24, 24), cx: (x0 + x1) / 2, cy: (y0 + y1) / 2 };
            });
            l.marks.forEach((m, i) => {
              const t = targets[i]!;
              if (t.sized) return;
              const hit = l.marks.filter(
                (_, j) =>
                  j !== i &&
                  (regions[j]!.some((r) => gap(t.cx, t.cy, r) < 12 - 0.01) ||
                    (!targets[j]!.sized &&
                      Math.hypot(targets[j]!.cx - t.cx, targets[j]!.cy - t.cy) < 24 - 0.01)),
              );
              if (hit.length)
                out.push(
                  `${file} at ${width} px, ${k * 100}%: “${m.label}” at ${fmt(m.t)}, under 24 px, its circle meets ${hit.map((n) => `“${n.label}”`).join(', ')}`,
                );
            });
          }
      expect(out).toEqual([]);
    });

    it('choose a mark by a tap on its label, wherever no other mark’s target is, at 100% and 200% text', () => {
      const out: string[] = [];
      const inside = (r: Rect, x: number, y: number) =>
        r.x <= x && x <= r.x + r.width && r.y <= y && y <= r.y + r.height;
      for (const k of [1, 2])
        for (const { file, trace } of recordings)
          for (const width of widths) {
            const l = layoutTimeline(timelineModel(trace), { width, textScale: k });
            const regions = hitRegions(l, k);
            l.marks.forEach((m) => {
              const t = labelTextBox(m, k);
              if (!t) return;
              // Only the targets that reach the words can be under them.
              const near = regions.flatMap((rs, j) =>
                rs
                  .filter(
                    (r) =>
                      r.x <= t.right &&
                      t.left <= r.x + r.width &&
                      r.y <= t.bottom &&
                      t.top <= r.y + r.height,
                  )
                  .map((r) => ({ j, r })),
              );
              // Every px of the words, inset a quarter px from their box's edges.
              let missed = 0;
              for (let x = t.left + 0.25; x <= t.right - 0.25; x += 1)
                for (let y = t.top + 0.25; y <= t.bottom - 0.25; y += 1) {
                  let owner = -1;
                  for (const { j, r } of near) {
                    if (!inside(r, x, y) || owner === j) continue;
                    if (owner !== -1)
                      out.push(
                        `${file} at ${width} px, ${k * 100}%: two targets under “${m.label}”`,
                      );
                    owner = j;
                  }
                  if (owner === -1) missed++;
                }
              if (missed > 0)
                out.push(
                  `${file} at ${width} px, ${k * 100}%: ${missed} px of “${m.label}” choose nothing`,
                );
            });
          }
      expect([...new Set(out)]).toEqual([]);
    });

    it('keep off every other mark’s label, at 100% and 200% text, but where a mark’s 24 px square has no other room', () => {
      // A stack's top reached up over the label above it (etcd's "busy" over "lock, token 8", the
      // advisory lock's "write v2" over "commit"), and a tap on those words chose the neighbour:
      // 114 mark and label pairs at 288, 321, 375 and 430 px, 140 with 343 px, and 16 at 800 and
      // 1280 px. Left are 28 on the committed recordings, all on a phone, each where the covering
      // mark's target, less every other mark's words, holds no finger's square (hitRegions: the
      // square wins): etcd's refusals stacked within 30 px under "lock, token 8", and the top of
      // a stack whose only room is up, under a label. Judged by that rule, not by a list, so that
      // recordings made again keep the test true.
      const needless: string[] = [];
      // At a desktop's width the layout keeps labels out of every target's way: none is covered,
      // whatever room the covering mark has. Holder-crash's "release", the top of a stack under
      // "lock, token 34", reached up over those words at 800 and 1280 px, and one of etcd's
      // refusals at 800 px with the text at 200% over "lock, token 8" (6 pairs, now none).
      const onDesktop: string[] = [];
      let kept = 0;
      for (const { file, trace } of recordings)
        for (const k of [1, 2])
          for (const width of [288, 321, 343, 375, 430, 800, 1280]) {
            const l = layoutTimeline(timelineModel(trace), { width, laneHeight: 76, textScale: k });
            const regions = hitRegions(l, k);
            const words = l.marks.map((m) => {
              const t = labelTextBox(m, k);
              return (
                t && { x: t.left, y: t.top, width: t.right - t.left, height: t.bottom - t.top }
              );
            });
            regions.forEach((rs, j) => {
              const covered = words.flatMap((w, i) =>
                i !== j && w && rs.some((r) => overlap(r, w)) ? [i] : [],
              );
              if (!covered.length) return;
              kept += covered.length;
              if (width >= 800)
                onDesktop.push(
                  `${file} at ${width} px, ${k * 100}%: “${l.marks[j]!.label}” at ${fmt(l.marks[j]!.t)} covers ${covered.map((i) => `“${l.marks[i]!.label}”`).join(', ')}`,
                );
              const othersWords = words.filter((w, i): w is Rect => i !== j && w !== null);
              const rest = othersWords.reduce((acc, w) => acc.flatMap((r) => rectMinus(r, w)), rs);
              // A square counts only in one piece with the mark's place: a target that must cross
              // a label to reach its square keeps the crossing.
              if (fits(joinedTo(ringBox(l.marks[j]!, k), rest), TARGET_PX, TARGET_PX)) {
                const n = l.marks[j]!;
                const over = covered.map((i) => `“${l.marks[i]!.label}”`).join(', ');
                needless.push(
                  `${file} at ${width} px, ${k * 100}%: “${n.label}” at ${fmt(n.t)} covers ${over} with a square to spare`,
                );
              }
            });
          }
      expect(needless).toEqual([]);
      expect(onDesktop).toEqual([]);
      // The rule above would hold if every target kept its old reach only where it had no square
      // besides; this bound keeps the count from creeping back towards the 156 pairs of before
      // (46 before the layout kept labels out of the stacks' reach, 28 now).
      expect(kept).toBeLessThanOrEqual(32);
    });

    it('draw the ring where it was: 26 px round a lone point', () => {
      const l = layoutTimeline(timelineModel(recordings[0]!.trace), { width: 800 });
      const lone = l.marks.find((m) => m.x2 === undefined && !m.stacked)!;
      expect(ringBox(lone)).toEqual({ x: lone.x - 13, y: lone.y - 13, width: 26, height: 26 });
    });
  },
);
