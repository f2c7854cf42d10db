import { ProgressStatus } from '../drill/ProgressStatus';
import { keyPoints, keyPointsTitle, lede } from '../../content/top';

/** Section 1 below the title: the lede, the four key points and the reader's drill progress. */
export function TopPanel() {
  return (
    <div className="top-panel">
      <p className="lede">{lede}</p>
      <div className="progress-slot">
        <ProgressStatus />
      </div>
      <h2 className="key-points-title" id="key-points-title">
        {keyPointsTitle}
      </h2>
      <ol className="key-points" aria-labelledby="key-points-title">
        {keyPoints.map((point, i) => (
          <li key={i}>{point}</li>
        ))}
      </ol>
    </div>
  );
}
