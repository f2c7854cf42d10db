// Who holds the Redlock key on each of the 5 nodes, over time, read from a trace. A node keeps a
// client's key from the grant until its TTL runs out by that node's own clock (a clock jump
// forward shortens it), or until a release deletes it. Pure, so the figure and its tests agree.
import { scaleLinear } from 'd3-scale';
import type { ScaleLinear } from 'd3-scale';
import type { Trace } from '../sim/trace/schema';
import { endsLocksEarly, signedMs, signedSeconds } from './clockStepWords';
import { compareCodeUnits } from './compareCodeUnits';

export const REDLOCK_NODES = ['redis-1', 'redis-2', 'redis-3', 'redis-4', 'redis-5'] as const;

export interface NodeHold {
  node: string;
  actor: string;
  fromMs: number;
  toMs: number;
  endedBy: 'ttl' | 'clock-jump' | 'release' | 'run-end';
}

/**
 * A client's belief that it holds the lock: from its grant until it releases, stops or crashes;
 * else until its validity runs out or its last event, whichever is later.
 */
export interface Belief {
  actor: string;
  fromMs: number;
  toMs: number;
  nodes: string[];
  validityMs: number | null;
}

export interface TwoHolders {
  atMs: number;
  /** The client that already believed it held the lock. */
  first: string;
  /** The client whose grant made two. */
  second: string;
  firstNodes: string[];
  secondNodes: string[];
  /** Nodes where the first client's key was still there at that moment. */
  firstStillOn: string[];
}

export interface RedlockModel {
  nodes: string[];
  holds: NodeHold[];
  beliefs: Belief[];
  pauses: { actor: string; fromMs: number; toMs: number }[];
  jumps: { node: string; atMs: number; byMs: number }[];
  writes: { actor: string; atMs: number; body: string; accepted: boolean }[];
  twoHolders: TwoHolders | null;
  endMs: number;
}

function num(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

function strings(x: unknown): string[] {
  return Array.isArray(x) ? x.filter((n): n is string => typeof n === 'string') : [];
}

export function redlockModel(trace: Trace): RedlockModel {
  const events = trace.events;
  const lastT = events.reduce((m, e) => Math.max(m, e.t), 0);
  const defaultTtl = num(trace.params.ttlMs) ?? 0;
  const pendingTtl = new Map<string, number>();
  const open: (NodeHold & { expiresMs: number })[] = [];
  const holds: NodeHold[] = [];
  const beliefs: (Belief & { open: boolean })[] = [];
  const pauses: RedlockModel['pauses'] = [];
  const pauseFrom = new Map<string, number>();
  const jumps: RedlockModel['jumps'] = [];
  const writes: RedlockModel['writes'] = [];
  const nodeSet = new Set<string>(REDLOCK_NODES);
  let twoHolders: TwoHolders | null = null;
  // A client that never lets go believes it holds for the validity Redlock gave it, and past
  // that for as long as it still acts (a paused client wakes and writes without looking at the
  // clock again); a client that has finished and whose validity has run out believes nothing.
  const lastEventMs = new Map<string, number>();
  for (const e of events) lastEventMs.set(e.actor, e.t);
  const stillBelieves = (b: Belief & { open: boolean }, t: number) => b.open && b.toMs > t;

  // Keys whose TTL ran out by time t leave the open list.
  const expireUpTo = (t: number) => {
    for (let i = open.length - 1; i >= 0; i--) {
      const h = open[i]!;
      if (h.expiresMs <= t) {
        holds.push({
          node: h.node,
          actor: h.actor,
          fromMs: h.fromMs,
          toMs: h.expiresMs,
          endedBy: h.endedBy,
        });
        open.splice(i, 1);
      }
    }
  };
  const endBelief = (actor: string, t: number) => {
    for (const b of beliefs) {
      if (b.actor === actor && b.open) {
        b.open = false;
        b.toMs = t;
      }
    }
  };

  for (const ev of events) {
    expireUpTo(ev.t);
    const v = ev.value ?? {};
    if (ev.f === 'acquire' && ev.type === 'invoke') {
      const ttl = num(v.ttlMs);
      if (ttl !== null) pendingTtl.set(ev.actor, ttl);
    } else if (ev.f === 'acquire' && ev.type === 'ok') {
      const ttl = pendingTtl.get(ev.actor) ?? defaultTtl;
      const nodes = strings(v.nodes);
      // A node sets a key only where none is (SET NX): another client's key on a node that granted
      // this one was gone by then, even where the model, timing keys from the grant rather than
      // from when each node set them, has it a few ms longer.
      for (const h of open)
        if (h.actor !== ev.actor && nodes.includes(h.node))
          h.expiresMs = Math.min(h.expiresMs, ev.t);
      expireUpTo(ev.t);
      for (const node of nodes) {
        nodeSet.add(node);
        open.push({
          node,
          actor: ev.actor,
          fromMs: ev.t,
          toMs: ev.t + ttl,
          expiresMs: ev.t + ttl,
          endedBy: 'ttl',
        });
      }
      const others = beliefs.filter((b) => b.actor !== ev.actor && stillBelieves(b, ev.t));
      const first = others[0];
      if (first && twoHolders === null) {
        twoHolders = {
          atMs: ev.t,
          first: first.actor,
          second: ev.actor,
          firstNodes: first.nodes,
          secondNodes: nodes,
          firstStillOn: open
            .filter((h) => h.actor === first.actor)
            .map((h) => h.node)
            .sort(),
        };
      }
      beliefs.push({
        actor: ev.actor,
        fromMs: ev.t,
        toMs: Math.max(lastEventMs.get(ev.actor) ?? ev.t, ev.t + (num(v.validityMs) ?? ttl)),
        nodes,
        validityMs: num(v.validityMs),
        open: true,
      });
    } else if (ev.f === 'clock-jump' && ev.type === 'info') {
      // The step counts from its effect, as on the lane timeline: on real servers the shim has
      // moved the node's clock by the time the injector reports it, some ms after it asked.
      const node = typeof v.node === 'string' ? v.node : null;
      const byMs = num(v.byMs) ?? 0;
      if (node) {
        jumps.push({ node, atMs: ev.t, byMs });
        for (const h of open) {
          if (h.node === node) {
            // The node's clock reads byMs later, so the key's deadline comes byMs sooner (a step
            // back, byMs below 0, puts it later: the key lives longer, and the jump cuts nothing).
            h.expiresMs = Math.max(ev.t, h.expiresMs - byMs);
            if (endsLocksEarly(byMs)) h.endedBy = 'clock-jump';
          }
        }
        expireUpTo(ev.t);
      }
    } else if (ev.f === 'release' && ev.type === 'invoke') {
      endBelief(ev.actor, ev.t);
    } else if (ev.f === 'release' && ev.type === 'ok') {
      for (let i = open.length - 1; i >= 0; i--) {
        const h = open[i]!;
        if (h.actor === ev.actor) {
          holds.push({
            node: h.node,
            actor: h.actor,
            fromMs: h.fromMs,
            toMs: ev.t,
            endedBy: 'release',
          });
          open.splice(i, 1);
        }
      }
    } else if (ev.f === 'stop' || ev.f === 'crash') {
      endBelief(ev.actor, ev.t);
    } else if (ev.f === 'pause') {
      pauseFrom.set(ev.actor, ev.t);
    } else if (ev.f === 'resume') {
      const from = pauseFrom.get(ev.actor);
      if (from !== undefined) pauses.push({ actor: ev.actor, fromMs: from, toMs: ev.t });
      pauseFrom.delete(ev.actor);
    } else if (ev.f === 'write' && (ev.type === 'ok' || ev.type === 'fail')) {
      writes.push({
        actor: ev.actor,
        atMs: ev.t,
        body: typeof v.body === 'string' ? v.body : '',
        accepted: ev.type === 'ok',
      });
    }
  }
  // Whatever is still open runs to its TTL, or to a little past the run's end.
  const endMs = Math.max(lastT, ...open.map((h) => Math.min(h.expiresMs, lastT * 1.25)));
  for (const h of open) {
    const ttlEnd = h.expiresMs <= endMs;
    holds.push({
      node: h.node,
      actor: h.actor,
      fromMs: h.fromMs,
      toMs: ttlEnd ? h.expiresMs : endMs,
      endedBy: ttlEnd ? h.endedBy : 'run-end',
    });
  }
  for (const [actor, from] of pauseFrom) pauses.push({ actor, fromMs: from, toMs: endMs });
  return {
    nodes: [...nodeSet].sort(),
    holds: holds.sort((a, b) => compareCodeUnits(a.node, b.node) || a.fromMs - b.fromMs),
    beliefs: beliefs.map(({ open: _open, ...b }) => ({ ...b, toMs: Math.min(b.toMs, endMs) })),
    pauses,
    jumps,
    writes,
    twoHolders,
    endMs,
  };
}

/** Who holds the key on each node at time t (null where nobody does). */
export function ownersAt(model: RedlockModel, t: number): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const node of model.nodes) {
    const h = model.holds.find((x) => x.node === node && x.fromMs <= t && t < x.toMs);
    out[node] = h ? h.actor : null;
  }
  return out;
}

export interface RedlockLayout {
  width: number;
  height: number;
  x: ScaleLinear<number, number>;
  /** `y` is the top of the row's band; `labelY` the baseline of its name. */
  rows: { id: string; label: string; y: number; labelY: number; kind: 'client' | 'node' }[];
  rowHeight: number;
  ticks: { t: number; x: number }[];
  /** Whether each row's name stands above its band rather than left of it (rowLabelsAbove). */
  labelsAbove: boolean;
}

/** Room kept clear of tick labels at the chart's right edge, where the unit is written. */
export const UNIT_CLEARANCE_PX = 40;

/**
 * The narrowest plot, in px at the default text size, worth keeping the row names beside it. At
 * the usual size the narrowest figure (266 px, a 320 px phone) leaves 198 px beside 58 px of names,
 * so nothing changes there; with the text at 200% on a 375 px phone the names took 116 of the
 * figure's 300 px, and the plot had room for only two ticks, a cramped clock jump and "v2" on the
 * two-holders line.
 */
export const MIN_PLOT_BESIDE_LABELS_PX = 180;

/**
 * The narrowest the figure is drawn, in px. At the usual text size a 320 px phone gives it 266;
 * with the text at 200% it had 248 and was drawn at 260 and shrunk to fit, its text with it.
 */
const MIN_FIGURE_PX = 200;

/** Height of the line a row's name takes above its band, when it stands there. */
const LABEL_LINE_PX = 16;

/**
 * Whether the row names go above their rows, so the plot takes the figure's whole width: where,
 * beside a `labelWidth` column (px at the default size), it would be narrower than
 * MIN_PLOT_BESIDE_LABELS_PX at the reader's text size (`textScale`).
 */
export function rowLabelsAbove(width: number, labelWidth: number, textScale = 1): boolean {
  const w = Math.max(MIN_FIGURE_PX, width);
  return w - labelWidth * textScale - 10 < MIN_PLOT_BESIDE_LABELS_PX * textScale;
}

/** Rows: one per client (its belief and pauses), then one per node (who holds its key). */
export function layoutRedlock(
  model: RedlockModel,
  opts: {
    width: number;
    labelWidth?: number;
    rowHeight?: number;
    top?: number;
    /**
     * The reader's text size over the default (2 at 200%): the labels are in rem, so the px that
     * make room for text (label column, rows, top, axis, the unit's clearance) are multiplied by it.
     */
    textScale?: number;
    /** Each row's name above its band, the plot across the whole width (rowLabelsAbove). */
    labelsAbove?: boolean;
  },
): RedlockLayout {
  const width = Math.max(MIN_FIGURE_PX, opts.width);
  const k = opts.textScale ?? 1;
  const labelsAbove = opts.labelsAbove ?? false;
  // Names above: a margin only, wide enough for half the "0" tick centred on the first time.
  const labelWidth = labelsAbove ? 10 * k : (opts.labelWidth ?? 70) * k;
  const rowHeight = (opts.rowHeight ?? 30) * k;
  const top = (opts.top ?? 26) * k;
  const labelLine = labelsAbove ? LABEL_LINE_PX * k : 0;
  // A name beside its band sits a little below the band's middle, so the text looks centred; one
  // above it sits on the band's top edge.
  const labelY = (y: number) => (labelsAbove ? y - 3 * k : y + rowHeight / 2 + 4 * k);
  // Every client that held or wrote gets a row: a write is drawn on its writer's row.
  const clients = [
    ...new Set([...model.beliefs.map((b) => b.actor), ...model.writes.map((w) => w.actor)]),
  ].sort();
  const x = scaleLinear()
    .domain([0, Math.max(1, model.endMs) * 1.03])
    .range([labelWidth, width - 10]);
  const rows: RedlockLayout['rows'] = [];
  let y = top;
  for (const c of clients) {
    y += labelLine;
    rows.push({ id: c, label: c.replace(/-/g, ' '), y, labelY: labelY(y), kind: 'client' });
    y += rowHeight;
  }
  y += 10;
  for (const n of model.nodes) {
    y += labelLine;
    rows.push({ id: n, label: n, y, labelY: labelY(y), kind: 'node' });
    y += rowHeight;
  }
  return {
    width,
    height: y + 24 * k,
    x,
    rows,
    rowHeight,
    labelsAbove,
    // The unit ("ms") stands at the right edge: a tick label there would print over it.
    ticks: x
      .ticks(width / k < 420 ? 4 : 7)
      .map((t) => ({ t, x: x(t) }))
      .filter((tick) => tick.x <= width - UNIT_CLEARANCE_PX * k),
  };
}

/**
 * Rough width of a character of the chart's small bold labels, in px at the default text size;
 * each function below takes the width at the reader's size (LABEL_CHAR_PX times the text scale).
 */
export const LABEL_CHAR_PX = 7;

/**
 * The longest way to write a clock jump ("clock +2000 ms", "+2000 ms", "+2 s"; a step back "clock −500 ms") that fits between
 * its line and the next key set on that node, so the label never runs into the next bar.
 */
export function jumpLabel(
  model: RedlockModel,
  jump: RedlockModel['jumps'][number],
  x: (ms: number) => number,
  charPx = LABEL_CHAR_PX,
): string {
  const choices = jumpChoices(jump);
  const roomPx = jumpRoomPx(model, jump, x);
  return choices.find((c) => c.length * charPx <= roomPx) ?? choices[choices.length - 1]!;
}

function jumpChoices(jump: RedlockModel['jumps'][number]): string[] {
  return [`clock ${signedMs(jump.byMs)}`, signedMs(jump.byMs), signedSeconds(jump.byMs)];
}

/** The px between a clock jump's line and the next key set on its node, less a margin. */
function jumpRoomPx(
  model: RedlockModel,
  jump: RedlockModel['jumps'][number],
  x: (ms: number) => number,
): number {
  const next = model.holds
    .filter((h) => h.node === jump.node && h.fromMs >= jump.atMs)
    .reduce((soonest, h) => Math.min(soonest, h.fromMs), Infinity);
  return next === Infinity ? Infinity : x(next) - x(jump.atMs) - 8;
}

/**
 * Where a clock jump's label goes: beside its line in the row, as jumpLabel writes it; or, where
 * even its shortest form runs into the next key and the row's name stands above the row, on the
 * name's line, after the name (ending at `nameEndX`), as long as the figure's `width` allows. With
 * the text at 200% on a 375 px phone "+2 s" ran into redis-3's next key. On the name's line it
 * keeps clear of the two-holders line at `lineX` too: starting after it if it would cross it.
 */
export function jumpLabelPlace(
  model: RedlockModel,
  jump: RedlockModel['jumps'][number],
  x: (ms: number) => number,
  charPx: number,
  nameLine: { nameEndX: number; width: number } | null,
  lineX: number | null = null,
): { text: string; x: number; onNameLine: boolean } {
  const beside = {
    text: jumpLabel(model, jump, x, charPx),
    x: x(jump.atMs) + 4,
    onNameLine: false,
  };
  const shortest = jumpChoices(jump).at(-1)!;
  if (nameLine === null || shortest.length * charPx <= jumpRoomPx(model, jump, x)) return beside;
  const from = Math.max(x(jump.atMs) + 4, nameLine.nameEndX + charPx);
  const fits = (at: number, c: string) => at + c.length * charPx <= nameLine.width - 4;
  const crosses = (at: number, c: string) =>
    lineX !== null && at - 4 < lineX && lineX < at + c.length * charPx + 4;
  for (const text of jumpChoices(jump)) {
    if (fits(from, text) && !crosses(from, text)) return { text, x: from, onNameLine: true };
    const after = lineX === null ? from : Math.max(from, lineX + 6);
    if (fits(after, text)) return { text, x: after, onNameLine: true };
  }
  return beside;
}

/**
 * Where a label centred on a bar goes when a line crosses it (the moment of two holders): the
 * middle of the bar, or of the longer part on either side of the line when the middle is taken.
 */
export function labelXClearOf(
  fromX: number,
  toX: number,
  lineX: number | null,
  text: string,
  charPx = LABEL_CHAR_PX,
): number {
  const mid = (fromX + toX) / 2;
  const halfPx = (text.length * charPx) / 2 + 4;
  if (lineX === null || Math.abs(lineX - mid) > halfPx) return mid;
  const [a, b] = lineX - fromX >= toX - lineX ? [fromX, lineX] : [lineX, toX];
  return b - a >= 2 * halfPx ? (a + b) / 2 : mid;
}

/**
 * A write's label: right of its mark, or left of it near the figure's right edge, to stay inside
 * ("writes v1" is about 80 px wide at the default text size, `textScale` times that at the reader's).
 */
export function writeLabelAt(
  markX: number,
  width: number,
  textScale = 1,
): { x: number; anchor: 'start' | 'end' } {
  return markX > width - 80 * textScale
    ? { x: markX - 8, anchor: 'end' }
    : { x: markX + 8, anchor: 'start' };
}

/**
 * A write's label and where it goes (writeLabelAt): "writes v1", or just "v1" where the long form,
 * drawn leftwards near the right edge, would run into the row names left of `plotLeftX` (large
 * text in a narrow figure). Where the label would lie across the line of two holders at `lineX`,
 * it goes to the mark's other side, or shortens to the body, whichever first keeps it clear of
 * the line and inside the plot.
 */
export function writeLabel(
  markX: number,
  width: number,
  plotLeftX: number,
  body: string,
  textScale = 1,
  lineX: number | null = null,
): { x: number; anchor: 'start' | 'end'; text: string } {
  const charPx = LABEL_CHAR_PX * textScale;
  const at = writeLabelAt(markX, width, textScale);
  const long = `writes ${body}`;
  const [left] = labelSpan(at.x, at.anchor, long, charPx);
  const usual = { ...at, text: left < plotLeftX ? body : long };
  const crossesLine = (l: { x: number; anchor: 'start' | 'end'; text: string }) => {
    const [a, b] = labelSpan(l.x, l.anchor, l.text, charPx);
    return lineX !== null && lineX >= a - 2 && lineX <= b + 2;
  };
  if (!crossesLine(usual)) return usual;
  const other =
    at.anchor === 'end'
      ? { x: markX + 8, anchor: 'start' as const }
      : { x: markX - 8, anchor: 'end' as const };
  const clear = [
    { ...other, text: long },
    { ...at, text: body },
    { ...other, text: body },
  ].find((l) => {
    const [a, b] = labelSpan(l.x, l.anchor, l.text, charPx);
    return a >= plotLeftX && b <= width && !crossesLine(l);
  });
  return clear ?? usual;
}

/** The span a label takes across, in px, from where it is anchored and its estimated width. */
export function labelSpan(
  x: number,
  anchor: 'start' | 'middle' | 'end',
  text: string,
  charPx = LABEL_CHAR_PX,
): readonly [number, number] {
  const px = text.length * charPx;
  const left = anchor === 'start' ? x : anchor === 'end' ? x - px : x - px / 2;
  return [left, left + px];
}

/**
 * Where a pause's label goes: inside its bar when the bar has room for it (off the line of two
 * holders, as labelXClearOf places it) clear of what is `taken` in its row (the write after the
 * pause: its mark, and its label when that is drawn leftwards over the bar near the right edge),
 * else ending just left of the bar when the row has room there, else nowhere. A short pause's bar
 * is a sliver: a label centred on it would lie under the write, and a 0 ms pause would still say
 * "paused".
 */
export function pauseLabelAt(
  fromX: number,
  toX: number,
  lineX: number | null,
  text: string,
  rowStartX: number,
  taken: readonly (readonly [number, number])[] = [],
  charPx = LABEL_CHAR_PX,
): { x: number; anchor: 'middle' | 'end' } | null {
  const textPx = text.length * charPx;
  const clear = (x: number, anchor: 'middle' | 'end') => {
    const [left, right] = labelSpan(x, anchor, text, charPx);
    return taken.every(([a, b]) => right + 4 <= a || left - 4 >= b);
  };
  if (toX - fromX >= textPx + 8) {
    const mid = labelXClearOf(fromX, toX, lineX, text, charPx);
    if (clear(mid, 'middle')) return { x: mid, anchor: 'middle' };
    // Something lies over the middle: the part of the bar before it, if the word fits there.
    const before = Math.min(toX, ...taken.map(([a]) => a).filter((a) => a > fromX));
    const inBefore = (fromX + before) / 2;
    if (before - fromX >= textPx + 8 && clear(inBefore, 'middle'))
      return { x: inBefore, anchor: 'middle' };
  }
  const endX = fromX - 8;
  return endX - textPx >= rowStartX && clear(endX, 'end') ? { x: endX, anchor: 'end' } : null;
}

/**
 * Where "two holders" goes at the top of its line: right of it, or left of it near the figure's
 * right edge or where the right has no room; where neither side has room (the line near the left
 * of a narrow figure whose row names stand above the rows, text at 200%), centred on the line as
 * far as the figure allows.
 */
export function twoHoldersLabelAt(
  lineX: number,
  width: number,
  charPx = LABEL_CHAR_PX,
): { x: number; anchor: 'start' | 'middle' | 'end' } {
  const px = 'two holders'.length * charPx;
  const rightFits = lineX + 4 + px <= width;
  const left = lineX > width * 0.7 || !rightFits;
  if (!left) return { x: lineX + 4, anchor: 'start' };
  if (lineX - 4 - px >= 0) return { x: lineX - 4, anchor: 'end' };
  if (rightFits) return { x: lineX + 4, anchor: 'start' };
  return { x: Math.min(Math.max(lineX, px / 2 + 2), width - px / 2 - 2), anchor: 'middle' };
}
