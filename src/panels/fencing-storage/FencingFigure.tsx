import { fencingFigure } from '../../content/fencingStorage';

/**
 * A still picture of the fence at work: two writes reach the storage; the one with the newer
 * token wins, the stale one bounces. Drawn with plain SVG in a fixed coordinate space and
 * scaled to the column, so it reads the same on a phone.
 */
export function FencingFigure() {
  return (
    <figure className="fence-figure">
      <svg viewBox="0 0 560 200" role="img" aria-labelledby="fence-fig-title fence-fig-desc">
        <title id="fence-fig-title">{fencingFigure.title}</title>
        <desc id="fence-fig-desc">{fencingFigure.description}</desc>
        <defs>
          <marker
            id="fence-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0 0 L10 5 L0 10 z" className="fig-arrowhead" />
          </marker>
        </defs>
        {/* The writers. */}
        <g className="fig-actor">
          <rect x="10" y="24" width="150" height="52" rx="8" />
          <text x="85" y="46" textAnchor="middle">
            client 2
          </text>
          <text x="85" y="66" textAnchor="middle" className="fig-small">
            token 34, body v2
          </text>
        </g>
        <g className="fig-actor fig-stale">
          <rect x="10" y="124" width="150" height="52" rx="8" />
          <text x="85" y="146" textAnchor="middle">
            client 1 (woke up)
          </text>
          <text x="85" y="166" textAnchor="middle" className="fig-small">
            token 33, body v1
          </text>
        </g>
        {/* The storage. */}
        <g className="fig-storage">
          <rect x="370" y="50" width="180" height="100" rx="8" />
          <text x="460" y="78" textAnchor="middle">
            storage
          </text>
          <text x="460" y="104" textAnchor="middle" className="fig-small">
            body: v2
          </text>
          <text x="460" y="126" textAnchor="middle" className="fig-small">
            fence: 34
          </text>
        </g>
        <path d="M160 50 L366 84" className="fig-ok-line" markerEnd="url(#fence-arrow)" />
        <text x="250" y="52" className="fig-small fig-ok-text">
          accepted: 34 ≥ 0
        </text>
        <path d="M160 150 L300 128" className="fig-bad-line" />
        <path d="M300 128 L260 176" className="fig-bad-line" markerEnd="url(#fence-arrow)" />
        <text x="310" y="178" className="fig-small fig-bad-text">
          rejected: 33 &lt; 34
        </text>
        <line x1="312" y1="100" x2="312" y2="150" className="fig-fence" />
        <text x="318" y="160" className="fig-small">
          fence
        </text>
      </svg>
      <figcaption>{fencingFigure.description}</figcaption>
    </figure>
  );
}
