// Where a tap or a click on the lane timeline chooses each mark: its touch target, invisible and
// larger than the drawn mark (WCAG 2.2, 2.5.8: 24 by 24 CSS px, or spacing). Pure: React draws the
// result under every mark (LaneTimeline.tsx). No two marks' targets overlap, so what a tap
// chooses does not hang on which target happens to be painted last.
import {
  labelTextBox,
  ringPx,
  TARGET_PX,
  type PlacedMark,
  type TimelineLayout,
} from './timelineLayout';

/** A box in the timeline's px, as SVG's rect has it. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The height and width a finger needs (WCAG 2.5.8, Target Size (Minimum)). */
export { TARGET_PX };

/**
 * The box the focus ring (and the current step's ring) outlines: 26 px round a lone point, a
 * bar's length, or for a mark stacked with others at nearly its moment, its own place in the
 * stack, so that the ring says which of them is meant. `k` is the reader's text size over the
 * default: the marks grow with it (ringPx).
 */
export function ringBox(m: PlacedMark, k = 1): Rect {
  const interval = m.x2 !== undefined;
  const r = ringPx(k);
  if (m.stacked && !interval) {
    const cy = m.y + m.stacked.dy;
    return { x: m.x - r, y: cy - m.stacked.pitch / 2, width: 2 * r, height: m.stacked.pitch };
  }
  return {
    x: interval ? m.x - 2 : m.x - r,
    y: m.y - r,
    width: interval ? Math.max(24, (m.x2 as number) - m.x + 4) : 2 * r,
    height: 2 * r,
  };
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const toBox = (r: Rect): Box => ({ x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height });
const toRect = (b: Box): Rect => ({ x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0 });
const EMPTY = 1e-6;
const empty = (b: Box) => b.x1 - b.x0 <= EMPTY || b.y1 - b.y0 <= EMPTY;
const meet = (a: Box, b: Box): Box => ({
  x0: Math.max(a.x0, b.x0),
  y0: Math.max(a.y0, b.y0),
  x1: Math.min(a.x1, b.x1),
  y1: Math.min(a.y1, b.y1),
});

/** Whether `a` and `b` share some room: `!empty(meet(a, b))`, without making the box. */
const overlap = (a: Box, b: Box) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > EMPTY &&
  Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > EMPTY;

/** `a` less `b`: up to four boxes (the strips over, under, left and right of their overlap). */
function minus(a: Box, b: Box): Box[] {
  const i = meet(a, b);
  if (empty(i)) return [a];
  return [
    { x0: a.x0, y0: a.y0, x1: a.x1, y1: i.y0 },
    { x0: a.x0, y0: i.y1, x1: a.x1, y1: a.y1 },
    { x0: a.x0, y0: i.y0, x1: i.x0, y1: i.y1 },
    { x0: i.x1, y0: i.y0, x1: a.x1, y1: i.y1 },
  ].filter((p) => !empty(p));
}

/** `as` less every one of `bs`. Most of `bs` are far off: those are passed over without a copy. */
function minusAll(as: Box[], bs: readonly Box[]): Box[] {
  let left = as;
  for (const b of bs) if (left.some((a) => overlap(a, b))) left = left.flatMap((a) => minus(a, b));
  return left;
}

/**
 * Each claimant's boxes, where two claim the same room split between them halfway: across,
 * halfway between their times; for marks of one moment (stacked one over another), halfway
 * between their places in the stack.
 */
function shareOut(claims: { m: PlacedMark; boxes: Box[] }[]): Box[][] {
  const centreY = (m: PlacedMark) => m.y + (m.stacked?.dy ?? 0);
  return claims.map(({ m, boxes }) =>
    claims.reduce((left, other) => {
      if (other.m === m) return left;
      const across = Math.abs(other.m.x - m.x) >= 0.5;
      const mid = across ? (m.x + other.m.x) / 2 : (centreY(m) + centreY(other.m)) / 2;
      const theirs: Box = across
        ? other.m.x > m.x
          ? { x0: mid, y0: -Infinity, x1: Infinity, y1: Infinity }
          : { x0: -Infinity, y0: -Infinity, x1: mid, y1: Infinity }
        : centreY(other.m) > centreY(m)
          ? { x0: -Infinity, y0: mid, x1: Infinity, y1: Infinity }
          : { x0: -Infinity, y0: -Infinity, x1: Infinity, y1: mid };
      const given = other.boxes.flatMap((o) => left.map((b) => meet(meet(b, o), theirs)));
      return minusAll(
        left,
        given.filter((g) => !empty(g)),
      );
    }, boxes),
  );
}

/**
 * Every mark's touch target, as boxes that overlap no other mark's, in the order of
 * `layout.marks`. Claimed in turn, each claim taking only the room the ones before left:
 *
 * 1. each point's ring (its place in a stack, or 26 px round a lone point), shared halfway with
 *    a neighbour's;
 * 2. for the top and the bottom of a stack, room above and below to make it 24 px tall;
 * 3. each bar's ring (a hold, a pause), the later bar taking what two share;
 * 4. for a mark in the middle of a stack, whose place there is under 24 px tall (9 px in three
 *    rows), room beside the stack, left and right, 24 px tall round the lane's line and 24 px
 *    wide: where the room allows it, a finger's width of its own;
 * 5. for a target that still holds no 24 px square (marks a few px apart across, each with its
 *    half of the room between them), the nearest free 24 px square over, under or beside it;
 * 6. each label's words, where no target is yet.
 *
 * Steps 2 and 5 keep off other marks' labels, so that a tap on the words chooses the mark they
 * name: a stack's top reached up over the label above it (etcd's "busy" under "lock, token 8",
 * the advisory lock's "write v2" under "commit"), and a tap there chose the neighbour. The square
 * wins over the words: where a mark is left with no 24 px square so (etcd's refusals on a phone,
 * three tops of stacks in 22 px under one label, each with room only over its place), the marks
 * that sought squares beside it claim again, their reach over the labels as before.
 *
 * `k` is the reader's text size over the default (see ringBox); a finger's 24 px do not grow.
 */
export function hitRegions(
  layout: Pick<TimelineLayout, 'marks'> & Partial<Pick<TimelineLayout, 'width'>>,
  k = 1,
): Rect[][] {
  const overLabels = new Set<number>();
  let { out, crowd } = claimTargets(layout, k, overLabels);
  // A mark left short claims again with its reach over the labels. Where that is not enough,
  // every mark that sought a square at step 5 does too: they share the room, and one given its
  // reach back can leave another short in turn. Only the marks that need it cover words.
  for (let pass = 0; pass < 6; pass++) {
    const short = out.flatMap((boxes, i) => (holdsSquare(boxes) ? [] : [i]));
    const fresh = short.filter((i) => !overLabels.has(i));
    const widen = fresh.length
      ? fresh
      : short.length
        ? crowd.filter((i) => !overLabels.has(i))
        : [];
    if (!widen.length) break;
    for (const i of widen) overLabels.add(i);
    ({ out, crowd } = claimTargets(layout, k, overLabels));
  }
  return out.map((boxes) => merged(boxes).map(toRect));
}

/**
 * hitRegions' claims, each mark's boxes, and the marks that sought a square at step 5.
 * `overLabels`: the marks whose reach (step 2) may cover other marks' labels, for want of a
 * square elsewhere.
 */
function claimTargets(
  layout: Pick<TimelineLayout, 'marks'> & Partial<Pick<TimelineLayout, 'width'>>,
  k: number,
  overLabels: ReadonlySet<number>,
): { out: Box[][]; crowd: number[] } {
  const marks = layout.marks;
  const out: Box[][] = marks.map(() => []);
  const taken = () => out.flat();
  const points = marks.flatMap((m, i) => (m.x2 === undefined ? [{ m, i }] : []));
  const half = TARGET_PX / 2;
  const labels = marks.map((m) => {
    const t = labelTextBox(m, k);
    return t ? { x0: t.left, x1: t.right, y0: t.top, y1: t.bottom } : null;
  });
  /** The labels of every mark but the `i`th. */
  const othersLabels = (i: number) => labels.filter((b, j): b is Box => b !== null && j !== i);

  // 1. The rings.
  const rings = shareOut(points.map(({ m }) => ({ m, boxes: [toBox(ringBox(m, k))] })));
  points.forEach(({ i }, n) => out[i]!.push(...rings[n]!));

  // 2. A stack's top and bottom reach up and down, round other marks' labels (its own is its
  // target anyway), keeping what stays one piece with its place. Where that leaves no 24 px
  // square, step 5 finds one.
  const ends = points.flatMap(({ m, i }) => {
    const st = m.stacked;
    const ring = toBox(ringBox(m, k));
    const grow = TARGET_PX - (ring.y1 - ring.y0);
    if (!st || grow <= 0) return [];
    if (st.row === 0) return [{ m, i, boxes: [{ ...ring, y0: ring.y0 - grow, y1: ring.y0 }] }];
    if (st.row === st.rows - 1)
      return [{ m, i, boxes: [{ ...ring, y0: ring.y1, y1: ring.y1 + grow }] }];
    return [];
  });
  const before2 = taken();
  const ends2 = ends.map(({ m, i, boxes }) => ({
    m,
    boxes: overLabels.has(i)
      ? minusAll(boxes, before2)
      : attached(minusAll(minusAll(boxes, before2), othersLabels(i)), out[i]!),
  }));
  shareOut(ends2).forEach((boxes, n) => out[ends[n]!.i]!.push(...boxes));

  // 3. The bars, under the points; of two, the later.
  const before3 = taken();
  const bars = marks.flatMap((m, i) => (m.x2 !== undefined ? [{ m, i }] : []));
  bars.forEach(({ m, i }, n) => {
    const later = bars.slice(n + 1).map((b) => toBox(ringBox(b.m, k)));
    out[i]!.push(...minusAll(minusAll([toBox(ringBox(m, k))], before3), later));
  });

  // 4. The middle of a stack reaches out beside it: 24 px wide, and 24 px tall round its own
  // place, or as near it as the room left beside the stack lets a finger's square be.
  const before4 = taken();
  const middles = points.flatMap(({ m, i }) => {
    const st = m.stacked;
    if (!st || st.row === 0 || st.row === st.rows - 1 || st.pitch >= TARGET_PX) return [];
    const ring = toBox(ringBox(m, k));
    const cy = m.y + st.dy;
    const wing = (x0: number): Box[] => {
      const x1 = x0 + TARGET_PX;
      const at = (o: number) =>
        minusAll([{ x0, x1, y0: cy + o - half, y1: cy + o + half }], before4);
      // Nearest its place first, then a px and a half further up or down at a time.
      for (let o = 0; o <= half; o += 1.5)
        for (const shift of o === 0 ? [0] : [-o, o]) {
          const free = merged(at(shift));
          if (free.some((b) => b.x1 - b.x0 >= TARGET_PX - 0.01 && b.y1 - b.y0 >= TARGET_PX - 0.01))
            return free;
        }
      return at(0);
    };
    return [{ m, i, boxes: [...wing(ring.x0 - TARGET_PX), ...wing(ring.x1)] }];
  });
  shareOut(middles).forEach((boxes, n) => out[middles[n]!.i]!.push(...boxes));

  // 5. A target that still holds no finger's square (etcd's refusals a few ms apart, each with
  // its half of the 10 px between them on a phone; a bar of work cut short by the grant at its
  // start) takes the nearest free one: a 24 px square at the mark's time across, over or under
  // its place, meeting it so that the target stays one piece. A smaller target would need, by
  // 2.5.8's spacing exception, a 24 px circle round it clear of every other target: marks a few
  // px apart, their targets side by side, never have that.
  const width = layout.width ?? Infinity;
  const short = new Set(marks.flatMap((_, i) => (holdsSquare(out[i]!) ? [] : [i])));
  const crowd = [...short];
  // A mark's own label, less the targets round it: step 6 gives it those words.
  const ownLabel = (i: number) =>
    labels[i]
      ? minusAll(
          [labels[i]],
          out.flatMap((b, j) => (j === i ? [] : b)),
        )
      : [];
  const squaresFor = (i: number, anyOne = false) =>
    freeSquares(
      marks[i]!,
      out[i]!,
      out.flatMap((b, j) => (j === i ? [] : b)),
      othersLabels(i),
      width,
      anyOne,
    );
  // The mark with the fewest squares left to it chooses first, so that a neighbour with room to
  // spare does not take the only one a crowded mark had; and it takes the nearest of its squares
  // that still leaves each of the others a square (tried among its nearest few).
  while (short.size) {
    const open = [...short]
      .map((i) => ({ i, squares: squaresFor(i) }))
      .filter((c) => c.squares.length);
    // Where every square left would cover another mark's words (the nearest covers none where
    // one does not), a mark whose own words hold a square by themselves keeps to those: a piece
    // apart from its place (at 200% a label is 26 px tall), but no neighbour's words lost.
    const toWords = open.filter(
      (c) => othersLabels(c.i).some((o) => overlap(o, c.squares[0]!)) && holdsSquare(ownLabel(c.i)),
    );
    if (toWords.length) {
      for (const c of toWords) short.delete(c.i);
      continue;
    }
    if (!open.length) break;
    const pick = open.reduce((a, b) => (b.squares.length < a.squares.length ? b : a));
    const rest = open.filter((c) => c !== pick).map((c) => c.i);
    const leaves = (sq: Box) => {
      out[pick.i]!.push(sq);
      const ok = rest.every((i) => squaresFor(i, true).length > 0);
      out[pick.i]!.pop();
      return ok;
    };
    out[pick.i]!.push(pick.squares.slice(0, 12).find(leaves) ?? pick.squares[0]!);
    short.delete(pick.i);
  }

  // 6. A mark's label, where no target is yet: a tap or a pointer on the words chooses the mark
  // they name. Labels take no pointer events, so a tap on one used to choose nothing, or on a
  // phone often the neighbour whose target reached under it. Labels keep apart (LABEL_GAP_PX), so
  // no two of these overlap either.
  const before6 = taken();
  marks.forEach((m, i) => {
    const t = labelTextBox(m, k);
    if (t)
      out[i]!.push(...minusAll([{ x0: t.left, x1: t.right, y0: t.top, y1: t.bottom }], before6));
  });
  return { out, crowd };
}

/**
 * The boxes of `pieces` that meet `to` along an edge, or meet one that does, and so on: a claim cut
 * round a label keeps only what stays one piece with the target it grows.
 */
function attached(pieces: readonly Box[], to: readonly Box[]): Box[] {
  const touch = (a: Box, b: Box) => {
    const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
    const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
    return (across > 0.5 && down > -0.01) || (down > 0.5 && across > -0.01);
  };
  const kept: Box[] = [];
  let left = [...pieces];
  for (let grew = true; grew;) {
    const next = left.filter((p) => [...to, ...kept].some((o) => touch(p, o)));
    grew = next.length > 0;
    kept.push(...next);
    left = left.filter((p) => !next.includes(p));
  }
  return kept;
}

/** Whether the boxes together hold a TARGET_PX square (tried flush with their edges). */
function holdsSquare(boxes: readonly Box[]): boolean {
  const s = TARGET_PX - 0.01;
  const xs = new Set(boxes.flatMap((b) => [b.x0, b.x1 - s]));
  const ys = new Set(boxes.flatMap((b) => [b.y0, b.y1 - s]));
  // A square's top left corner lies in one of the boxes: the rest are passed over at once.
  const inside = (x: number, y: number) =>
    boxes.some((b) => b.x0 <= x && x < b.x1 && b.y0 <= y && y < b.y1);
  for (const x0 of xs)
    for (const y0 of ys)
      if (
        inside(x0 + EMPTY, y0 + EMPTY) &&
        !minusAll([{ x0, y0, x1: x0 + s, y1: y0 + s }], boxes).length
      )
        return true;
  return false;
}

/** How far a square's centre may stand over or under the mark's own centre, in px. */
const SQUARE_REACH_PX = 36;

/**
 * The free TARGET_PX squares for a mark, nearest first (to its centre, or for a bar the nearest
 * point of its line): each holds some of the mark's span across, meets `own` along an edge or
 * over it, keeps inside the figure across, and overlaps none of `everyOther`. Those that cover
 * none of `keepOff` (other marks' labels) come first: a square covers a neighbour's words only
 * where the mark has no other, for a finger's 24 px come before a tap on the words. `anyOne`: the
 * first found, for a question of whether there is one.
 */
function freeSquares(
  m: PlacedMark,
  own: readonly Box[],
  everyOther: readonly Box[],
  keepOff: readonly Box[],
  width: number,
  anyOne = false,
): Box[] {
  const s = TARGET_PX;
  const cy = m.y + (m.stacked?.dy ?? 0);
  const from = m.x;
  const to = m.x2 ?? m.x;
  const bar = m.x2 === undefined ? 0 : 1;
  // Only the boxes within reach of a square can stand in its way.
  const reach: Box = {
    x0: from - s - 1,
    x1: to + s + 1,
    y0: cy - SQUARE_REACH_PX - s,
    y1: cy + SQUARE_REACH_PX + s,
  };
  const others = everyOther.filter((o) => overlap(o, reach));
  const words = keepOff.filter((o) => overlap(o, reach));
  const meets = (b: Box) =>
    own.some(
      (o) =>
        Math.min(b.x1, o.x1) - Math.max(b.x0, o.x0) > 0.5 &&
        b.y0 <= o.y1 + 0.01 &&
        o.y0 <= b.y1 + 0.01,
    );
  // Every 2 px, and flush with the edges of the boxes round it (a stack's places end on halves).
  const edges = [...own, ...others];
  const lowX = from - s + bar;
  const highX = to - bar;
  const x0s = new Set<number>();
  for (let x0 = Math.ceil(lowX); x0 <= highX; x0 += 2) x0s.add(x0);
  x0s.add(lowX).add(highX);
  for (const e of edges)
    for (const x0 of [e.x1, e.x0 - s]) if (x0 >= lowX && x0 <= highX) x0s.add(x0);
  const y0s = new Set<number>();
  for (let dy = -SQUARE_REACH_PX; dy <= SQUARE_REACH_PX; dy += 2) y0s.add(cy + dy - s / 2);
  for (const e of edges)
    for (const y0 of [e.y1, e.y0 - s])
      if (Math.abs(y0 + s / 2 - cy) <= SQUARE_REACH_PX) y0s.add(y0);
  const found: { b: Box; d: number; covers: boolean }[] = [];
  for (const x0 of x0s) {
    if (x0 < 0 || x0 + s > width) continue;
    const ax = Math.min(Math.max(x0 + s / 2, from), to);
    // Only the boxes over this column of squares can stand in their way.
    const column: Box = { x0, x1: x0 + s, y0: -Infinity, y1: Infinity };
    const inColumn = others.filter((o) => overlap(o, column));
    const wordsInColumn = words.filter((o) => overlap(o, column));
    for (const y0 of y0s) {
      const b = { x0, y0, x1: x0 + s, y1: y0 + s };
      if (!meets(b) || inColumn.some((o) => overlap(b, o))) continue;
      if (anyOne) return [b];
      const covers = wordsInColumn.some((o) => overlap(b, o));
      found.push({ b, d: Math.hypot(x0 + s / 2 - ax, y0 + s / 2 - cy), covers });
    }
  }
  return found.sort((p, q) => Number(p.covers) - Number(q.covers) || p.d - q.d).map((f) => f.b);
}

/** Boxes that meet edge to edge along the whole of it, as one (a stack's place and its reach). */
function merged(boxes: Box[]): Box[] {
  const near = (a: number, b: number) => Math.abs(a - b) < 0.01;
  const left = [...boxes];
  for (let joined = true; joined;) {
    joined = false;
    search: for (let i = 0; i < left.length; i++)
      for (let j = 0; j < left.length; j++) {
        const [a, b] = [left[i]!, left[j]!];
        if (i === j) continue;
        const stacked = near(a.x0, b.x0) && near(a.x1, b.x1) && near(a.y1, b.y0);
        const side = near(a.y0, b.y0) && near(a.y1, b.y1) && near(a.x1, b.x0);
        if (!stacked && !side) continue;
        left[i] = { x0: a.x0, y0: a.y0, x1: b.x1, y1: b.y1 };
        left.splice(j, 1);
        joined = true;
        break search;
      }
  }
  return left;
}

/** The boxes as one SVG path: one closed square-cornered ring of lines per box. */
export function rectsPath(rects: readonly Rect[]): string {
  const r2 = (v: number) => Math.round(v * 100) / 100;
  return rects
    .map((r) => `M${r2(r.x)},${r2(r.y)}h${r2(r.width)}v${r2(r.height)}h${r2(-r.width)}Z`)
    .join('');
}
