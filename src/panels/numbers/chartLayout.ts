// Pure layout for the numbers chart: d3-scale computes positions, React draws them.
import { scaleBand, scaleLinear } from 'd3-scale';
import { max } from 'd3-array';

export interface ChartRow {
  id: string;
  label: string;
  /** What the lab measured, per second. */
  value: number;
  /** The same work from the C tools; null when there is none. */
  ceiling: number | null;
  /** A second, smaller figure drawn inside the bar (wins, for the hot lock). */
  inner?: number;
}

export interface BarLayout {
  id: string;
  y: number;
  labelY: number;
  barWidth: number;
  ceilingWidth: number | null;
  innerWidth: number | null;
}

export interface ChartLayout {
  height: number;
  plotLeft: number;
  plotWidth: number;
  barHeight: number;
  bars: BarLayout[];
  ticks: { value: number; x: number }[];
}

/**
 * Labels sit above each bar rather than beside it, so a 320-pixel-wide phone gets the whole
 * width for bars. The axis starts at zero: a bar chart of rates that starts anywhere else lies.
 */
export function layoutChart(rows: ChartRow[], width: number): ChartLayout {
  const plotLeft = 4;
  const plotWidth = Math.max(120, width - plotLeft - 16);
  const labelHeight = 24;
  const barHeight = 18;
  const rowHeight = labelHeight + barHeight + 12;
  const top = 4;
  const axisHeight = 24;
  const band = scaleBand<string>()
    .domain(rows.map((r) => r.id))
    .range([top, top + rows.length * rowHeight]);
  const highest = max(rows, (r) => Math.max(r.value, r.ceiling ?? 0)) ?? 1;
  const x = scaleLinear()
    .domain([0, highest || 1])
    .nice()
    .range([0, plotWidth]);
  const bars = rows.map((r) => {
    const y0 = band(r.id) ?? 0;
    return {
      id: r.id,
      labelY: y0 + labelHeight - 9,
      y: y0 + labelHeight,
      barWidth: x(r.value),
      ceilingWidth: r.ceiling === null ? null : x(r.ceiling),
      innerWidth: r.inner === undefined ? null : x(r.inner),
    };
  });
  const ticks = x.ticks(width < 480 ? 3 : 5).map((value) => ({ value, x: plotLeft + x(value) }));
  return {
    height: top + rows.length * rowHeight + axisHeight,
    plotLeft,
    plotWidth,
    barHeight,
    bars,
    ticks,
  };
}
