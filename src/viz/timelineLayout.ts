// The lane timeline's layout: the marks of a timeline model (timeline.ts) placed in a box of a given
// width, lanes stacked, time across with d3-scale, labels kept apart. Pure: React draws the result.
import { scaleLinear } from 'd3-scale';
import type { ScaleLinear } from 'd3-scale';
import {
  markTone,
  type Connector,
  type Lane,
  type Mark,
  type MarkKind,
  type TimelineModel,
} from './timeline';

/** Room kept clear of tick labels at the timeline's right edge, where the unit is written. */
export const TIMELINE_UNIT_CLEARANCE_PX = 36;

export interface LayoutOptions {
  width: number;
  laneHeight?: number;
  /** Room above the first lane for its label, and below the last for the time axis. */
  top?: number;
  bottom?: number;
  padX?: number;
  /**
   * Average width of one label character, in px, to keep labels from overlapping: the estimate
   * used where `labelPx` is not given (tests, a page without a canvas).
   */
  charPx?: number;
  /**
   * The width in px of a label's text as the page draws it, at its mark's font (the page measures
   * it with a canvas: panels/shared/labelWidths.ts): the room each label is given, and what it
   * keeps clear of. Without it, every letter is `charPx` wide (a bold one BOLD_CHAR_RATIO wider),
   * times the text scale; with it, the text scale is already in the font.
   */
  labelPx?: LabelPx;
  /**
   * The reader's text size over the default (2 at 200%): the labels are in rem, so every px above
   * that makes room for text (lane height, top, bottom, letter width, the unit's clearance) is
   * multiplied by it. So are the marks, as the text they stand beside: their size, and with it
   * the reach of the ring round them (ringPx), how near two stand before they are stacked, and
   * the stack's height. The 6 px between a mark and its ring do not grow: at 200% a label over
   * its lane's line then still clears the lane's name over it.
   */
  textScale?: number;
}

/** The width in px of a label's text, drawn at the font of its mark's label. */
export type LabelPx = (text: string, m: Pick<Mark, 'kind' | 'stale' | 'lost'>) => number;

export interface PlacedMark extends Mark {
  /** Where the mark stands across: its time on the axis, `x(t)`, never moved off it. */
  x: number;
  x2?: number;
  /** The line of its lane (or of the lane's second row): labels are placed from it. */
  y: number;
  /**
   * A point mark within a few px of another in its lane (a grant and the write sent in the same
   * ms): the marks are stacked across the lane's line, each at its own time, rather than pushed
   * apart along the axis. `dy` is the centre of its shape from `y`, `scale` its size over a lone
   * mark's, `pitch` the height of its place in the stack, `row` and `rows` which place of how many
   * (0 the top).
   */
  stacked?: { dy: number; scale: number; pitch: number; row: number; rows: number };
  /**
   * The label as drawn: the mark's own, or the first of its shorter forms that found room.
   * `labelAt` says where it goes: above or below the lane line, or nowhere when there is no room.
   */
  labelAt: 'above' | 'below' | 'none';
  /**
   * A label one line further out than the first (see labelBaselineY): where the first line over
   * or under the lane is taken, a crowded run's mark still says what it is.
   */
  labelFar?: true;
  labelX: number;
  labelAnchor: 'start' | 'middle' | 'end';
  /**
   * The room the label was given, as wide as its text (labelPx): nothing else is drawn there, and
   * the replay's playhead passes behind it rather than through its letters.
   */
  labelBox?: Box;
}

export interface TimelineLayout {
  width: number;
  height: number;
  x: ScaleLinear<number, number>;
  lanes: Lane[];
  marks: PlacedMark[];
  /**
   * The lines from writes to the storage's answers, from (x1, y1) to (x2, y2), each end at its
   * mark's time. `bend` is how far (px, + to the right) the middle of a line bows off the straight:
   * two lines that would run within a few px of each other all the way down (two writes ms apart)
   * bow apart, their ends where they were (see bendApart).
   */
  connectors: (Connector & { x1: number; y1: number; x2: number; y2: number; bend: number })[];
  /**
   * The axis's ticks. `labelX` is where the label is centred (the tick's x, unless a label that
   * carries the unit is moved in from the edge); `withUnit` marks the one that ends in "ms".
   */
  ticks: { t: number; x: number; label: string; labelX: number; withUnit?: boolean }[];
  /** Whether the axis writes "ms" on its own at the right edge (no tick label carries it). */
  unitAtEdge: boolean;
}

/**
 * Whether a mark's label is drawn bold (timeline.css: the pause, the TTL running out, and every
 * toned write and answer). Bold letters are wider, so its width is reckoned with
 * BOLD_CHAR_RATIO: at 11 px, "paused 240 ms" is 7.2 px a letter in bold and 5.5 in regular.
 */
export function labelIsBold(m: Pick<Mark, 'kind' | 'stale' | 'lost'>): boolean {
  return m.kind === 'pause' || m.kind === 'expire' || markTone(m) !== '';
}
const BOLD_CHAR_RATIO = 1.15;

/** How far under its lane's line the second row of a lane is drawn (bars are 14 px high). */
const ROW_PX = 15;

/**
 * Two point marks in one lane whose centres are nearer than this are stacked rather than drawn side
 * by side (a lone mark is 12 to 14 px wide, its stroke included): every mark stands at its time.
 */
const STACK_WITHIN_PX = 15;
/**
 * How far over and under its lane's line a stack of marks reaches: no further than a lone mark's
 * ring (RING_HALF_PX), so that labels keep the places they have round any mark.
 */
const STACK_HALF_PX = 13.5;

/** Marks a connector line starts or ends on. */
const CONNECTED_KINDS: ReadonlySet<MarkKind> = new Set(['write', 'stored', 'rejected']);

/** Positions a model in a box `width` px wide: lanes stacked, time across, labels de-cluttered. */
export function layoutTimeline(model: TimelineModel, opts: LayoutOptions): TimelineLayout {
  const width = Math.max(240, opts.width);
  const k = opts.textScale ?? 1;
  const laneHeight = (opts.laneHeight ?? 76) * k;
  const top = (opts.top ?? 22) * k;
  const bottom = (opts.bottom ?? 28) * k;
  // A lone mark's ring (ringPx, and its stroke) ends inside the box at the axis's ends.
  const padX = opts.padX ?? ringPx(k) + 3;
  const charPx = (opts.charPx ?? 6.4) * k;
  const labelPx: LabelPx =
    opts.labelPx ?? ((text, m) => text.length * charPx * (labelIsBold(m) ? BOLD_CHAR_RATIO : 1));
  // The axis runs on a little past the last event: with every mark at its time, the last one's
  // ring (RING_HALF_PX round it) then ends inside the box, padX and 4% of the width from its edge.
  const domainEnd = Math.max(1, model.endMs) * 1.04;
  // A lane with a second row (Redlock's two holders) is a row taller, so that the labels under
  // that row keep clear of the next lane's name and of the labels over its line.
  const heights = model.lanes.map(
    (l) => laneHeight + (model.marks.some((m) => m.lane === l.id && m.row === 1) ? ROW_PX * k : 0),
  );
  const lanes = model.lanes.map((l, i) => ({
    ...l,
    y: top + heights.slice(0, i).reduce((a, b) => a + b, 0) + laneHeight / 2,
  }));
  const laneY = new Map(lanes.map((l) => [l.id, l.y]));
  const laneNames = lanes.map((l) =>
    textBox(l.y - LANE_NAME_RISE_PX * k, 4, laneNameBox(l, k).right, k),
  );

  const x = scaleLinear()
    .domain([0, domainEnd])
    .range([padX, width - padX]);
  const placed = placeMarks(model, { x, laneY, top, width, labelPx, k, laneNames });

  // A connector meets its marks where they were drawn: at their time, and at the height of a
  // mark stacked over or under its lane's line.
  const markAt = new Map(placed.map((p) => [p.id, p]));
  const shapeY = (id: string, lane: string) => {
    const m = markAt.get(id);
    return m ? m.y + (m.stacked?.dy ?? 0) : (laneY.get(lane) ?? top);
  };
  const straight = model.connectors.map((c) => ({
    ...c,
    x1: markAt.get(c.fromMark)?.x ?? x(c.t),
    y1: shapeY(c.fromMark, c.fromLane),
    x2: markAt.get(c.toMark)?.x ?? x(c.t2),
    y2: shapeY(c.toMark, c.toLane),
  }));
  // Bowed again, not taken from placeMarks: there the lines were bowed to keep labels off them,
  // before matchStacksToLabels may have swapped a stack's rows, moving the lines' ends.
  const bends = bendApart(
    straight.map((c) => ({ ...c, from: c.fromMark, to: c.toMark })),
    markShapes(placed, k),
    width,
  );
  const connectors = straight.map((c, i) => ({ ...c, bend: bends[i]! }));
  // Fewer ticks where the labels are few to a line: a narrow box, or large text.
  // Fewer still while two neighbours' labels would come closer than a gap.
  let tickCount = width / k < 420 ? 4 : 7;
  while (tickCount > 2 && !tickLabelsApart(x, tickCount, k)) tickCount--;
  // The unit ("ms") stands at the right edge, where a tick label would print over it. A last tick
  // that falls there carries the unit itself ("500 ms") rather than go: it can be the very moment
  // a run turns on (the paused client wakes at 510 ms), and a narrow axis has few ticks to lose.
  const all = x.ticks(tickCount).map((t) => ({ t, x: x(t), label: `${t}`, labelX: x(t) }));
  const ticks: TimelineLayout['ticks'] = all.filter(
    (tick) => tick.x <= width - TIMELINE_UNIT_CLEARANCE_PX * k,
  );
  let unitAtEdge = true;
  const last = all[ticks.length];
  const before = ticks[ticks.length - 1];
  if (last && last.x <= width) {
    const label = `${last.t} ms`;
    const halfPx = (label.length * 6 * k) / 2;
    const labelX = Math.min(last.x, width - 2 - halfPx);
    const beforeEndPx = before ? before.labelX + (before.label.length * 6 * k) / 2 : -Infinity;
    if (labelX - halfPx >= beforeEndPx + 8) {
      ticks.push({ ...last, label, labelX, withUnit: true });
      unitAtEdge = false;
    }
  }
  return {
    unitAtEdge,
    width,
    height: top + heights.reduce((a, b) => a + b, 0) + bottom,
    x,
    lanes,
    marks: placed,
    connectors,
    ticks,
  };
}

/** Whether `count` ticks leave 8 px between their labels (10-pixel digits, about 6 px each). */
function tickLabelsApart(x: ScaleLinear<number, number>, count: number, k: number): boolean {
  const ticks = x.ticks(count);
  if (ticks.length < 2) return true;
  const widestPx = Math.max(...ticks.map((t) => String(t).length)) * 6 * k;
  return x(ticks[1]!) - x(ticks[0]!) >= widestPx + 8;
}

/**
 * Where a label's baseline sits, from its mark's y: above the line or below it, far enough out
 * that the current step's ring (13 px round a mark, drawn 2 px wide) never crosses its letters.
 * Above, the text grows upwards from the baseline; below, its top must clear the ring as the
 * text grows, so the baseline moves down with the text scale `k`.
 */
export function labelBaselineY(y: number, side: 'above' | 'below', k = 1, far = false): number {
  const line = far ? FAR_LINE_PX * k : 0;
  // The ring grows with the text (markSize), and so the room kept clear of it.
  return side === 'above' ? y - ringPx(k) - 4 * k - line : y + ringPx(k) + 12 * k + line;
}

/**
 * How much further out a label on the second line over or under its lane sits, per px of text
 * scale: a line's text box (13 px, see TEXT_BOX_ASCENT_PX) and LABEL_GAP_PX between the two
 * lines' boxes. Over the lane it shares the height of the lane's name; under it, that of the next
 * lane's name, LABEL_GAP_PX over the next lane's first labels.
 */
const FAR_LINE_PX = 17;

/**
 * How far the box the browser gives a line of 11 px text reaches above and below its baseline,
 * per px of text scale (Chromium, the page's system-ui font: 10 and 3). It is taller than the
 * letters: two boxes 1 px apart look as if they touch, when selected or outlined, though the
 * letters keep apart. Labels and lane names keep LABEL_GAP_PX between their boxes, up or down,
 * unless they stand apart across.
 */
const TEXT_BOX_ASCENT_PX = 10;
const TEXT_BOX_DESCENT_PX = 3;
/** The least room between the text boxes of two labels, or of a label and a lane's name. */
export const LABEL_GAP_PX = 4;

/** The text box of a line of label text from `left` to `right` on `baseline`. */
function textBox(baseline: number, left: number, right: number, k: number): Box {
  return {
    left,
    right,
    top: baseline - TEXT_BOX_ASCENT_PX * k,
    bottom: baseline + TEXT_BOX_DESCENT_PX * k,
  };
}

/**
 * The text box of a mark's label as drawn (see textBox), or null for a mark drawn without one:
 * what no line to the storage may run through.
 */
export function labelTextBox(m: PlacedMark, k = 1): Box | null {
  if (m.labelAt === 'none' || !m.labelBox) return null;
  const baseline = labelBaselineY(m.y, m.labelAt, k, m.labelFar);
  return textBox(baseline, m.labelBox.left, m.labelBox.right, k);
}

/** How far letters reach above and below the baseline, per px of text scale (11 px letters). */
const ASCENT_PX = 8;
const DESCENT_PX = 2.5;

/** The band a label takes up and down, in px. */
function labelBand(y: number, side: 'above' | 'below', k: number, far = false): [number, number] {
  const b = labelBaselineY(y, side, k, far);
  return [b - ASCENT_PX * k, b + DESCENT_PX * k];
}

/**
 * Where a lane's name is drawn (LaneTimeline: at x 4, its baseline LANE_NAME_RISE_PX over the line, in
 * capitals 0.05 em apart, which are about 8.5 px a letter at 11 px).
 */
export function laneNameBox(lane: Pick<Lane, 'y' | 'label'>, k = 1): Box {
  const baseline = lane.y - LANE_NAME_RISE_PX * k;
  return {
    left: 4,
    right: 4 + lane.label.length * 8.5 * k,
    top: baseline - ASCENT_PX * k,
    bottom: baseline + 2 * k,
  };
}

/**
 * Where the playhead is cut: round each drawn label (the room the layout gave it) and each lane's
 * name, a px to spare on every side.
 */
export function playheadGaps(layout: TimelineLayout, k = 1): Box[] {
  const pad = (b: Box): Box => ({
    left: b.left - 1,
    right: b.right + 1,
    top: b.top - 1,
    bottom: b.bottom + 1,
  });
  return [
    ...layout.marks.flatMap((m) => (m.labelAt !== 'none' && m.labelBox ? [pad(m.labelBox)] : [])),
    ...layout.lanes.map((lane) => pad(laneNameBox(lane, k))),
  ];
}

/**
 * How far over its lane's line a lane's name sits (its baseline), per px of text scale: its text
 * box ends LABEL_GAP_PX over the labels over the line, and begins LABEL_GAP_PX under the labels
 * under the lane above (76 px lanes).
 */
export const LANE_NAME_RISE_PX = 34;

/** Half the height of the current step's ring round a mark, its stroke included. */
const RING_HALF_PX = 14;

/**
 * How far the ring round a point mark reaches from its centre: the mark's half (7 px, times the
 * text scale `k`, as the mark grows with the text) and 6 px between mark and ring, which do not
 * grow: 13 px at the default, 20 at 200%. Labels keep clear of it (labelBaselineY), and at 200%
 * a label over its lane still clears the lane's name.
 */
export function ringPx(k = 1): number {
  return 7 * k + RING_HALF_PX - 8;
}

/**
 * The height and width a finger's target needs (WCAG 2.5.8; timelineHits gives each mark one):
 * the top and bottom of a stack reach out to it (see stackReach).
 */
export const TARGET_PX = 24;

/** How far over and under its lane's line a stack of marks reaches: its ring's reach, and a half. */
function stackHalfPx(k: number): number {
  return ringPx(k) + STACK_HALF_PX - 13;
}

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box, gapPx: number, downGapPx = 0) =>
  a.left < b.right + gapPx &&
  a.right + gapPx > b.left &&
  a.top < b.bottom + downGapPx &&
  a.bottom + downGapPx > b.top;

/** How far apart (px, across) two lines to the storage stand at least, along what they share. */
export const CONNECTORS_APART_PX = 8;

/** Where a line to the storage is across at height `y`, bowed by `bend` (see bendApart). */
export function connectorXAt(
  c: { x1: number; y1: number; x2: number; y2: number },
  bend: number,
  y: number,
): number {
  const s = c.y2 === c.y1 ? 0.5 : (y - c.y1) / (c.y2 - c.y1);
  return c.x1 + (c.x2 - c.x1) * s + 4 * s * (1 - s) * bend;
}

/** How near (px) a bowed line to the storage may pass a mark of a lane it runs across. */
export const CONNECTOR_CLEAR_PX = 4;

/**
 * Each mark's shape as LaneTimeline draws it: a point at its size (in its stack), a bar, and the
 * arrow past the end of a lock still held when the run ends.
 */
export function markShapes(
  marks: readonly PlacedMark[],
  k: number,
): { id: string; lane: string; box: Box }[] {
  return marks.map((m) => {
    if (m.x2 !== undefined) {
      const half = (m.kind === 'pause' ? 9 : 7) * k;
      const right = Math.max(m.x + 2, m.x2) + (m.heldAtEnd ? 7 * k : 0);
      return {
        id: m.id,
        lane: m.lane,
        box: { left: m.x, right, top: m.y - half, bottom: m.y + half },
      };
    }
    const half = 7 * k * (m.stacked?.scale ?? 1);
    const y = m.y + (m.stacked?.dy ?? 0);
    return {
      id: m.id,
      lane: m.lane,
      box: { left: m.x - half, right: m.x + half, top: y - half, bottom: y + half },
    };
  });
}

/**
 * Whether a line to the storage, bowed by `bend`, keeps CONNECTOR_CLEAR_PX from every shape of
 * the lanes it runs across (not those of its own two marks' lanes) and inside the box.
 */
export function bowClear(
  c: { x1: number; y1: number; x2: number; y2: number; from?: string; to?: string },
  bend: number,
  shapes: readonly { id: string; lane: string; box: Box }[],
  width = Infinity,
): boolean {
  const ownLanes = new Set(
    shapes.filter((s) => s.id === c.from || s.id === c.to).map((s) => s.lane),
  );
  const across = shapes.filter((s) => !ownLanes.has(s.lane));
  const n = Math.max(8, Math.ceil(Math.abs(c.y2 - c.y1)));
  for (let i = 0; i <= n; i++) {
    const y = c.y1 + ((c.y2 - c.y1) * i) / n;
    const x = connectorXAt(c, bend, y);
    if (x < 4 || x > width - 4) return false;
    const g = CONNECTOR_CLEAR_PX;
    if (
      across.some(
        ({ box: b }) => x > b.left - g && x < b.right + g && y > b.top - g && y < b.bottom + g,
      )
    )
      return false;
  }
  return true;
}

/**
 * How far each line to the storage bows off the straight, so that two lines that run down side
 * by side (the failover's two writes, 4 ms apart: 2 px at a phone's width) stand
 * CONNECTORS_APART_PX apart at the middle of the height they share. Their ends stay at their
 * marks, each at its time; the later line bows away from the earlier, the way time runs. The
 * curve is SVG's quadratic one, its control point 2 × bend off the middle of the line.
 *
 * A bowed line runs over no mark of the lanes it crosses (`shapes`, see bowClear), where the box
 * (`width`) has room: it bows further, round them. The failover's second write bowed 7.5 px at a
 * phone's width with the text at 200%, 1 px past client 2's stacked marks and over the arrow of
 * client 2's lock; it now bows round both. Where no bow inside the box clears them, the least
 * bow that stands apart stays.
 */
export function bendApart(
  lines: readonly { x1: number; y1: number; x2: number; y2: number; from?: string; to?: string }[],
  shapes: readonly { id: string; lane: string; box: Box }[] = [],
  width = Infinity,
): number[] {
  const bends = lines.map(() => 0);
  lines.forEach((b, j) => {
    for (const [i, a] of lines.slice(0, j).entries()) {
      const top = Math.max(Math.min(a.y1, a.y2), Math.min(b.y1, b.y2));
      const bottom = Math.min(Math.max(a.y1, a.y2), Math.max(b.y1, b.y2));
      // Lines that share under a lane's height, or none, are told apart by their ends.
      if (bottom - top < 40) continue;
      const mid = (top + bottom) / 2;
      const gap = () => connectorXAt(b, bends[j]!, mid) - connectorXAt(a, bends[i]!, mid);
      if (Math.abs(gap()) >= CONNECTORS_APART_PX) continue;
      const away = b.x1 + b.x2 >= a.x1 + a.x2 ? 1 : -1;
      // Bow the later line in half-px steps until the two stand apart at the middle.
      for (let n = 0; n < 64 && Math.abs(gap()) < CONNECTORS_APART_PX; n++) bends[j]! += away / 2;
      // Then on, round the marks of the lanes it crosses, while it stays in the box; where it
      // cannot, the least bow stays.
      for (let bend = bends[j]!; Math.abs(bend) < 64; bend += away / 2)
        if (bowClear(b, bend, shapes, width)) {
          bends[j] = bend;
          break;
        }
    }
  });
  return bends;
}

/** A line to the storage as the few straight pieces that follow its curve (six for a bowed one). */
function curvePieces(
  c: { x1: number; y1: number; x2: number; y2: number },
  bend: number,
): { x1: number; y1: number; x2: number; y2: number }[] {
  if (bend === 0) return [{ x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2 }];
  const n = 6;
  const at = (i: number) => {
    const y = c.y1 + ((c.y2 - c.y1) * i) / n;
    return { x: connectorXAt(c, bend, y), y };
  };
  return Array.from({ length: n }, (_, i) => {
    const [p, q] = [at(i), at(i + 1)];
    return { x1: p.x, y1: p.y, x2: q.x, y2: q.y };
  });
}

/** Whether the segment from (x1, y1) to (x2, y2) passes through a box, give or take 2 px. */
function crosses(seg: { x1: number; y1: number; x2: number; y2: number }, b: Box): boolean {
  const top = Math.max(b.top, Math.min(seg.y1, seg.y2));
  const bottom = Math.min(b.bottom, Math.max(seg.y1, seg.y2));
  if (top > bottom) return false;
  const at = (y: number) =>
    seg.y2 === seg.y1 ? seg.x1 : seg.x1 + ((seg.x2 - seg.x1) * (y - seg.y1)) / (seg.y2 - seg.y1);
  const xa = at(top);
  const xb = at(bottom);
  return Math.max(xa, xb) > b.left - 2 && Math.min(xa, xb) < b.right + 2;
}

/**
 * Places each mark at its time, labels de-cluttered. Point marks in one lane too near to stand
 * side by side are stacked over and under its line (see stackPoints).
 */
function placeMarks(
  model: TimelineModel,
  o: {
    x: ScaleLinear<number, number>;
    laneY: Map<string, number>;
    top: number;
    width: number;
    labelPx: LabelPx;
    k: number;
    /** The lanes' names, at the left edge over each lane: no label is drawn over them. */
    laneNames: readonly Box[];
  },
): PlacedMark[] {
  const { x, laneY, top, width, labelPx, k, laneNames } = o;
  const placed = model.marks.map((m) => {
    const mx = x(m.t);
    // The second row of a lane sits just under the first (bars are 14 px high).
    const y = (laneY.get(m.lane) ?? top) + (m.row === 1 ? ROW_PX * k : 0);
    const out: PlacedMark = { ...m, x: mx, y, labelAt: 'none', labelX: mx, labelAnchor: 'middle' };
    if (m.t2 !== undefined) out.x2 = x(m.t2);
    return out;
  });
  stackPoints(placed, k);
  // The room over the top of each stack (under its bottom) that its mark's touch target takes
  // (see stackReach), in the rows as first stacked: a label of another mark there is covered by
  // that target where the mark has no other room for it.
  const reaches = placed.flatMap((p) => {
    const box = p.stacked ? stackReach(p, p.stacked.row, p.stacked.rows, k) : null;
    return box ? [{ id: p.id, x: p.x, box }] : [];
  });

  // What a label must not be drawn over: every mark with the ring round it (the current step's
  // ring can be any mark's), and, where another place is free, the lines from writes to the
  // storage's answers.
  const markBoxes = placed.map((m) => ({
    id: m.id,
    box: {
      left: m.x2 === undefined ? m.x - (ringPx(k) + 1) : m.x - 3 * k,
      // A lock still held at the end has an arrow 7 px past its bar.
      right: m.x2 === undefined ? m.x + (ringPx(k) + 1) : m.x2 + (m.heldAtEnd ? 8 : 3) * k,
      top: m.y - (ringPx(k) + 1),
      bottom: m.y + (ringPx(k) + 1),
    },
  }));
  const at = new Map(placed.map((p) => [p.id, p]));
  const straight = model.connectors.flatMap((c) => {
    const from = at.get(c.fromMark);
    const to = at.get(c.toMark);
    return from && to
      ? [
          {
            from: c.fromMark,
            to: c.toMark,
            x1: from.x,
            y1: from.y + (from.stacked?.dy ?? 0),
            x2: to.x,
            y2: to.y + (to.stacked?.dy ?? 0),
          },
        ]
      : [];
  });
  // A line bowed apart from its neighbour (bendApart) is kept clear of as the few straight
  // pieces that follow its curve.
  const bent = bendApart(straight, markShapes(placed, k), width);
  const lines = straight.flatMap((l, i) => curvePieces(l, bent[i]!).map((p) => ({ ...l, ...p })));

  // Labels are given room in time order, each above its lane's line if it fits there, else
  // below, else in a shorter form, else on the line further out over or under the lane, else it
  // is left to the tooltip; a bar in the second row labels below, clear of the bar above
  // it. A refusal ("busy") comes last, so a run of retries cannot crowd out the grant that ends
  // it. Where that order leaves a bold label out (a stale write, the storage's answer to it, a
  // pause, the TTL running out: what the run is about), the bold labels are given room first
  // instead, if that leaves fewer of them out. `firstForm` starts a mark at one of its shorter
  // forms (see below); `farFirst` tries a mark's line further out before its first line, and
  // `squareLeft` lets a label kept out of a stack's reach stand in it where the reaching mark
  // still has a finger's square beside it (see stackLabelsOutOfOrder).
  const label = (
    boldFirst: boolean,
    firstForm: ReadonlyMap<string, number>,
    outOfReach: ReadonlySet<string> = new Set(),
    farFirst: ReadonlySet<string> = new Set(),
    squareLeft = false,
  ): PlacedMark[] => {
    const marks = placed.map((m) => ({ ...m }));
    const taken: Box[] = [...laneNames];
    const rank = (m: PlacedMark) =>
      m.kind === 'refused' ? 2 : boldFirst && labelIsBold(m) ? 0 : 1;
    const order = marks.map((_, i) => i).sort((a, b) => rank(marks[a]!) - rank(marks[b]!) || a - b);
    for (const i of order) {
      const m = marks[i]!;
      // A mark stacked under its line labels under it first, where the label is nearest it.
      const sides =
        m.row === 1
          ? (['below'] as const)
          : m.stacked && m.stacked.dy > 0
            ? (['below', 'above'] as const)
            : (['above', 'below'] as const);
      // Other labels and the lanes' names are kept from by their text boxes (see textBox), the
      // marks and their rings by the letters.
      const hard = (c: { box: Box; text: Box }) =>
        taken.some((t) => overlaps(c.text, t, 6, LABEL_GAP_PX)) ||
        markBoxes.some((mb) => mb.id !== m.id && overlaps(c.box, mb.box, 0));
      const soft = (b: Box) => lines.some((l) => l.from !== m.id && l.to !== m.id && crosses(l, b));
      const forms = labelForms(m).slice(firstForm.get(m.id) ?? 0);
      // The second row of a lane (Redlock's second holder) has no line further out: under it
      // come the next lane's name and labels. Nor has a refusal: a run of "busy" stacked three
      // high says less than the tooltip does.
      const rows =
        m.row === 1 || m.kind === 'refused'
          ? [false]
          : farFirst.has(m.id)
            ? [true, false]
            : [false, true];
      find: for (const far of rows) {
        for (const text of forms) {
          const w = labelPx(text, m);
          const candidates = spots(m, w, width, k)
            .filter((spot) => !(far && spot.beside))
            .flatMap((spot) =>
              sides.map((side) => {
                const [t, b] = labelBand(m.y, side, k, far);
                const baseline = labelBaselineY(m.y, side, k, far);
                return {
                  ...spot,
                  side,
                  box: { left: spot.left, right: spot.left + w, top: t, bottom: b },
                  text: textBox(baseline, spot.left, spot.left + w, k),
                };
              }),
            );
          // The places the first layouts never had (a bar's ends, the line further out) are
          // for labels that find room clear of every line: what stood before keeps its place.
          const clear = candidates.filter((c) => !hard(c) && !((far || c.aside) && soft(c.box)));
          // On the line further out, a label squarely over (or under) the first line's label
          // reads as that label's first line ("release" over "lock, token 34"): the side where
          // the two overlap least goes first, so that the reader sees two labels, not one.
          if (far) {
            const nested = (c: (typeof clear)[number]) =>
              Math.max(
                0,
                ...marks
                  .filter((n) => n.lane === m.lane && n.labelAt === c.side && !n.labelFar)
                  .map((n) =>
                    n.labelBox
                      ? Math.min(c.box.right, n.labelBox.right) -
                        Math.max(c.box.left, n.labelBox.left)
                      : 0,
                  ),
              );
            clear.sort((p, q) => nested(p) - nested(q));
          }
          const inReach = (c: { text: Box }) =>
            reaches.some(
              (r) =>
                r.id !== m.id &&
                overlaps(c.text, r.box, -0.01, -0.01) &&
                !(squareLeft && reachHoldsSquare(r.box, r.x, [c.text], width)),
            );
          // A label in a stack's reach that is asked to keep out of it (see below) goes to the
          // next place on the same side clear of it and of every line, where there is one.
          const first = clear.find((c) => !soft(c.box)) ?? clear[0];
          const best =
            (first &&
              outOfReach.has(m.id) &&
              inReach(first) &&
              clear.find((c) => c.side === first.side && !soft(c.box) && !inReach(c))) ||
            first;
          if (best) {
            m.label = text;
            m.labelAt = best.side;
            if (far) m.labelFar = true;
            m.labelX = best.labelX;
            m.labelAnchor = best.anchor;
            m.labelBox = best.box;
            taken.push(best.text);
            break find;
          }
        }
      }
    }
    return marks;
  };
  // How far an order falls short on the bold labels: how many it leaves out, then how many it
  // puts on the line further out, away from their marks.
  const boldLeftOut = (marks: PlacedMark[]) =>
    marks.filter((m) => m.labelAt === 'none' && labelIsBold(m)).length;
  const boldFar = (marks: PlacedMark[]) => marks.filter((m) => m.labelFar && labelIsBold(m)).length;
  const worse = (a: PlacedMark[], b: PlacedMark[]) =>
    boldLeftOut(a) - boldLeftOut(b) || boldFar(a) - boldFar(b);
  const none = new Map<string, number>();
  const inTimeOrder = label(false, none);
  const boldFirst =
    boldLeftOut(inTimeOrder) + boldFar(inTimeOrder) === 0 ? null : label(true, none);
  const useBoldFirst = boldFirst !== null && worse(boldFirst, inTimeOrder) < 0;
  let best = useBoldFirst ? boldFirst : inTimeOrder;

  // A mark still left out (a refusal aside: "busy" is the tooltip's to tell) may be crowded out
  // by a neighbour's full words, where both would fit in fewer: two bars of work side by side,
  // each narrower than "works 100 ms". The labelled marks of its lane whose room reaches into
  // the room it needs take their next shorter form, as long as that leaves fewer marks out and
  // no more bold ones.
  const leftOut = (marks: PlacedMark[]) =>
    marks.filter((m) => m.labelAt === 'none' && m.kind !== 'refused').length;
  let firstForm = none;
  for (let pass = 0; pass < 3 && leftOut(best) > 0; pass++) {
    const next = new Map(firstForm);
    let shortened = false;
    for (const m of best) {
      if (m.labelAt !== 'none' || m.kind === 'refused') continue;
      const reachPx = labelPx(m.label, m) + 6;
      for (const n of best) {
        const forms = labelForms(placed.find((p) => p.id === n.id)!);
        const formIndex = forms.indexOf(n.label);
        if (
          n.lane === m.lane &&
          n.labelBox &&
          formIndex >= 0 &&
          formIndex < forms.length - 1 &&
          n.labelBox.right > m.x - reachPx &&
          n.labelBox.left < (m.x2 ?? m.x) + reachPx
        ) {
          next.set(n.id, formIndex + 1);
          shortened = true;
        }
      }
    }
    if (!shortened) break;
    const trial = label(useBoldFirst, next);
    if (!(leftOut(trial) < leftOut(best) && worse(trial, best) <= 0)) break;
    best = trial;
    firstForm = next;
  }
  matchStacksToLabels(best, k, width);

  // An unlabelled mark at the top (or bottom) of a stack has no words to take a tap for it: its
  // touch target is its place and the room over (under) it, and another mark's label there is
  // covered by it where the mark has no other room (etcd's refusal under "lock, token 8", at 800
  // px with the text at 200%). Those labels are placed again, each kept out of that room where
  // its side has another place clear of it, as long as that leaves no more marks out.
  const inUnlabelledReach = (marks: PlacedMark[]) => {
    const reaches = marks.flatMap((n) => {
      const reach =
        n.stacked && n.labelAt === 'none' ? stackReach(n, n.stacked.row, n.stacked.rows, k) : null;
      return reach ? [reach] : [];
    });
    return marks.filter((m) => {
      const t = labelTextBox(m, k);
      return t && reaches.some((reach) => overlaps(reach, t, -0.01, -0.01));
    });
  };
  const reached = inUnlabelledReach(best);
  if (reached.length) {
    const trial = label(useBoldFirst, firstForm, new Set(reached.map((m) => m.id)));
    matchStacksToLabels(trial, k, width);
    if (
      leftOut(trial) <= leftOut(best) &&
      worse(trial, best) <= 0 &&
      inUnlabelledReach(trial).length < reached.length
    )
      best = trial;
  }

  // Where a stack's labels on one side read against its marks ("release" over "lock, token 34"
  // while the grant is drawn over the release: holder-crash at 800 px and wider, where
  // clearStackReach gave the grant the top), the labels are placed again: the mark further out
  // in the stack takes the line further out first, and its neighbour's label keeps out of its
  // reach where a finger's square is left. Kept where that puts fewer labels out of order, no
  // more marks out, and no more stack ends without a square clear of other marks' words.
  const misordered = stackLabelsOutOfOrder(best, k);
  if (misordered.length) {
    const trial = label(
      useBoldFirst,
      firstForm,
      new Set([...reached.map((m) => m.id), ...misordered.map((p) => p.near)]),
      new Set(misordered.map((p) => p.far)),
      true,
    );
    matchStacksToLabels(trial, k, width);
    if (
      stackLabelsOutOfOrder(trial, k).length < misordered.length &&
      leftOut(trial) <= leftOut(best) &&
      worse(trial, best) <= 0 &&
      inUnlabelledReach(trial).length <= inUnlabelledReach(best).length &&
      stackEndsWithoutSquare(trial, k, width) <= stackEndsWithoutSquare(best, k, width)
    )
      best = trial;
  }
  return best;
}

/**
 * The pairs of one stack labelled on one side of the line whose labels read against their marks:
 * the mark further out from the line (the top, over it) has its label on the first line, its
 * neighbour's on the line further out. `far` is the mark whose label should go further out.
 */
function stackLabelsOutOfOrder(
  marks: readonly PlacedMark[],
  k: number,
): { far: string; near: string }[] {
  return crowdedRuns(marks, k).flatMap((run) =>
    run.flatMap((a) =>
      run.flatMap((b) => {
        if (!(a.stacked!.row < b.stacked!.row) || a.labelAt !== b.labelAt) return [];
        // Over the line the upper mark's label goes on top; under it, the lower one's at the foot.
        const [out, inner] = a.labelAt === 'above' ? [a, b] : a.labelAt === 'below' ? [b, a] : [];
        return out && inner && !out.labelFar && inner.labelFar
          ? [{ far: out.id, near: inner.id }]
          : [];
      }),
    ),
  );
}

/** How many ends of stacks find no finger's square in their reach (see clearStackReach). */
function stackEndsWithoutSquare(marks: readonly PlacedMark[], k: number, width: number): number {
  const words = marks.flatMap((m) => {
    const t = labelTextBox(m, k);
    return t ? [{ m, t }] : [];
  });
  return marks.filter((m) => {
    const reach = m.stacked ? stackReach(m, m.stacked.row, m.stacked.rows, k) : null;
    const others = words.flatMap((w) => (w.m.id === m.id ? [] : [w.t]));
    return reach !== null && !reachHoldsSquare(reach, m.x, others, width);
  }).length;
}

/** A mark's label and its shorter forms, longest first. */
function labelForms(m: Pick<Mark, 'label' | 'shorter'>): readonly string[] {
  return [m.label, ...(m.shorter ?? [])];
}

/** How far a label beside its mark stands off it (see spots). */
const BESIDE_PX = 4;

/** A place across for a label; `aside` when it is flush with an end of its bar, off its middle. */
interface Spot {
  labelX: number;
  anchor: PlacedMark['labelAnchor'];
  left: number;
  aside?: true;
  /** Off the mark altogether, just before or after it: only on the first line over or under. */
  beside?: true;
}

/**
 * Where a label `w` px wide may go across, best first: beside a write's line (right, else left),
 * or over its mark, moved in from the box's edges. None when it fits nowhere inside the box.
 */
function spots(m: PlacedMark, w: number, width: number, k: number): Spot[] {
  // Wider than the whole box: only the detail line can say it.
  if (w > width - 4) return [];
  const over = spotsOver(m, w, width, k);
  if (CONNECTED_KINDS.has(m.kind)) return over;
  // A mark whose label over it would be crossed by a line to the storage (the failover's two
  // lines run down through "client 2 (33)" and "lock, token 33"): its label may also end just
  // before the mark, or begin just after it, where that is clear of every line. A write sent at
  // its grant has its line leave at the grant's time: the label keeps BESIDE_PX off it.
  const end = m.x2 ?? m.x;
  const left = m.x - BESIDE_PX;
  const right = end + BESIDE_PX;
  const beside: Spot[] = [];
  if (left - w >= 2)
    beside.push({ labelX: left, anchor: 'end', left: left - w, aside: true, beside: true });
  if (right + w <= width - 2)
    beside.push({ labelX: right, anchor: 'start', left: right, aside: true, beside: true });
  return [...over, ...beside.filter((b) => !over.some((o) => Math.abs(o.left - b.left) < 0.5))];
}

/** Where a label goes over its mark, or beside a write's line (see spots). */
function spotsOver(m: PlacedMark, w: number, width: number, k: number): Spot[] {
  const mx = m.x;
  const mx2 = m.x2;
  if (CONNECTED_KINDS.has(m.kind)) {
    // A write's line to the storage runs straight down from the mark: its label goes beside
    // the line, not across it.
    const out: Spot[] = [];
    const aside = 7 * k + 2;
    if (mx + aside + w <= width - 2)
      out.push({ labelX: mx + aside, anchor: 'start', left: mx + aside });
    if (mx - aside - w >= 2) out.push({ labelX: mx - aside, anchor: 'end', left: mx - aside - w });
    return out;
  }
  const center = mx2 !== undefined ? (mx + mx2) / 2 : mx;
  if (center - w / 2 < 2) {
    // Wider than the room right of its mark too (large text, a narrow box): as far right as
    // the box lets it go, still over its mark.
    const left = Math.min(Math.max(2, mx), Math.max(2, width - 2 - w));
    return [{ labelX: left, anchor: 'start', left }];
  }
  if (center + w / 2 > width - 2) {
    let labelX = Math.min(width - 2, mx2 ?? mx);
    let left = labelX - w;
    if (left < 2) {
      left = 2;
      labelX = Math.min(width - 2, left + w);
    }
    const flush: Spot = { labelX, anchor: 'end', left };
    // A point near the right edge may also have its label over it as near centred as the box
    // lets it be: ending at the box's edge, reaching a little past the point.
    const edge = width - 2;
    return mx2 === undefined && edge - w >= 2 && edge > labelX + 0.5
      ? [flush, { labelX: edge, anchor: 'end', left: edge - w }]
      : [flush];
  }
  const out: Spot[] = [{ labelX: center, anchor: 'middle', left: center - w / 2 }];
  // A bar wider than its label may also have it flush with its end, or its start, where its
  // middle is taken by a neighbour's label or crossed by a write's line to the storage (etcd's
  // client 2 writes early in its hold, and the line runs down through the middle of its bar).
  if (mx2 !== undefined && mx2 - mx >= w) {
    if (mx2 <= width - 2) out.push({ labelX: mx2, anchor: 'end', left: mx2 - w, aside: true });
    if (mx >= 2) out.push({ labelX: mx, anchor: 'start', left: mx, aside: true });
  }
  return out;
}

/**
 * Stacks the point marks of each lane (and row) that stand nearer than STACK_WITHIN_PX to the
 * next: a run of them is drawn in as few rows as keep their shapes apart, the rows spread evenly
 * over and under the line within a lone mark's height, the shapes made smaller to fit. Each
 * takes the highest row its shape fits in, but a write takes the lowest, so that its line down
 * to the storage leaves from under the stack rather than through a neighbour.
 */
function stackPoints(marks: PlacedMark[], k: number): void {
  for (const run of crowdedRuns(marks, k)) {
    for (let rows = 2; ; rows++) {
      const { pitch, scale, apartPx } = stackGeometry(rows, k);
      const lastX: (number | undefined)[] = new Array<number | undefined>(rows).fill(undefined);
      const rowOf: number[] = [];
      for (const m of run) {
        const free = lastX.flatMap((lx, r) => (lx === undefined || m.x - lx >= apartPx ? [r] : []));
        // With as many rows as points, the last fits: every row but its own is taken.
        if (!free.length) break;
        const r = m.kind === 'write' ? free[free.length - 1]! : free[0]!;
        lastX[r] = m.x;
        rowOf.push(r);
      }
      if (rowOf.length < run.length) continue;
      run.forEach((m, i) => {
        const row = rowOf[i]!;
        m.stacked = { dy: -stackHalfPx(k) + pitch * (row + 0.5), scale, pitch, row, rows };
      });
      break;
    }
  }
}

/** The runs of point marks in one lane (and row) too near to stand side by side, in order across. */
function crowdedRuns(marks: readonly PlacedMark[], k: number): PlacedMark[][] {
  const lanes = new Map<string, PlacedMark[]>();
  for (const m of marks) {
    if (m.x2 !== undefined) continue;
    const key = `${m.lane}/${m.row ?? 0}`;
    lanes.set(key, [...(lanes.get(key) ?? []), m]);
  }
  const runs: PlacedMark[][] = [];
  for (const points of lanes.values()) {
    points.sort((a, b) => a.x - b.x);
    let run: PlacedMark[] = [];
    for (const m of points) {
      const last = run[run.length - 1];
      if (last && m.x - last.x >= STACK_WITHIN_PX + 14 * (k - 1)) {
        if (run.length > 1) runs.push(run);
        run = [];
      }
      run.push(m);
    }
    if (run.length > 1) runs.push(run);
  }
  return runs;
}

/**
 * A stack of `rows`: the height of each place, the shapes' size over a lone mark's (14 px across,
 * its stroke included) and how far apart two shapes in one row stand at least (1.5 px between).
 */
function stackGeometry(rows: number, k: number): { pitch: number; scale: number; apartPx: number } {
  const pitch = (2 * stackHalfPx(k)) / rows;
  const scale = Math.min(1, (pitch - 1.5) / (14 * k));
  return { pitch, scale, apartPx: 14 * k * scale + 1.5 };
}

/**
 * Once the labels have their places, a stacked mark labelled under the line goes under one
 * labelled over it (their rows swap, where the shapes still keep apart): each label then stands
 * next to its own mark rather than past its neighbour's. The labels do not move: they are placed
 * from the lane's line, and the stack keeps within the height every label keeps clear of.
 */
function matchStacksToLabels(marks: PlacedMark[], k: number, width: number): void {
  const rank = (m: PlacedMark) =>
    m.labelAt === 'above' ? (m.labelFar ? 0 : 1) : m.labelAt === 'below' ? (m.labelFar ? 4 : 3) : 2;
  for (const run of crowdedRuns(marks, k)) {
    const rows = run[0]!.stacked!.rows;
    const { pitch, apartPx } = stackGeometry(rows, k);
    const fits = () =>
      run.every((m, i) =>
        run
          .slice(i + 1)
          .every((n) => n.stacked!.row !== m.stacked!.row || Math.abs(n.x - m.x) >= apartPx),
      );
    for (let swapped = true, passes = 0; swapped && passes < run.length; passes++) {
      swapped = false;
      for (const a of run)
        for (const b of run) {
          if (!(a.stacked!.row < b.stacked!.row && rank(a) > rank(b))) continue;
          const [ra, rb] = [a.stacked!.row, b.stacked!.row];
          a.stacked = { ...a.stacked!, row: rb };
          b.stacked = { ...b.stacked!, row: ra };
          if (fits()) swapped = true;
          else {
            a.stacked = { ...a.stacked, row: ra };
            b.stacked = { ...b.stacked, row: rb };
          }
        }
    }
    clearStackReach(run, marks, k, width, fits);
    for (const m of run)
      m.stacked = { ...m.stacked!, dy: -stackHalfPx(k) + pitch * (m.stacked!.row + 0.5) };
  }
}

/**
 * The room over the top of a stack (under its bottom) that the mark in that row takes for its
 * touch target: its place there is under TARGET_PX tall, and timelineHits grows it outwards to
 * that height, its ring's width across. None for a middle row: its target goes beside the stack.
 */
function stackReach(m: PlacedMark, row: number, rows: number, k: number): Box | null {
  const { pitch } = stackGeometry(rows, k);
  const grow = TARGET_PX - pitch;
  if (grow <= 0 || (row > 0 && row < rows - 1)) return null;
  const r = ringPx(k);
  const placeTop = m.y - stackHalfPx(k) + pitch * row;
  return row === 0
    ? { left: m.x - r, right: m.x + r, top: placeTop - grow, bottom: placeTop }
    : { left: m.x - r, right: m.x + r, top: placeTop + pitch, bottom: placeTop + pitch + grow };
}

/**
 * Whether a stack end's reach (see stackReach) holds a TARGET_PX square clear of `words`, other
 * marks' labels: across, the square holds the mark's time (timelineHits' step 5 looks for one
 * there, meeting its place) and keeps inside the figure. Where a label covers only part of the
 * reach across, the target goes round it.
 */
function reachHoldsSquare(reach: Box, x: number, words: readonly Box[], width: number): boolean {
  const spans = words.filter((w) => w.top < reach.bottom - 0.01 && w.bottom > reach.top + 0.01);
  const lefts = [x - TARGET_PX, x, ...spans.flatMap((w) => [w.right, w.left - TARGET_PX])];
  return lefts.some(
    (a) =>
      a >= x - TARGET_PX - 0.01 &&
      a <= x + 0.01 &&
      a >= 0 &&
      a + TARGET_PX <= width &&
      spans.every((w) => w.right <= a + 0.01 || w.left >= a + TARGET_PX - 0.01),
  );
}

/**
 * Where the top (or bottom) of a stack of one moment finds no finger's square in its reach for
 * other marks' labels (see reachHoldsSquare), moves it to another row, or swaps it with another
 * mark of the stack, where the shapes still keep apart and fewer ends are left so. Its target
 * would otherwise cover those words, so that a tap on them chose the wrong mark: holder-crash's
 * "release", labelled on the line further out, took the top and reached up into "lock, token
 * 34" over the stack at 800 px; the grant now takes the top, its reach over its own words, and
 * the release the middle, its target beside the stack. The labels do not move.
 */
function clearStackReach(
  run: PlacedMark[],
  marks: readonly PlacedMark[],
  k: number,
  width: number,
  fits: () => boolean,
): void {
  const rows = run[0]!.stacked!.rows;
  const words = marks.flatMap((m) => {
    const t = labelTextBox(m, k);
    return t ? [{ m, t }] : [];
  });
  // How many of the stack's ends find no finger's square in their reach for other marks' labels.
  const reachedOver = () =>
    run.filter((m) => {
      const reach = stackReach(m, m.stacked!.row, rows, k);
      const others = words.flatMap((w) => (w.m.id === m.id ? [] : [w.t]));
      return reach !== null && !reachHoldsSquare(reach, m.x, others, width);
    }).length;
  const setRow = (m: PlacedMark, row: number) => (m.stacked = { ...m.stacked!, row });
  // Only a stack of one moment with no other point of its lane beside it has its rows moved: a
  // middle row's target goes beside the stack (timelineHits, step 4), a finger's width out past
  // its ring, and an end's target takes the room over or under its place. Where marks stand
  // further apart (etcd's refusals a few ms apart on a phone, a refusal 56 px before the holder
  // crash's stack at 200%), a mark moved takes room a neighbour's square needed.
  const xs = run.map((m) => m.x);
  const besidePx = TARGET_PX + 2 * ringPx(k);
  const [from, to] = [Math.min(...xs), Math.max(...xs)];
  if (to - from > 14 * k) return;
  if (
    marks.some(
      (n) =>
        n.x2 === undefined &&
        n.lane === run[0]!.lane &&
        n.row === run[0]!.row &&
        !run.includes(n) &&
        n.x > from - besidePx &&
        n.x < to + besidePx,
    )
  )
    return;
  type Move = { m: PlacedMark; row: number }[];
  // A write keeps its row, so that its line to the storage leaves from under the stack.
  const keepsWrites = (move: Move) =>
    move.every(({ m, row }) => m.kind !== 'write' || m.stacked!.row === row);
  for (let passes = 0; passes < run.length; passes++) {
    const before = reachedOver();
    if (before === 0) return;
    // Each mark alone to each other row, then each pair's rows swapped: the first that helps.
    const moves: Move[] = run.flatMap((a) => [
      ...Array.from({ length: rows }, (_, row) => [{ m: a, row }]),
      ...run.map((b) => [
        { m: a, row: b.stacked!.row },
        { m: b, row: a.stacked!.row },
      ]),
    ]);
    const better = moves.find((move) => {
      if (!keepsWrites(move)) return false;
      const was = move.map(({ m }) => m.stacked!.row);
      move.forEach(({ m, row }) => setRow(m, row));
      const ok = fits() && reachedOver() < before;
      if (!ok) move.forEach(({ m }, i) => setRow(m, was[i]!));
      return ok;
    });
    if (!better) return;
  }
}
