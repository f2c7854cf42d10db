// Redlock's chart: one row per node with whose key it holds over time, the clients' beliefs that
// they hold the lock above them, and the moment two clients hold it at once.
import { useMemo, useRef } from 'react';
import {
  jumpLabelPlace,
  LABEL_CHAR_PX,
  labelSpan,
  layoutRedlock,
  pauseLabelAt,
  twoHoldersLabelAt,
  rowLabelsAbove,
  writeLabel,
  type RedlockLayout,
  type RedlockModel,
} from '../../viz/redlock';
import { fmt } from '../../viz/timeline';
import { useTextScale } from '../shared/useTextScale';
import { useWidth } from '../shared/useWidth';
import { actorClass } from './actorClass';

interface RedlockChartProps {
  model: RedlockModel;
  nowMs: number;
}

export function RedlockChart(props: RedlockChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useWidth(boxRef);
  // Drawn once the box has a width, not first at a guess and then again (see useWidth).
  return (
    <div className="rl-chart" ref={boxRef}>
      {width === null ? null : <DrawnChart {...props} width={width} />}
    </div>
  );
}

function DrawnChart({ model, nowMs, width }: RedlockChartProps & { width: number }) {
  // The labels are in rem: at a larger text size the rows and the room for each label grow.
  const k = useTextScale();
  const charPx = LABEL_CHAR_PX * k;
  const labelWidth = width < 480 ? 58 : 72;
  // Large text in a narrow figure: the row names go above their rows, the plot takes the width.
  const labelsAbove = rowLabelsAbove(width, labelWidth, k);
  const layout: RedlockLayout = useMemo(
    () => layoutRedlock(model, { width, labelWidth, textScale: k, labelsAbove }),
    [model, width, labelWidth, k, labelsAbove],
  );
  const { x, rowHeight } = layout;
  const plotLeftX = x.range()[0] ?? 0;
  const barH = rowHeight - 12;
  const th = model.twoHolders;
  const lineX = th ? x(th.atMs) : null;
  const twoHoldersLabel = lineX === null ? null : twoHoldersLabelAt(lineX, layout.width, charPx);
  // A label's baseline, a little below the middle of its row or bar, so the text sits centred.
  const baselineDrop = 4 * k;
  const rowY = new Map(layout.rows.map((r) => [r.id, r.y]));
  return (
    <>
      <svg
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label={`Timeline: who holds the key on each of ${model.nodes.length} nodes, and when each client believes it holds the lock. ${th ? `Two holders from ${fmt(th.atMs)}.` : ''}`}
      >
        {layout.ticks.map((t) => (
          <g key={t.t} className="rl-tick">
            <line x1={t.x} x2={t.x} y1={14 * k} y2={layout.height - 20 * k} />
            <text x={t.x} y={layout.height - 6 * k} textAnchor="middle">
              {t.t}
            </text>
          </g>
        ))}
        <text x={layout.width - 10} y={layout.height - 6 * k} textAnchor="end" className="rl-unit">
          ms
        </text>
        {layout.rows.map((r) => (
          <g key={r.id}>
            <line
              x1={x.range()[0]}
              x2={layout.width - 10}
              y1={r.y + rowHeight / 2}
              y2={r.y + rowHeight / 2}
              className="rl-row-line"
            />
            <text x={4} y={r.labelY} className={`rl-row-label is-${r.kind}`}>
              {r.label}
            </text>
          </g>
        ))}
        {model.beliefs.map((b, i) => {
          const y = (rowY.get(b.actor) ?? 0) + 6;
          return (
            <rect
              key={`b${i}`}
              x={x(b.fromMs)}
              y={y}
              width={Math.max(2, x(b.toMs) - x(b.fromMs))}
              height={barH}
              rx={3}
              className={`rl-belief ${actorClass(b.actor)}`}
            />
          );
        })}
        {model.pauses.map((p, i) => {
          const y = (rowY.get(p.actor) ?? 0) + 6;
          // The actor's writes: their marks, and their labels, which may lie over the bar.
          const taken = model.writes
            .filter((w) => w.actor === p.actor)
            .flatMap((w) => {
              const at = writeLabel(x(w.atMs), layout.width, plotLeftX, w.body, k, lineX);
              return [
                [x(w.atMs) - 6, x(w.atMs) + 6] as const,
                labelSpan(at.x, at.anchor, at.text, charPx),
              ];
            });
          const label = pauseLabelAt(
            x(p.fromMs),
            x(p.toMs),
            th ? x(th.atMs) : null,
            'paused',
            x.range()[0] ?? 0,
            taken,
            charPx,
          );
          return (
            <g key={`p${i}`}>
              <rect
                x={x(p.fromMs)}
                y={y}
                width={Math.max(2, x(p.toMs) - x(p.fromMs))}
                height={barH}
                className="rl-pause"
              />
              {label && (
                <text
                  x={label.x}
                  y={y + barH / 2 + baselineDrop}
                  textAnchor={label.anchor}
                  className="rl-pause-label"
                >
                  paused
                </text>
              )}
            </g>
          );
        })}
        {model.holds.map((h, i) => {
          const y = (rowY.get(h.node) ?? 0) + 6;
          return (
            <rect
              key={`h${i}`}
              x={x(h.fromMs)}
              y={y}
              width={Math.max(2, x(h.toMs) - x(h.fromMs))}
              height={barH}
              rx={3}
              className={`rl-hold ${actorClass(h.actor)}${h.endedBy === 'clock-jump' ? ' is-cut' : ''}`}
            />
          );
        })}
        {model.jumps.map((j, i) => {
          const row = layout.rows.find((r) => r.id === j.node);
          const y = row?.y ?? 0;
          // Where the row's name stands above it, the label may go on the name's line.
          const nameLine =
            row && layout.labelsAbove
              ? { nameEndX: 4 + row.label.length * charPx, width: layout.width }
              : null;
          const label = jumpLabelPlace(model, j, x, charPx, nameLine, lineX);
          return (
            <g key={`j${i}`} className="rl-jump">
              <line x1={x(j.atMs)} x2={x(j.atMs)} y1={y + 2} y2={y + rowHeight - 2} />
              <text
                x={label.x}
                y={label.onNameLine && row ? row.labelY : y + rowHeight / 2 + baselineDrop}
              >
                {label.text}
              </text>
            </g>
          );
        })}
        {model.writes.map((w, i) => {
          const y = (rowY.get(w.actor) ?? 0) + rowHeight / 2;
          // A write made while two clients held the lock is the danger; one made alone is not.
          const risky = th !== null && w.atMs >= th.atMs;
          const label = writeLabel(x(w.atMs), layout.width, plotLeftX, w.body, k, lineX);
          return (
            <g key={`w${i}`} className={`rl-write${risky ? ' is-risky' : ''}`}>
              <circle cx={x(w.atMs)} cy={y} r={5} />
              <text x={label.x} y={y + baselineDrop} textAnchor={label.anchor}>
                {label.text}
              </text>
            </g>
          );
        })}
        {th && twoHoldersLabel && (
          <g className="rl-two-mark">
            <line x1={x(th.atMs)} x2={x(th.atMs)} y1={4} y2={layout.height - 20 * k} />
            <text x={twoHoldersLabel.x} y={12 * k} textAnchor={twoHoldersLabel.anchor}>
              two holders
            </text>
          </g>
        )}
        <line
          className="rl-now"
          x1={x(nowMs)}
          x2={x(nowMs)}
          y1={16 * k}
          y2={layout.height - 20 * k}
        />
      </svg>
      <p className="rl-legend" aria-hidden="true">
        <span className="rl-swatch rl-c1" /> client 1 <span className="rl-swatch rl-c2" /> client 2
        <span className="rl-legend-note">
          Top rows: when each client believes it holds the lock. Node rows: whose key each node
          holds.
        </span>
      </p>
    </>
  );
}
