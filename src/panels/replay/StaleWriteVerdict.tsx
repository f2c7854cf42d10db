// The replay's verdict on the stale write: a pointer to it before it comes, and what the storage
// did with it after.
import { setPlaying, setStep } from '../../state/playback';
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
          <button
            type="button"
            className="fl-link-button"
            onClick={(e) => {
              // The button goes away as it is used: focus goes to the replay, where its keys work.
              const panel = e.currentTarget.closest<HTMLElement>('[data-replay-panel]');
              setPlaying(false);
              setStep(staleIndex + 1);
              panel?.focus();
            }}
          >
            jump to it
          </button>
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
