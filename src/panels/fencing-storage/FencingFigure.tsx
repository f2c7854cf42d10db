import { fencingFigure } from '../../content/fencingStorage';

/**
 * A still picture of the fence at work: two writes reach the storage in turn; the newer token
 * goes through the check, the stale one stops at it. Plain SVG in a fixed coordinate space,
 * scaled to the column, so it reads the same on a phone.
 */
export function FencingFigure() {
  return (
    <figure className="fence-figure">
      <svg viewBox="0 0 600 206" role="img" aria-labelledby="fence-fig-title fence-fig-desc">
        <title id="fence-fig-title">{fencingFigure.title}</title>
        <desc id="fence-fig-desc">{fencingFigure.description}</desc>
        <defs>
          <marker
            id="fence-arrow-ok"
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

        <g className="fig-actor">
          <rect x="8" y="30" width="204" height="64" rx="8" />
          <text x="110" y="57" textAnchor="middle">
            ① client 2
          </text>
          <text x="110" y="81" textAnchor="middle" className="fig-small">
            token 34 · v2 · 320 ms
          </text>
        </g>
        <g className="fig-actor fig-stale">
          <rect x="8" y="130" width="204" height="64" rx="8" />
          <text x="110" y="157" textAnchor="middle">
            ② client 1, late
          </text>
          <text x="110" y="181" textAnchor="middle" className="fig-small">
            token 33 · v1 · 510 ms
          </text>
        </g>

        <g className="fig-storage">
          <rect x="396" y="30" width="196" height="164" rx="8" />
          <text x="494" y="92" textAnchor="middle" className="fig-strong">
            documents
          </text>
          <text x="494" y="122" textAnchor="middle" className="fig-small">
            body: v2
          </text>
          <text x="494" y="148" textAnchor="middle" className="fig-small">
            fence: 34
          </text>
        </g>

        {/* The check the storage makes on every write: the row's fence must be at most the token. */}
        <line x1="378" y1="30" x2="378" y2="194" className="fig-fence" />
        <text x="378" y="20" textAnchor="middle" className="fig-small fig-strong">
          fence ≤ token?
        </text>

        <path d="M212 62 L390 62" className="fig-ok-line" markerEnd="url(#fence-arrow-ok)" />
        <text x="294" y="52" textAnchor="middle" className="fig-small fig-ok-text">
          accepted
        </text>

        <path d="M212 162 L352 162" className="fig-bad-line" />
        <path d="M352 152 L366 172 M366 152 L352 172" className="fig-bad-x" />
        <text x="290" y="198" textAnchor="middle" className="fig-small fig-bad-text">
          rejected: 33 &lt; 34
        </text>
      </svg>
      <figcaption>{fencingFigure.description}</figcaption>
    </figure>
  );
}
