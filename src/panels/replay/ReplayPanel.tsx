// "See it: fencing off, then on". Replays a recorded trace (or a seeded engine run) step by step:
// the reader flips fencing, scrubs to the stale write, and watches the document keep or lose the
// newer body. The panel only draws; the cursor computes, the store remembers. Its parts: the run
// picker, the player (timeline, transport, the document and the lock now, the verdict, the event
// list), and the notes on recordings.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import {
  dismissNotice,
  setPlaying,
  setStep,
  stepBy,
  tick,
  togglePlaying,
  usePlayback,
} from '../../state/playback';
import { ReplayCursor } from './cursor';
import { variantLabel } from './describe';
import { keyTargetOf, replayKeyAction } from './keys';
import { loadRun, resolveRun } from './runs';
import { useReducedMotion } from '../shared/useReducedMotion';
import { REPLAY_HASH } from '../../state/playbackUrl';
import { seeItSayIt } from '../../content/seeIt';
import { SayIt } from '../top';
import { InvalidRecordings } from './InvalidRecordings';
import { Player } from './Player';
import { RunPicker } from './RunPicker';
import '../shared/tokens.css';
import './replay.css';

/** How long one step shows at 1× speed while playing. */
export const STEP_MS = 1100;

export function ReplayPanel() {
  const { scenario, variant, lock, step, playing, speed, notice } = usePlayback();
  const option = useMemo(
    () => resolveRun({ scenario, variant, lock }).option,
    [scenario, variant, lock],
  );
  const run = useMemo(() => loadRun(option), [option]);
  const cursor = useMemo(() => (run.trace ? new ReplayCursor(run.trace) : null), [run]);
  const reducedMotion = useReducedMotion();
  const panelRef = useRef<HTMLDivElement>(null);
  // The notice the replay opened with is the link's, which the notice under the page's title
  // (app/LinkNotice.tsx) announces once every panel is in: here it is shown, not announced again.
  // Any notice after it (Back or Forward to another link's run) is the replay's own to announce.
  const [linkNotice, setLinkNotice] = useState(notice);
  if (linkNotice !== null && notice !== linkNotice) setLinkNotice(null);

  // Playing is a chain of timeouts, one per step, so a speed change or a pause takes effect at once.
  useEffect(() => {
    if (!playing) return;
    const id = window.setTimeout(() => tick(), STEP_MS / speed);
    return () => window.clearTimeout(id);
  }, [playing, speed, step]);

  // A deep link lands on the replay: bring it into view once the section exists.
  useEffect(() => {
    if (window.location.hash !== `#${REPLAY_HASH}`) return;
    if (!/[?&](scenario|step)=/.test(window.location.search)) return;
    document.getElementById(REPLAY_HASH)?.scrollIntoView({ block: 'start' });
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!cursor) return;
    const action = replayKeyAction(e.key, keyTargetOf(e.target), {
      alt: e.altKey,
      ctrl: e.ctrlKey,
      meta: e.metaKey,
    });
    if (!action) return;
    e.preventDefault();
    if (action === 'toggle') togglePlaying();
    else if (action === 'back') stepBy(-1);
    else if (action === 'forward') stepBy(1);
    else if (action === 'start') setStep(0);
    else {
      setPlaying(false);
      setStep(cursor.length);
    }
  };

  return (
    <div>
      <div
        ref={panelRef}
        className={`fl-panel replay${reducedMotion ? ' replay--still' : ''}`}
        data-replay-panel
        // Focusable by a click or a jump (JumpToStep, a link to the replay), so that Space and the
        // arrows work without first picking a control; no Tab stop: at 375 px the panel is about
        // 1,800 px tall, and a keyboard user who tabbed onto it saw no focus ring. Tab goes to its
        // controls instead, where the arrows step as well.
        tabIndex={-1}
        role="region"
        aria-label="Replay"
        onKeyDown={onKeyDown}
      >
        {notice && (
          <div className="replay-notice" role={notice === linkNotice ? undefined : 'status'}>
            <span>{notice}</span>
            <button
              type="button"
              className="fl-button"
              onClick={() => {
                dismissNotice();
                // The button goes with its notice: the keyboard stays in the replay.
                panelRef.current?.focus({ preventScroll: true });
              }}
            >
              Dismiss
            </button>
          </div>
        )}
        <RunPicker option={option} />
        {run.trace && cursor ? (
          <Player cursor={cursor} option={option} step={cursor.clamp(step)} />
        ) : (
          <p className="replay-error" role="alert">
            The engine could not run {option.title} ({variantLabel(option.variant)}):{' '}
            {run.error ?? 'no trace'}.
          </p>
        )}
        <InvalidRecordings />
        <KeyHint playing={playing} speed={speed} />
      </div>
      <SayIt>{seeItSayIt}</SayIt>
    </div>
  );
}

function KeyHint({ playing, speed }: { playing: boolean; speed: number }) {
  return (
    <p className="replay-keys">
      <span className="fl-visually-hidden">{playing ? `Playing at ${speed}×.` : ''}</span>
      <span className="replay-keys-text">
        Keys: Space plays or pauses, ← → step, Home and End jump.
      </span>
    </p>
  );
}
