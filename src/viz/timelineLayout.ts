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
  /** Average width of one label character, in px, to keep labels from overlapping. */
  charPx?: number;
  /**
   * The reader's text size over the default (2 at 200%): the labels are in rem, so every px above
   * that makes room for text (lane height, top, bottom, letter width, the unit's clearance) is
   * multiplied by it.
   */
  textScale?: number;
}

export interface PlacedMark extends Mark {
  x: number;
  x2?: number;
  y: number;
  /** Where the label goes: above or below the lane line, or nowhere when there is no room. */
  labelAt: 'above' | 'below' | 'none';
  labelX: number;
  labelAnchor: 'start' | 'middle' | 'end';
}

export interface TimelineLayout {
  width: number;
  height: number;
  x: ScaleLinear<number, number>;
  lanes: Lane[];
  marks: PlacedMark[];
  connectors: (Connector & { x1: number; y1: number; x2: number; y2: number })[];
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

/** How far apart two point marks in one lane are drawn at least, in px (each is 12 to 14 wide). */
const MIN_POINT_GAP_PX = 15;
/** Room right of the rightmost point's centre: its dot and the ring of the current step. */
const RIGHT_EDGE_ROOM_PX = 12;

/** Marks a connector line starts or ends on. */
const CONNECTED_KINDS: ReadonlySet<MarkKind> = new Set(['write', 'stored', 'rejected']);

/** Positions a model in a box `width` px wide: lanes stacked, time across, labels de-cluttered. */
export function layoutTimeline(model: TimelineModel, opts: LayoutOptions): TimelineLayout {
  const width = Math.max(240, opts.width);
  const k = opts.textScale ?? 1;
  const laneHeight = (opts.laneHeight ?? 64) * k;
  const top = (opts.top ?? 22) * k;
  const bottom = (opts.bottom ?? 28) * k;
  const padX = opts.padX ?? 16;
  const charPx = (opts.charPx ?? 6.4) * k;
  const domainEnd = Math.max(1, model.endMs) * 1.04;
  let x = scaleLinear()
    .domain([0, domainEnd])
    .range([padX, width - padX]);
  const lanes = model.lanes.map((l, k) => ({ ...l, y: top + laneHeight * k + laneHeight / 2 }));
  const laneY = new Map(lanes.map((l) => [l.id, l.y]));

  // A connector runs from a write to the storage's answer, which never comes before it. When the
  // write's mark was nudged right past its answer's time, the answer is drawn no further left
  // than the write: the line may stand upright, but it never runs backwards in time.
  const place = () => {
    const notLeftOf = new Map<string, number>();
    let placed = placeMarks(model, { x, laneY, top, width, charPx, notLeftOf });
    for (let pass = 0; pass < 4; pass++) {
      const at = new Map(placed.map((p) => [p.id, p.x]));
      let moved = false;
      for (const c of model.connectors) {
        const from = at.get(c.fromMark);
        const to = at.get(c.toMark);
        if (from !== undefined && to !== undefined && to < from) {
          notLeftOf.set(c.toMark, from);
          moved = true;
        }
      }
      if (!moved) break;
      placed = placeMarks(model, { x, laneY, top, width, charPx, notLeftOf });
    }
    return placed;
  };
  let placed = place();
  // Points nudged apart near the run's end can be pushed past the box's right edge (a narrow box,
  // many events in the last few ms): the time axis then ends that much further left, and the
  // marks are placed again, until every point is inside.
  for (let pass = 0; pass < 6; pass++) {
    const rightmost = Math.max(...placed.filter((p) => p.x2 === undefined).map((p) => p.x));
    const over = rightmost - (width - RIGHT_EDGE_ROOM_PX);
    if (!(over > 0)) break;
    const [from, to] = x.range() as [number, number];
    if (to - over - from < width / 2) break;
    // A nudged cluster moves left by less than the axis end does: ask for a little more.
    x = scaleLinear()
      .domain([0, domainEnd])
      .range([from, to - over * 1.25 - 0.5]);
    placed = place();
  }

  // A connector meets its marks where they were drawn, nudged or not.
  const markX = new Map(placed.map((p) => [p.id, p.x]));
  const connectors = model.connectors.map((c) => ({
    ...c,
    x1: markX.get(c.fromMark) ?? x(c.t),
    y1: laneY.get(c.fromLane) ?? top,
    x2: markX.get(c.toMark) ?? x(c.t2),
    y2: laneY.get(c.toLane) ?? top,
  }));
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
    height: top + laneHeight * lanes.length + bottom,
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
 * Places each mark at its time, labels de-cluttered lane by lane. A point mark less than a mark
 * apart from the one before it in its lane is moved right; `notLeftOf` keeps a mark at least
 * that far right (a storage answer, at its write).
 */
function placeMarks(
  model: TimelineModel,
  o: {
    x: ScaleLinear<number, number>;
    laneY: Map<string, number>;
    top: number;
    width: number;
    charPx: number;
    notLeftOf: ReadonlyMap<string, number>;
  },
): PlacedMark[] {
  const { x, laneY, top, width, charPx, notLeftOf } = o;
  // Points less than a mark apart in one lane (a rejected write's reply and the stop it causes,
  // a fraction of a ms later) are drawn side by side rather than one over the other; the
  // detail keeps the exact times.
  const lastPointX = new Map<string, number>();
  const boxes: { left: number; right: number; fits: boolean }[] = [];
  const placed = model.marks.map((m) => {
    let mx = x(m.t);
    const mx2 = m.t2 !== undefined ? x(m.t2) : undefined;
    // The second row of a lane sits just under the first (bars are 14 px high).
    const y = (laneY.get(m.lane) ?? top) + (m.row === 1 ? 15 : 0);
    if (mx2 === undefined) {
      mx = Math.max(mx, notLeftOf.get(m.id) ?? mx);
      const last = lastPointX.get(m.lane);
      if (last !== undefined && mx - last < MIN_POINT_GAP_PX) mx = last + MIN_POINT_GAP_PX;
      lastPointX.set(m.lane, mx);
    }
    const w = m.label.length * charPx * (labelIsBold(m) ? BOLD_CHAR_RATIO : 1);
    const center = mx2 !== undefined ? (mx + mx2) / 2 : mx;
    let labelX = center;
    let anchor: PlacedMark['labelAnchor'] = 'middle';
    let left = center - w / 2;
    // A label too wide for either side of its write's line (large text in a narrow box) is left
    // to the detail line rather than drawn past the figure's edge.
    let fits = true;
    if (CONNECTED_KINDS.has(m.kind)) {
      // A write's line to the storage runs straight down from the mark: its label goes beside
      // the line, not across it.
      labelX = mx + 9;
      anchor = 'start';
      left = labelX;
      if (left + w > width - 2) {
        labelX = mx - 9;
        anchor = 'end';
        left = labelX - w;
        fits = left >= 2;
      }
    } else if (left < 2) {
      labelX = Math.max(2, mx);
      anchor = 'start';
      left = labelX;
      // Wider than the room right of its mark too (large text, a narrow box): as far right as
      // the box lets it go, still over its mark.
      if (left + w > width - 2) {
        left = Math.max(2, width - 2 - w);
        labelX = left;
      }
    } else if (center + w / 2 > width - 2) {
      labelX = Math.min(width - 2, mx2 ?? mx);
      anchor = 'end';
      left = labelX - w;
      if (left < 2) {
        left = 2;
        labelX = Math.min(width - 2, left + w);
      }
    }
    // Wider than the whole box: only the detail line can say it.
    if (w > width - 4) fits = false;
    boxes.push({ left, right: left + w, fits });
    const out: PlacedMark = { ...m, x: mx, y, labelAt: 'none', labelX, labelAnchor: anchor };
    if (mx2 !== undefined) out.x2 = mx2;
    return out;
  });
  // Labels are given room in order of what they say: a refusal ("busy") comes last, so a run of
  // retries cannot crowd out the grant that ends it. Each label goes above its lane's line if it
  // fits there, else below, else it is left to the tooltip. A bar in the second row labels below,
  // clear of the bar above it.
  const taken = new Map<string, { left: number; right: number }[]>();
  const free = (key: string, left: number, right: number) =>
    !(taken.get(key) ?? []).some((b) => left < b.right + 6 && right + 6 > b.left);
  const take = (key: string, left: number, right: number) =>
    taken.set(key, [...(taken.get(key) ?? []), { left, right }]);
  const order = placed
    .map((_, i) => i)
    .sort((a, b) => rank(placed[a]!) - rank(placed[b]!) || a - b);
  for (const i of order) {
    const m = placed[i]!;
    const { left, right, fits } = boxes[i]!;
    if (!fits) continue;
    const above = `${m.lane}/above`;
    const below = `${m.lane}/below`;
    if (m.row === 1) {
      if (free(below, left, right)) {
        m.labelAt = 'below';
        take(below, left, right);
      }
    } else if (free(above, left, right)) {
      m.labelAt = 'above';
      take(above, left, right);
    } else if (free(below, left, right)) {
      m.labelAt = 'below';
      take(below, left, right);
    }
  }
  return placed;
}

/** Which labels get room first: every other mark before a refusal. */
function rank(m: PlacedMark): number {
  return m.kind === 'refused' ? 1 : 0;
}
