// One run in the replay: where it came from, its timeline, the transport and the slider, the
// caption of the current step, the document and the lock as they stand, and every event.
import { useEffect, useId, useRef, useState } from 'react';
import {
  SPEEDS,
  setPlaying,
  setSpeed,
  setStep,
  stepBy,
  togglePlaying,
  usePlayback,
} from '../../state/playback';
import { fmt } from '../../viz/timeline';
import type { RunOption } from './catalog';
import type { ReplayCursor } from './cursor';
import { capitalize, describeEvent, describeSource, describeUnrecordedSource } from './describe';
import { lockOfTrace } from './recordings';
import { LaneTimeline } from '../shared/LaneTimeline';
import { IconPause, IconPlay, IconStepBack, IconStepForward } from '../shared/icons';
import { DocumentNow, LockNow } from './NowCards';
import { EventList } from './EventList';
import { RecordingDetails } from './RecordingDetails';
import { StaleWriteVerdict } from './StaleWriteVerdict';
import { RunEndingNote } from './RunEndingNote';

export function Player({
  cursor,
  option,
  step,
}: {
  cursor: ReplayCursor;
  option: RunOption;
  step: number;
}) {
  const { playing, speed } = usePlayback();
  const id = useId();
  const state = cursor.stateAt(step);
  const event = cursor.eventAt(step);
  const eventIndex = step - 1;
  const verdict = eventIndex >= 0 ? cursor.verdict(eventIndex) : null;
  const caption = event
    ? describeEvent(event, verdict, lockOfTrace(cursor.trace), cursor.note(eventIndex))
    : 'Before the first event. Press play or step forward.';
  const staleIndex = cursor.staleWriteIndex();
  const source = describeSource(cursor.trace);
  const atEnd = step >= cursor.length;
  const endedSaying = usePlayedToEndSaying(playing, atEnd, caption);

  return (
    <div className="replay-player">
      <p className="replay-source">
        <span
          className={`replay-dot ${cursor.trace.backend === 'sim' ? 'is-sim' : 'is-recorded'}`}
          aria-hidden="true"
        />
        {option.recording ? (
          <>
            {capitalize(source)} · <code>recordings/{option.recording.file}</code>.
          </>
        ) : (
          describeUnrecordedSource(cursor.trace)
        )}
      </p>
      <RecordingDetails trace={cursor.trace} />

      <LaneTimeline
        trace={cursor.trace}
        title="Timeline of this run; choose an event to move the replay there"
        nowMs={step > 0 ? state.t : null}
        activeEventIndex={eventIndex >= 0 ? eventIndex : null}
        onPick={(m) => {
          setPlaying(false);
          setStep(m.eventIndex + 1);
        }}
      />

      <div className="replay-transport" role="group" aria-label="Replay controls">
        <button
          type="button"
          className="fl-button"
          // aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page,
          // and with it the replay's own keys.
          onClick={() => step > 0 && stepBy(-1)}
          aria-disabled={step === 0}
          aria-label="Step back"
          title="Step back (←)"
        >
          <IconStepBack />
        </button>
        <button
          type="button"
          className="fl-button replay-play"
          onClick={() => togglePlaying()}
          aria-label={playing ? 'Pause' : atEnd ? 'Again: replay from the start' : 'Play'}
          title={playing ? 'Pause (Space)' : 'Play (Space)'}
        >
          {playing ? <IconPause /> : <IconPlay />}
          <span className="replay-play-text">{playing ? 'Pause' : atEnd ? 'Again' : 'Play'}</span>
        </button>
        <button
          type="button"
          className="fl-button"
          onClick={() => !atEnd && stepBy(1)}
          aria-disabled={atEnd}
          aria-label="Step forward"
          title="Step forward (→)"
        >
          <IconStepForward />
        </button>
        <label className="replay-speed">
          <span className="replay-label">Speed</span>
          <select
            className="fl-select"
            value={speed}
            onChange={(e) => setSpeed(Number(e.target.value))}
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="replay-scrub">
        <label htmlFor={`${id}-scrub`} className="fl-visually-hidden">
          Replay position
        </label>
        <input
          id={`${id}-scrub`}
          type="range"
          min={0}
          max={cursor.length}
          step={1}
          value={step}
          aria-valuetext={`Step ${step} of ${cursor.length}${event ? `, ${fmt(event.t)}` : ''}`}
          onChange={(e) => {
            setPlaying(false);
            setStep(Number(e.target.value));
          }}
        />
        <ScrubMarks cursor={cursor} staleIndex={staleIndex} />
        <p className="replay-position" aria-hidden="true">
          Step {step} of {cursor.length}
          {event ? ` · ${fmt(event.t)}` : ''}
        </p>
      </div>

      {/* Said on each step by hand, not while playing: at 4x a sentence every 275 ms outruns any
          screen reader. */}
      <p className="replay-caption" aria-live={playing ? 'off' : 'polite'}>
        {caption}
      </p>
      {/* The caption turns live again as play ends, with no change in it to be read: this says
          the last step once. */}
      <p className="fl-visually-hidden" aria-live="polite">
        {endedSaying}
      </p>

      <div className="replay-now">
        <DocumentNow
          state={state}
          storesFence={cursor.storesFence}
          after={staleIndex !== null && step > staleIndex ? cursor.verdict(staleIndex) : null}
        />
        <LockNow
          state={state}
          serverRevokes={cursor.serverRevokes}
          lockKind={lockOfTrace(cursor.trace)}
        />
      </div>

      <StaleWriteVerdict cursor={cursor} step={step} staleIndex={staleIndex} />
      <RunEndingNote cursor={cursor} step={step} />

      <EventList cursor={cursor} step={step} />
    </div>
  );
}

/** Ticks under the slider: where the stale write sits, so a reader can aim for it. */
function ScrubMarks({ cursor, staleIndex }: { cursor: ReplayCursor; staleIndex: number | null }) {
  if (staleIndex === null || cursor.length === 0) return null;
  const pct = ((staleIndex + 1) / cursor.length) * 100;
  // Near an end the label hangs inwards from its tick, so it never leaves the panel.
  const align = pct > 85 ? ' is-end' : pct < 15 ? ' is-start' : '';
  return (
    <div className="replay-marks" aria-hidden="true">
      <span className={`replay-mark${align}`} style={{ left: `${pct}%` }}>
        stale write
      </span>
    </div>
  );
}

/**
 * What to say once when playing reaches the end on its own: the last step's caption, which was
 * set while the caption was silent. Empty otherwise, and again as soon as anything moves.
 */
function usePlayedToEndSaying(playing: boolean, atEnd: boolean, caption: string): string {
  const [saying, setSaying] = useState('');
  const wasPlaying = useRef(playing);
  useEffect(() => {
    const ended = wasPlaying.current && !playing && atEnd;
    wasPlaying.current = playing;
    setSaying(ended ? `The replay has ended. ${caption}` : '');
  }, [playing, atEnd, caption]);
  return saying;
}
