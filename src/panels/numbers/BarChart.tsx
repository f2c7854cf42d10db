import { useRef } from 'react';
import { LIBRARY_BAR_HEIGHT, ROW_LABEL_CHAR_PX, layoutChart, type ChartRow } from './chartLayout';
import { useTextScale } from '../shared/useTextScale';
import { useWidth } from '../shared/useWidth';
import { sayNumber, sayRatio } from '../../content/say';
import './numbers.css';

export interface BarChartProps {
  title: string;
  rows: ChartRow[];
  unitFor: (row: ChartRow) => string;
  /** What the bars are, for the legend: the lab's figures or the explainer's. */
  valueLegend: string;
  /** What the thin bars are, for the legend, when some rows have a library figure. */
  libraryLegend?: string;
}

/** A horizontal bar chart: d3-scale lays it out (chartLayout.ts), React renders the SVG. */
export function BarChart({ title, rows, unitFor, valueLegend, libraryLegend }: BarChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(ref, 640);
  const hasCeilings = rows.some((r) => r.ceiling !== null);
  const hasInner = rows.some((r) => r.inner !== undefined);
  const hasLibrary = rows.some((r) => r.library !== undefined);
  return (
    <figure className="bar-chart">
      <figcaption className="chart-title">{title}</figcaption>
      <div className="chart-legend" aria-hidden="true">
        <span className="legend-item">
          <span className="swatch swatch-value" /> {valueLegend}
        </span>
        {hasCeilings ? (
          <span className="legend-item">
            <span className="swatch swatch-ceiling" /> C tool: redis-benchmark / pgbench
          </span>
        ) : null}
        {hasLibrary ? (
          <span className="legend-item">
            <span className="swatch swatch-library" /> {libraryLegend ?? 'through a library'}
          </span>
        ) : null}
        {hasInner ? (
          <span className="legend-item">
            <span className="swatch swatch-inner" /> wins
          </span>
        ) : null}
      </div>
      <div ref={ref} className="chart-box">
        {/* Drawn once the box has a width, not first at a guess and then again (see useWidth). */}
        {width === null ? null : <Bars title={title} rows={rows} unitFor={unitFor} width={width} />}
      </div>
    </figure>
  );
}

/** The chart's SVG at a measured width. */
function Bars({
  title,
  rows,
  unitFor,
  width,
}: Pick<BarChartProps, 'title' | 'rows' | 'unitFor'> & { width: number }) {
  // The labels are in rem: at a larger text size the rows grow, and a label too wide for one
  // line puts its figures under its name.
  const k = useTextScale();
  const figuresOf = (row: ChartRow, ratio: boolean) =>
    `${sayNumber(row.value)} ${unitFor(row)}${ratio && row.ceiling ? ` · ${sayRatio(row.value / row.ceiling)} of the C tool` : ''}`;
  // The ratio to the C tool on a chart 420 px wide or more, where each row's figures with it
  // still fit on a line at the reader's text size.
  const showRatio =
    width >= 420 &&
    rows.every((r) => figuresOf(r, true).length * ROW_LABEL_CHAR_PX * k <= width - 4);
  const figures = (row: ChartRow) => figuresOf(row, showRatio);
  const labelChars = Math.max(0, ...rows.map((r) => `${r.label}  ${figures(r)}`.length));
  const layout = layoutChart(rows, width, { textScale: k, labelChars });
  const twoLines = layout.labelLines === 2;
  const summary = rows
    .map((r) => {
      const ceiling = r.ceiling !== null ? `, C tool ${sayNumber(r.ceiling)}` : '';
      const library = r.library ? `, ${r.library.label}` : '';
      return `${r.label}: ${sayNumber(r.value)} ${unitFor(r)}${ceiling}${library}`;
    })
    .join('; ');
  return (
    <svg
      width={width}
      height={layout.height}
      viewBox={`0 0 ${width} ${layout.height}`}
      role="img"
      aria-label={`${title}. ${summary}.`}
    >
      {layout.ticks.map((t) => (
        <g key={t.value} className="chart-tick">
          <line x1={t.x} x2={t.x} y1={0} y2={layout.height - 20 * k} />
          <text
            x={t.x}
            y={layout.height - 6 * k}
            textAnchor={t.value === 0 ? 'start' : t.x > width - 24 * k ? 'end' : 'middle'}
          >
            {sayNumber(t.value)}
          </text>
        </g>
      ))}
      {layout.bars.map((bar, i) => {
        const row = rows[i] as ChartRow;
        return (
          <g key={bar.id}>
            <text x={layout.plotLeft} y={bar.labelY} className="chart-label">
              <tspan className="chart-label-name">{row.label}</tspan>
              {twoLines ? (
                <tspan className="chart-label-value" x={layout.plotLeft} dy="1.25em">
                  {figures(row)}
                </tspan>
              ) : (
                <tspan className="chart-label-value">
                  {'  '}
                  {figures(row)}
                </tspan>
              )}
            </text>
            {bar.ceilingWidth !== null ? (
              <rect
                className="chart-ceiling"
                x={layout.plotLeft}
                y={bar.y - 3}
                width={Math.max(bar.ceilingWidth, 1)}
                height={layout.barHeight + 6}
                rx={3}
              />
            ) : null}
            <rect
              className="chart-bar"
              x={layout.plotLeft}
              y={bar.y}
              width={Math.max(bar.barWidth, 1)}
              height={layout.barHeight}
              rx={2}
            />
            {bar.library && row.library ? (
              <>
                <rect
                  className="chart-library"
                  x={layout.plotLeft}
                  y={bar.library.y}
                  width={Math.max(bar.library.width, 1)}
                  height={LIBRARY_BAR_HEIGHT}
                  rx={1}
                />
                <text
                  className="chart-library-label"
                  x={bar.library.textX}
                  y={bar.library.y + LIBRARY_BAR_HEIGHT / 2}
                  dominantBaseline="central"
                  textAnchor={bar.library.textAnchor}
                >
                  {row.library.label}
                </text>
              </>
            ) : null}
            {bar.innerWidth !== null ? (
              <rect
                className="chart-inner"
                x={layout.plotLeft}
                y={bar.y + 4}
                width={Math.max(bar.innerWidth, 2)}
                height={layout.barHeight - 8}
              />
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
