// The replay's verdict on the stale write: a pointer to it before it comes, and what the storage
// did with it after.
import { JumpToStep } from './JumpToStep';
import type { ReplayCursor } from './cursor';
import { verdictText } from './verdictWords';

export function StaleWriteVerdict({
  cursor,
  step,
  staleIndex,
}: {
  cursor: ReplayCursor;
  step: number;
  staleIndex: number | null;
}) {
  if (staleIndex === null) return null;
  const v = cursor.verdict(staleIndex);
  if (!v) return null;
  const reached = step > staleIndex;
  const text = reached ? verdictText(v) : null;
  return (
    <>
      {!reached && (
        <p className="replay-verdict is-pending">
          A late write is coming at step {staleIndex + 1}. Step on to see what the storage does with
          it, or{' '}
          <JumpToStep step={staleIndex + 1} what={`the late write, step ${staleIndex + 1}`}>
            jump to it
          </JumpToStep>
          .
        </p>
      )}
      {/* There, empty, before the write is reached: a live region that comes in already filled
          is not read by many screen readers, and while the replay plays its caption is silent,
          so this is how the verdict is heard. */}
      <div className={text ? `replay-verdict is-${text.tone}` : 'fl-visually-hidden'} role="status">
        {text && (
          <>
            <strong>{text.title}.</strong> {text.body}
          </>
        )}
      </div>
    </>
  );
}
