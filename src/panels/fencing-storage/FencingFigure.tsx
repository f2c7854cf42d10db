import { fencingFigure } from '../../content/fencingStorage';

/**
 * A still picture of the fence at work: two writes reach the storage in turn; the newer token
 * goes through the check, the stale one stops at it. Plain SVG in a fixed coordinate space,
 * scaled to the column, so it reads the same on a phone.
 */
export function FencingFigure() {
  return (
    <figure className="fence-figure">
      <svg viewBox="0 0 600 210" role="img" aria-labelledby="fence-fig-title fence-fig-desc">
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
          <rect x="8" y="34" width="168" height="54" rx="8" />
          <text x="92" y="56" textAnchor="middle">
            ① client 2, at 320 ms
          </text>
          <text x="92" y="76" textAnchor="middle" className="fig-small">
            token 34, body v2
          </text>
        </g>
        <g className="fig-actor fig-stale">
          <rect x="8" y="122" width="168" height="54" rx="8" />
          <text x="92" y="144" textAnchor="middle">
            ② client 1, at 510 ms
          </text>
          <text x="92" y="164" textAnchor="middle" className="fig-small">
            token 33, body v1
          </text>
        </g>

        <g className="fig-storage">
          <rect x="392" y="22" width="200" height="166" rx="8" />
          <text x="492" y="86" textAnchor="middle" className="fig-strong">
            documents
          </text>
          <text x="492" y="110" textAnchor="middle" className="fig-small">
            body: v2
          </text>
          <text x="492" y="130" textAnchor="middle" className="fig-small">
            fence: 34
          </text>
        </g>

        {/* The check the storage makes on every write: the row's fence must be at most the token. */}
        <line x1="372" y1="22" x2="372" y2="188" className="fig-fence" />
        <text x="372" y="14" textAnchor="middle" className="fig-small fig-strong">
          fence ≤ token?
        </text>

        <path d="M176 61 L388 61" className="fig-ok-line" markerEnd="url(#fence-arrow-ok)" />
        <text x="274" y="51" textAnchor="middle" className="fig-small fig-ok-text">
          accepted, fence becomes 34
        </text>

        <path d="M176 149 L356 149" className="fig-bad-line" />
        <path d="M350 141 L362 157 M362 141 L350 157" className="fig-bad-x" />
        <text x="266" y="176" textAnchor="middle" className="fig-small fig-bad-text">
          rejected: 34 is above 33
        </text>
      </svg>
      <figcaption>{fencingFigure.description}</figcaption>
    </figure>
  );
}
