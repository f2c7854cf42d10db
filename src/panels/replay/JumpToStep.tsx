// A link-styled button in a pending note that moves the replay to a step: the stale write, or the
// run's end.
import type { ReactNode } from 'react';
import { setPlaying, setStep } from '../../state/playback';

export function JumpToStep({ step, children }: { step: number; children: ReactNode }) {
  return (
    <button
      type="button"
      className="fl-link-button"
      onClick={(e) => {
        // The button goes away as it is used: focus goes to the replay, where its keys work.
        const panel = e.currentTarget.closest<HTMLElement>('[data-replay-panel]');
        setPlaying(false);
        setStep(step);
        panel?.focus();
      }}
    >
      {children}
    </button>
  );
}
