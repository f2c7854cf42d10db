// Recordings that failed validation, named in the replay's panel only: the rest of the page works.
import type { InvalidRecording } from './recordings';
import { recordingSet } from './runs';

/** Recordings that failed validation: named with what is wrong, in this panel only. */
export function InvalidRecordings({
  invalid = recordingSet().invalid,
}: {
  invalid?: readonly InvalidRecording[];
}) {
  if (invalid.length === 0) return null;
  return (
    <div className="replay-invalid" role="alert">
      <p>
        {invalid.length === 1
          ? 'One recording failed validation and is left out:'
          : `${invalid.length} recordings failed validation and are left out:`}
      </p>
      <ul>
        {invalid.map((r) => (
          <li key={r.file}>
            <code>recordings/{r.file}</code>: {r.errors.slice(0, 3).join('; ')}
            {r.errors.length > 3 ? `; and ${r.errors.length - 3} more` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
