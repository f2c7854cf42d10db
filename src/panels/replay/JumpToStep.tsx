// A link-styled button in a pending note that moves the replay to a step: the stale write, or the
// run's end.
import { setPlaying, setStep } from '../../state/playback';

export function JumpToStep({
  step,
  what,
  children,
}: {
  step: number;
  /** Where the button goes, when its words lean on the sentence around them ("jump to it"): a
   *  screen reader moving from control to control hears the button's name without that
   *  sentence. Its name is the words on screen, then this, so that it still starts with them. */
  what?: string;
  children: string;
}) {
  return (
    <button
      type="button"
      className="fl-link-button"
      aria-label={what ? `${children}: ${what}` : undefined}
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
