// The closing line of a run with no stale write: a pointer to it while the run plays, and what the
// run showed once it has ended. (A run with a stale write closes on the storage's verdict.)
import { JumpToStep } from './JumpToStep';
import type { ReplayCursor } from './cursor';
import { runEnding } from './runEnding';

export function RunEndingNote({ cursor, step }: { cursor: ReplayCursor; step: number }) {
  const ending = runEnding(cursor);
  if (!ending) return null;
  const ended = step >= cursor.length;
  return (
    <>
      {!ended && (
        <p className="replay-verdict is-pending">
          This run ends with a line on what it showed, after its last step ({cursor.length}). Step
          on, or <JumpToStep step={cursor.length}>jump to the end</JumpToStep>.
        </p>
      )}
      {/* There, empty, until the end: a live region that comes in already filled is not read by
          many screen readers. */}
      <div
        className={ended ? `replay-verdict is-${ending.tone}` : 'fl-visually-hidden'}
        role="status"
      >
        {ended && (
          <>
            <strong>{ending.title}.</strong> {ending.body}
          </>
        )}
      </div>
    </>
  );
}
