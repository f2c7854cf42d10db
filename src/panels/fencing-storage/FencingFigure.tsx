import type { ReactNode } from 'react';
import { fencingFigure } from '../../content/fencingStorage';

/**
 * A still picture of the fence at work: two writes reach the storage in turn; the newer token
 * goes through the check, the stale one stops at it. Plain SVG in a fixed coordinate space,
 * scaled to the column. A phone's column would shrink the wide picture's text to 8 px, so narrow
 * columns get the same picture stood on end (CSS shows one of the two).
 */
export function FencingFigure() {
  return (
    <figure className="fence-figure">
      <WideFigure />
      <NarrowFigure />
      <figcaption>{fencingFigure.description}</figcaption>
    </figure>
  );
}

/**
 * What both pictures say, kept once so the two cannot disagree: the paused client's fenced run,
 * its writes as each was sent (a test holds them to the recording and to the engine).
 */
export const NEWER = { who: '① client 2', token: 34, body: 'v2', atMs: 320 };
export const STALE = { who: '② client 1, late', token: 33, body: 'v1', atMs: 510 };
/** A write's tag; the narrow picture's boxes leave out the word "token". */
const tag = (w: typeof NEWER, withWord: boolean) =>
  `${withWord ? 'token ' : ''}${w.token} · ${w.body} · ~${w.atMs} ms`;
const REJECTED = `rejected: ${STALE.token} < ${NEWER.token}`;
const CHECK = 'fence ≤ token?';

function StorageLines({ x, y }: { x: number; y: [number, number, number] }) {
  return (
    <>
      <text x={x} y={y[0]} textAnchor="middle" className="fig-strong">
        documents
      </text>
      <text x={x} y={y[1]} textAnchor="middle" className="fig-small">
        body: {NEWER.body}
      </text>
      <text x={x} y={y[2]} textAnchor="middle" className="fig-small">
        fence: {NEWER.token}
      </text>
    </>
  );
}

function ArrowHead({ id }: { id: string }) {
  return (
    <defs>
      <marker
        id={id}
        viewBox="0 0 10 10"
        refX="9"
        refY="5"
        markerWidth="7"
        markerHeight="7"
        orient="auto"
      >
        <path d="M0 0 L10 5 L0 10 z" className="fig-ok-head" />
      </marker>
    </defs>
  );
}

/** One of the two pictures: its box, its name and description for screen readers, its arrowhead. */
function Frame({
  kind,
  viewBox,
  children,
}: {
  kind: 'wide' | 'narrow';
  viewBox: string;
  children: ReactNode;
}) {
  // Both pictures are in the page at once (CSS hides one): their ids must differ.
  const suffix = kind === 'wide' ? '' : '-narrow';
  return (
    <svg
      className={`fig-${kind}`}
      viewBox={viewBox}
      role="img"
      aria-labelledby={`fence-fig-title${suffix} fence-fig-desc${suffix}`}
    >
      <title id={`fence-fig-title${suffix}`}>{fencingFigure.title}</title>
      <desc id={`fence-fig-desc${suffix}`}>{fencingFigure.description}</desc>
      <ArrowHead id={`fence-arrow-ok${suffix}`} />
      {children}
    </svg>
  );
}

/** A client's box: who, and what it writes; `textY` is where its two lines sit. */
function ClientBox({
  x,
  y,
  width,
  height,
  textY,
  who,
  what,
  stale = false,
}: {
  x: number;
  y: number;
  width: number;
  height: number;
  textY: [number, number];
  who: string;
  what: string;
  stale?: boolean;
}) {
  const middle = x + width / 2;
  return (
    <g className={`fig-actor${stale ? ' fig-stale' : ''}`}>
      <rect x={x} y={y} width={width} height={height} rx="8" />
      <text x={middle} y={textY[0]} textAnchor="middle">
        {who}
      </text>
      <text x={middle} y={textY[1]} textAnchor="middle" className="fig-small">
        {what}
      </text>
    </g>
  );
}

/** The writes come from the left, cross the fence and reach the storage on the right. */
function WideFigure() {
  return (
    <Frame kind="wide" viewBox="0 0 600 206">
      <ClientBox
        x={8}
        y={30}
        width={204}
        height={64}
        textY={[57, 81]}
        who={NEWER.who}
        what={tag(NEWER, true)}
      />
      <ClientBox
        x={8}
        y={130}
        width={204}
        height={64}
        textY={[157, 181]}
        who={STALE.who}
        what={tag(STALE, true)}
        stale
      />

      <g className="fig-storage">
        <rect x="396" y="30" width="196" height="164" rx="8" />
        <StorageLines x={494} y={[92, 122, 148]} />
      </g>

      {/* The check the storage makes on every write: the row's fence must be at most the token. */}
      <line x1="378" y1="30" x2="378" y2="194" className="fig-fence" />
      <text x="378" y="20" textAnchor="middle" className="fig-small fig-strong">
        {CHECK}
      </text>

      <path d="M212 62 L390 62" className="fig-ok-line" markerEnd="url(#fence-arrow-ok)" />
      <text x="294" y="52" textAnchor="middle" className="fig-small fig-ok-text">
        accepted
      </text>

      <path d="M212 162 L352 162" className="fig-bad-line" />
      <path d="M352 152 L366 172 M366 152 L352 172" className="fig-bad-x" />
      <text x="290" y="198" textAnchor="middle" className="fig-small fig-bad-text">
        {REJECTED}
      </text>
    </Frame>
  );
}

/** The same picture for a phone: the writes come from the top, the storage is below the fence. */
function NarrowFigure() {
  return (
    <Frame kind="narrow" viewBox="0 0 340 372">
      <ClientBox
        x={4}
        y={4}
        width={160}
        height={62}
        textY={[30, 54]}
        who={NEWER.who}
        what={tag(NEWER, false)}
      />
      <ClientBox
        x={176}
        y={4}
        width={160}
        height={62}
        textY={[30, 54]}
        who={STALE.who}
        what={tag(STALE, false)}
        stale
      />

      <path d="M60 66 L60 244" className="fig-ok-line" markerEnd="url(#fence-arrow-ok-narrow)" />
      <text x="68" y="112" className="fig-small fig-ok-text">
        accepted
      </text>

      <path d="M256 66 L256 166" className="fig-bad-line" />
      <path d="M246 166 L266 180 M266 166 L246 180" className="fig-bad-x" />
      <text x="244" y="162" textAnchor="end" className="fig-small fig-bad-text">
        {REJECTED}
      </text>

      {/* The check the storage makes on every write: the row's fence must be at most the token. */}
      <line x1="4" y1="196" x2="336" y2="196" className="fig-fence" />
      <text x="336" y="222" textAnchor="end" className="fig-small fig-strong">
        {CHECK}
      </text>

      <g className="fig-storage">
        <rect x="4" y="250" width="332" height="118" rx="8" />
        <StorageLines x={170} y={[290, 318, 344]} />
      </g>
    </Frame>
  );
}
