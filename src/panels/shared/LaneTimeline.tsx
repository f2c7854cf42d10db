// The lane timeline, drawn by React from layoutTimeline(): d3 computed every position. Each mark
// is focusable and says what happened; the detail line under the figure repeats it for sighted
// readers, on hover or focus.
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Trace } from '../../sim/trace/schema';
import { connectorTone, fmt, timelineModel, type TimelineModel } from '../../viz/timeline';
import {
  LANE_NAME_RISE_PX,
  labelBaselineY,
  labelTextBox,
  layoutTimeline,
  playheadGaps,
  type PlacedMark,
  type TimelineLayout,
} from '../../viz/timelineLayout';
import { hitRegions, rectsPath, ringBox } from '../../viz/timelineHits';
import { labelFontClass, measuredLabelPx } from './labelWidths';
import { useTextScale } from './useTextScale';
import { useWidth } from './useWidth';
import './tokens.css';
import './timeline.css';

export interface LaneTimelineProps {
  trace: Trace;
  /** What the figure shows, for screen readers. */
  title: string;
  /** A playhead at this time (the replay's moment), when given. */
  nowMs?: number | null;
  /** Called when a mark is chosen (click, Enter or Space). */
  onPick?: (mark: PlacedMark) => void;
  /** The highlighted mark, e.g. the replay's current event. */
  activeEventIndex?: number | null;
}

const ACTOR_CLASS = ['a1', 'a2', 'a3', 'a4'];

export function LaneTimeline(props: LaneTimelineProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useWidth(boxRef);
  // The labels' fonts are read from this empty svg (see measuredLabelPx): it is in the box before
  // the figure is first drawn, so that the first layout already has its labels' widths.
  const [probe, setProbe] = useState<SVGSVGElement | null>(null);
  // Drawn once the box has a width, not first at a guess and then again (see useWidth).
  return (
    <div className="lt" ref={boxRef}>
      <svg className="lt-probe" ref={setProbe} aria-hidden="true" />
      {width === null ? null : <DrawnTimeline {...props} width={width} probe={probe} />}
    </div>
  );
}

function DrawnTimeline({
  trace,
  title,
  nowMs,
  onPick,
  activeEventIndex,
  width,
  probe,
}: LaneTimelineProps & { width: number; probe: SVGSVGElement | null }) {
  // The labels are in rem: at a larger text size the lanes, and the room kept for each label, grow.
  const k = useTextScale();
  // Two timelines on one page (the paused client's, the replay's) each need their own mask.
  const maskId = `lt-now-mask${useId().replace(/[^\w-]/g, '')}`;
  const model = useMemo(() => timelineModel(trace), [trace]);
  // 76 px lanes at every width: between two lanes' rings (13 px round each mark, the current
  // step's) go a label under the one line, the next lane's name and a label over the next line,
  // their text boxes 4 px apart (LABEL_GAP_PX). Phones once had 58 px lanes, and the label and
  // the name touched; at 68 px their letters kept apart, but their boxes overlapped by 2 px.
  // Each label's room is its text's width as drawn, measured at its font; where the browser
  // cannot measure, the layout estimates it.
  const labelPx = useMemo(() => (probe ? measuredLabelPx(probe, k) : undefined), [probe, k]);
  const layout = useMemo(
    () => layoutTimeline(model, { width, laneHeight: 76, textScale: k, labelPx }),
    [model, width, k, labelPx],
  );
  const targets = useMemo(() => hitRegions(layout, k), [layout, k]);
  // The mark the detail line tells of, by id, with the run it was hovered or focused in. A new
  // run (another scenario, variant, lock or TTL) has other events under the same ids: "e14" was
  // client 2's grant and is now another step, which the pointer never came near. So the line
  // goes with its run and falls back to the hint; only a mark that keeps the keyboard's focus
  // through the change (its name already changed) goes on being told of, in the new run.
  const [shownIn, setShownIn] = useState<{ id: string; model: TimelineModel } | null>(null);
  const shown =
    shownIn?.model === model ? (layout.marks.find((m) => m.id === shownIn.id) ?? null) : null;
  const setShownId = (id: string) => setShownIn({ id, model });
  const svgRef = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    const focused = document.activeElement;
    const id = focused instanceof Element ? focused.getAttribute('data-mark') : null;
    if (id !== null && svgRef.current?.contains(focused)) setShownIn({ id, model });
  }, [model]);
  // One tab stop for the whole figure (roving tabindex): the arrows move between its events.
  const [rover, setRover] = useState(0);
  const markRefs = useRef<(SVGGElement | null)[]>([]);
  // A fault's mark is ringed at its request's step as well as its effect's: both captions tell of it.
  const activeIdx = layout.marks.findIndex(
    (m) =>
      activeEventIndex !== undefined &&
      activeEventIndex !== null &&
      (m.eventIndex === activeEventIndex || m.requestIndex === activeEventIndex),
  );
  const tabStop = Math.min(rover, layout.marks.length - 1);
  const move = (from: number, key: string): boolean => {
    const last = layout.marks.length - 1;
    const to =
      key === 'ArrowRight' || key === 'ArrowDown'
        ? Math.min(last, from + 1)
        : key === 'ArrowLeft' || key === 'ArrowUp'
          ? Math.max(0, from - 1)
          : key === 'Home'
            ? 0
            : key === 'End'
              ? last
              : -1;
    if (to < 0) return false;
    setRover(to);
    markRefs.current[to]?.focus();
    return true;
  };
  const actorClass = useMemo(() => {
    const clients = model.lanes.filter((l) => l.id.startsWith('client')).map((l) => l.id);
    return (actor?: string) => (actor ? (ACTOR_CLASS[clients.indexOf(actor)] ?? 'a4') : 'fault');
  }, [model]);

  return (
    <>
      <p className="fl-visually-hidden">
        The events are buttons in one tab stop: use the arrow keys to move between them.
      </p>
      <svg
        ref={svgRef}
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="group"
        aria-label={title}
      >
        <Axis layout={layout} k={k} />
        {layout.lanes.map((lane) => (
          <g key={lane.id} className="lt-lane">
            <line x1={0} x2={layout.width} y1={lane.y} y2={lane.y} className="lt-lane-line" />
            <text x={4} y={lane.y - LANE_NAME_RISE_PX * k} className="lt-lane-label">
              {lane.label}
            </text>
          </g>
        ))}
        {layout.connectors.map((c) => (
          // Straight, or bowed off a neighbour's line that would run down beside it (bendApart):
          // the control point is twice the bend off the line's middle.
          <path
            key={c.id}
            d={
              c.bend === 0
                ? `M${c.x1},${c.y1}L${c.x2},${c.y2}`
                : `M${c.x1},${c.y1}Q${(c.x1 + c.x2) / 2 + 2 * c.bend},${(c.y1 + c.y2) / 2} ${c.x2},${c.y2}`
            }
            className={`lt-connector${connectorTone(c) ? ` ${connectorTone(c)}` : ''}`}
            aria-hidden="true"
          />
        ))}
        {nowMs !== undefined && nowMs !== null && (
          // The playhead passes behind every label and lane name: the mask cuts it where their
          // letters are, so that at any step a label it crosses reads whole (a halo round each
          // letter still let it show between them). The mask stays put while the line glides.
          <g mask={`url(#${maskId})`} aria-hidden="true">
            <mask id={maskId} maskUnits="userSpaceOnUse" className="lt-now-mask">
              <rect x={0} y={0} width={layout.width} height={layout.height} fill="white" />
              {playheadGaps(layout, k).map((b, i) => (
                <rect
                  key={i}
                  x={b.left}
                  y={b.top}
                  width={b.right - b.left}
                  height={b.bottom - b.top}
                  fill="black"
                />
              ))}
            </mask>
            <line
              className="lt-now"
              // Moved by a transform so that CSS can glide it from step to step.
              style={{ transform: `translateX(${layout.x(nowMs)}px)` }}
              x1={0}
              x2={0}
              y1={8}
              y2={layout.height - 24 * k}
            />
          </g>
        )}
        {/* Every mark's touch target, wider and taller than the mark (a finger's 24 px where
            the room allows), sits under every mark's drawing; no two targets overlap (see
            hitRegions), so a tap beside a mark chooses the mark whose room it lands in. */}
        <g className="lt-hits" aria-hidden="true">
          {layout.marks.map((m, i) => (
            <path
              key={m.id}
              d={rectsPath(targets[i] ?? [])}
              data-mark={m.id}
              className="lt-hit"
              onMouseEnter={() => {
                setShownId(m.id);
                setRover(i);
              }}
              onClick={() => {
                // As a tap on the mark itself would: focus it, then choose it.
                markRefs.current[i]?.focus();
                setShownId(m.id);
                onPick?.(m);
              }}
            />
          ))}
        </g>
        {layout.marks.map((m, i) => (
          <MarkShape
            key={m.id}
            m={m}
            cls={actorClass(m.actor)}
            k={k}
            active={i === activeIdx}
            tabbable={i === tabStop}
            markRef={(el) => {
              markRefs.current[i] = el;
            }}
            onShow={(shownMark) => {
              setShownId(shownMark.id);
              setRover(i);
            }}
            onPick={onPick}
            onMove={(key) => move(i, key)}
          />
        ))}
      </svg>
      {/* Not live: the focused mark's own name already says this, and hovering is for eyes. */}
      <p className="lt-detail">
        {shown ? (
          <>
            <span className="lt-detail-t">{fmt(shown.t)}</span> {capitalize(shown.detail)}
          </>
        ) : (
          <span className="lt-hint">
            Tap or hover over an event, or focus it, to see what happened.
          </span>
        )}
      </p>
    </>
  );
}

/** A label's text box as the layout placed it, to 0.01 px: "left top right bottom". */
function textBoxAttr(m: PlacedMark, k: number): string | undefined {
  const b = labelTextBox(m, k);
  return b ? [b.left, b.top, b.right, b.bottom].map((v) => +v.toFixed(2)).join(' ') : undefined;
}

function capitalize(s: string): string {
  return s.length ? s[0]!.toUpperCase() + s.slice(1) : s;
}

/** The time axis; `k` is the text scale, which moves the tick labels down as they grow. */
function Axis({ layout, k }: { layout: TimelineLayout; k: number }) {
  const y = layout.height - 18 * k;
  return (
    <g className="lt-axis" aria-hidden="true">
      {layout.ticks.map((t) => (
        <g key={t.t}>
          <line x1={t.x} x2={t.x} y1={8} y2={y - 4} className="lt-grid" />
          <text x={t.labelX} y={y + 10 * k} textAnchor="middle">
            {t.label}
          </text>
        </g>
      ))}
      {layout.unitAtEdge && (
        <text x={layout.width - 4} y={y + 10 * k} textAnchor="end" className="lt-unit">
          ms
        </text>
      )}
    </g>
  );
}

function MarkShape({
  m,
  cls,
  k,
  active,
  tabbable,
  markRef,
  onShow,
  onPick,
  onMove,
}: {
  m: PlacedMark;
  cls: string;
  /** The text scale: a label below its mark moves down as it grows, to stay clear of the mark. */
  k: number;
  active: boolean;
  tabbable: boolean;
  markRef: (el: SVGGElement | null) => void;
  onShow: (m: PlacedMark) => void;
  onPick: ((m: PlacedMark) => void) | undefined;
  onMove: (key: string) => boolean;
}) {
  // Clear of the ring round any mark in the lane, at any text size (see labelBaselineY).
  const labelY = labelBaselineY(m.y, m.labelAt === 'below' ? 'below' : 'above', k, m.labelFar);
  const interval = m.x2 !== undefined;
  const pick = () => {
    onShow(m);
    onPick?.(m);
  };
  return (
    <g
      className={`${labelFontClass(m)} lt-${cls}${active ? ' is-active' : ''}`}
      ref={markRef}
      data-mark={m.id}
      tabIndex={tabbable ? 0 : -1}
      role="button"
      aria-label={`${fmt(m.t)}: ${m.detail}`}
      onMouseEnter={() => onShow(m)}
      onFocus={() => onShow(m)}
      onClick={pick}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          // The replay's own Space handler must not also toggle playback.
          e.stopPropagation();
          pick();
        } else if (onMove(e.key)) {
          // Arrows here move between events; they must not also step the replay.
          e.preventDefault();
          e.stopPropagation();
        }
      }}
    >
      {/* Every size here is times k: the marks grow with the reader's text, as the lanes do. */}
      {interval ? (
        <rect
          x={m.x}
          y={m.y - (m.kind === 'pause' ? 9 : 7) * k}
          width={Math.max(2, (m.x2 as number) - m.x)}
          height={(m.kind === 'pause' ? 18 : 14) * k}
          rx={3}
          className="lt-shape"
        />
      ) : null}
      {/* A lock still held when the run ends: the bar stops at the chart's edge, not the lock. */}
      {interval && m.heldAtEnd && (
        <path
          d={`M${m.x2 as number},${m.y - 7 * k} L${(m.x2 as number) + 7 * k},${m.y} L${m.x2 as number},${m.y + 7 * k} Z`}
          className="lt-shape lt-open-end"
        />
      )}
      {interval ? null : (
        // A mark stacked with others at nearly its moment is drawn smaller, over or under the
        // lane's line, still at its time across; every mark at the reader's text size.
        <g
          transform={
            m.stacked || k !== 1
              ? `translate(${m.x} ${m.y + (m.stacked?.dy ?? 0)}) scale(${(m.stacked?.scale ?? 1) * k}) translate(${-m.x} ${-m.y})`
              : undefined
          }
        >
          {m.kind === 'expire' ? (
            <path
              d={`M${m.x - 7},${m.y - 7} L${m.x + 7},${m.y + 7} M${m.x + 7},${m.y - 7} L${m.x - 7},${m.y + 7}`}
              className="lt-shape"
            />
          ) : m.kind === 'rejected' || m.kind === 'stop' || m.kind === 'crash' ? (
            <rect x={m.x - 6} y={m.y - 6} width={12} height={12} className="lt-shape" />
          ) : (
            <circle cx={m.x} cy={m.y} r={6} className="lt-shape" />
          )}
        </g>
      )}
      {/* The focus ring, round the mark or its place in a stack (its touch target is drawn
          under all marks, see lt-hits). */}
      <rect {...ringBox(m, k)} className="lt-ring" />
      {m.labelAt !== 'none' && (
        <text
          x={m.labelX}
          y={labelY}
          textAnchor={m.labelAnchor}
          className="lt-label"
          aria-hidden="true"
          // The room the layout gave the label (left top right bottom, px): the e2e tests hold
          // the drawn text to it.
          data-box={textBoxAttr(m, k)}
        >
          {m.label}
        </text>
      )}
    </g>
  );
}
