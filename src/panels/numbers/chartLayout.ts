// Pure layout for the numbers chart: d3-scale computes positions, React draws them.
import { scaleBand, scaleLinear } from 'd3-scale';
import { max } from 'd3-array';

export interface ChartRow {
  id: string;
  label: string;
  /** What the lab measured, per second. */
  value: number;
  /** The C tool's figure (redis-benchmark, pgbench), on work like the lab's; null when there is none. */
  ceiling: number | null;
  /** A second, smaller figure drawn inside the bar (wins, for the hot lock). */
  inner?: number;
  /** The same work through a library client (ioredis, pg): a thin bar under the main one. */
  library?: { value: number; label: string };
}

export interface BarLayout {
  id: string;
  y: number;
  labelY: number;
  barWidth: number;
  ceilingWidth: number | null;
  innerWidth: number | null;
  /** The thin library bar: its top and width, and where its text goes; null without one. */
  library: {
    y: number;
    width: number;
    textX: number;
    textAnchor: 'start' | 'end';
  } | null;
}

export interface ChartLayout {
  height: number;
  /** The row's label on one line, or its name over its figures on two where one is too wide. */
  labelLines: 1 | 2;
  plotLeft: number;
  plotWidth: number;
  barHeight: number;
  bars: BarLayout[];
  ticks: { value: number; x: number }[];
}

export const LIBRARY_BAR_HEIGHT = 6;
// Below the main bar, and its 11-pixel label clear of the ceiling’s dashed outline, which
// stands 3 px proud of the main bar.
const LIBRARY_GAP = 7;
/** About how wide 11-pixel text is per character, to decide where a label fits. */
const CHAR_WIDTH = 6.2;
/** About how wide a row's 13-pixel label is per character (its name is bold), likewise. */
export const ROW_LABEL_CHAR_PX = 7.3;
/** The second line of a row's label, below the first: 1.25em of its 13-pixel text. */
export const ROW_LABEL_LINE_PX = 16;

export interface ChartTextOptions {
  /**
   * The reader's text size over the default (2 at 200%): the labels are in rem, so the px that
   * make room for text (label height, letter widths, the gaps around the library's label, the
   * axis) are multiplied by it.
   */
  textScale?: number;
  /** Each row's longest label on one line, in characters: past the width, it takes two lines. */
  labelChars?: number;
}

/**
 * Labels sit above each bar rather than beside it, so a 320-pixel-wide phone gets the whole
 * width for bars. The axis starts at zero: a bar chart of rates that starts anywhere else lies.
 */
export function layoutChart(
  rows: ChartRow[],
  width: number,
  text: ChartTextOptions = {},
): ChartLayout {
  const k = text.textScale ?? 1;
  const plotLeft = 4;
  const plotWidth = Math.max(120, width - plotLeft - 16);
  // One line for every row's label, or two for every row's: rows stay even.
  const labelLines = (text.labelChars ?? 0) * ROW_LABEL_CHAR_PX * k > width - plotLeft ? 2 : 1;
  const labelHeight = (24 + (labelLines - 1) * ROW_LABEL_LINE_PX) * k;
  const barHeight = 18;
  const libraryGap = LIBRARY_GAP * k;
  const charWidth = CHAR_WIDTH * k;
  // Room for the thin library bar under every row once any row has one, so rows stay even.
  const libraryRoom = rows.some((r) => r.library) ? libraryGap + LIBRARY_BAR_HEIGHT : 0;
  const rowHeight = labelHeight + barHeight + libraryRoom + 12;
  const top = 4;
  const axisHeight = 24 * k;
  const band = scaleBand<string>()
    .domain(rows.map((r) => r.id))
    .range([top, top + rows.length * rowHeight]);
  const highest = max(rows, (r) => Math.max(r.value, r.ceiling ?? 0, r.library?.value ?? 0)) ?? 1;
  const x = scaleLinear()
    .domain([0, highest || 1])
    .nice()
    .range([0, plotWidth]);
  function placeLibrary(library: { value: number; label: string }, below: number) {
    const libraryWidth = x(library.value);
    const textWidth = library.label.length * charWidth;
    // Right of the bar's end when it fits; otherwise just inside it, over a halo.
    const fitsAfter = libraryWidth + 6 + textWidth <= plotWidth;
    return {
      y: below + libraryGap,
      width: libraryWidth,
      textX: plotLeft + (fitsAfter ? libraryWidth + 6 : Math.max(textWidth, libraryWidth - 4)),
      textAnchor: fitsAfter ? ('start' as const) : ('end' as const),
    };
  }
  const bars = rows.map((r) => {
    const y0 = band(r.id) ?? 0;
    return {
      id: r.id,
      // The first line's baseline: a second line, when there is one, is drawn below it.
      labelY: y0 + labelHeight - (9 + (labelLines - 1) * ROW_LABEL_LINE_PX) * k,
      y: y0 + labelHeight,
      barWidth: x(r.value),
      ceilingWidth: r.ceiling === null ? null : x(r.ceiling),
      innerWidth: r.inner === undefined ? null : x(r.inner),
      library: r.library ? placeLibrary(r.library, y0 + labelHeight + barHeight) : null,
    };
  });
  const ticks = x
    .ticks(width / k < 480 ? 3 : 5)
    .map((value) => ({ value, x: plotLeft + x(value) }));
  return {
    height: top + rows.length * rowHeight + axisHeight,
    labelLines,
    plotLeft,
    plotWidth,
    barHeight,
    bars,
    ticks,
  };
}
