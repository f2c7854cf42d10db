// "See it: fencing off, then on". Replays a recorded trace (or a seeded engine run) step by step:
// the reader flips fencing, scrubs to the stale write, and watches the document keep or lose the
// newer body. The panel only draws; the cursor computes, the store remembers.
import { useEffect, useId, useMemo, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import {
  SPEEDS,
  dismissNotice,
  selectRun,
  setPlaying,
  setSpeed,
  setStep,
  stepBy,
  switchRun,
  tick,
  togglePlaying,
  usePlayback,
} from '../../state/playback';
import { hasFencingSwitch } from './catalog';
import type { RunOption } from './catalog';
import { ReplayCursor } from './cursor';
import type { Trace } from '../../sim/trace/schema';
import type { ReplayState, WriteVerdict } from './cursor';
import { actorName } from '../../content/actorWords';
import {
  actorShort,
  capitalize,
  describeEvent,
  describeLockNow,
  describeSource,
  lockLabel,
  variantLabel,
} from './describe';
import { keyTargetOf, replayKeyAction } from './keys';
import { loadRun, recordingSet, replayOptions, resolveRun } from './runs';
import type { InvalidRecording } from './recordings';
import { lockOfTrace } from './recordings';
import { useReducedMotion } from '../shared/useReducedMotion';
import { LaneTimeline } from '../shared/LaneTimeline';
import { IconPause, IconPlay, IconStepBack, IconStepForward } from '../shared/icons';
import { REPLAY_HASH } from '../../state/playbackUrl';
import { seeItSayIt } from '../../content/seeIt';
import { SayIt } from '../top';
import { Switch } from '../shared/Switch';
import '../shared/tokens.css';
import './replay.css';

/** The lock select's two groups: runs with a recording from real servers first. */
const LOCK_GROUPS = [
  { recorded: true, label: 'Recorded on real servers' },
  { recorded: false, label: 'Simulated only' },
] as const;

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
        // Focusable so that Space and the arrows work without first picking a control.
        tabIndex={0}
        role="region"
        aria-label="Replay"
        onKeyDown={onKeyDown}
      >
        {notice && (
          <div className="replay-notice" role="status">
            <span>{notice}</span>
            <button type="button" className="fl-button" onClick={dismissNotice}>
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

function RunPicker({ option }: { option: RunOption }) {
  const id = useId();
  const scenarios = useMemo(() => {
    const seen = new Map<string, string>();
    for (const o of replayOptions) if (!seen.has(o.scenario)) seen.set(o.scenario, o.short);
    return [...seen];
  }, []);
  const ofScenario = replayOptions.filter((o) => o.scenario === option.scenario);
  const variants = [...new Set(ofScenario.map((o) => o.variant))];
  const locks = ofScenario.filter((o) => o.variant === option.variant);
  const fencingSwitch = hasFencingSwitch(replayOptions, option.scenario);
  const fencingOn = option.variant === 'fencing-on';

  return (
    <div className="replay-picker">
      {fencingSwitch && (
        <div className="replay-field">
          <span className="replay-label" id={`${id}-fencing`}>
            Fencing
          </span>
          <Switch
            on={fencingOn}
            labelledBy={`${id}-fencing`}
            onToggle={() =>
              switchRun({
                scenario: option.scenario,
                variant: fencingOn ? 'fencing-off' : 'fencing-on',
                lock: option.lock,
              })
            }
          />
        </div>
      )}
      <div className="replay-field">
        <label className="replay-label" htmlFor={`${id}-scenario`}>
          Scenario
        </label>
        <select
          id={`${id}-scenario`}
          className="fl-select"
          value={option.scenario}
          onChange={(e) => selectRun({ scenario: e.target.value, variant: option.variant })}
        >
          {scenarios.map(([name, short]) => (
            <option key={name} value={name}>
              {short}
            </option>
          ))}
        </select>
      </div>
      {!fencingSwitch && variants.length > 1 && (
        <div className="replay-field">
          <label className="replay-label" htmlFor={`${id}-variant`}>
            Variant
          </label>
          <select
            id={`${id}-variant`}
            className="fl-select"
            value={option.variant}
            onChange={(e) =>
              switchRun({ scenario: option.scenario, variant: e.target.value, lock: option.lock })
            }
          >
            {variants.map((v) => (
              <option key={v} value={v}>
                {variantLabel(v)}
              </option>
            ))}
          </select>
        </div>
      )}
      {locks.length > 0 && locks.some((o) => o.lock) && (
        <div className="replay-field">
          <label className="replay-label" htmlFor={`${id}-lock`}>
            Lock and storage
          </label>
          <select
            id={`${id}-lock`}
            className="fl-select"
            value={option.lock}
            disabled={locks.length < 2}
            onChange={(e) =>
              switchRun({
                scenario: option.scenario,
                variant: option.variant,
                lock: e.target.value,
              })
            }
          >
            {LOCK_GROUPS.map(({ recorded, label }) => {
              const inGroup = locks.filter((o) => Boolean(o.recording) === recorded);
              // Groups, not a "(recorded)" after each name: the names fit a 320 px phone.
              return inGroup.length === 0 ? null : (
                <optgroup key={label} label={label}>
                  {inGroup.map((o) => (
                    <option key={o.lock} value={o.lock}>
                      {lockLabel(o.lock)}
                    </option>
                  ))}
                </optgroup>
              );
            })}
          </select>
        </div>
      )}
      {option.summary && <p className="replay-summary">{option.summary}</p>}
    </div>
  );
}

function Player({
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
    ? describeEvent(event, verdict, lockOfTrace(cursor.trace))
    : 'Before the first event. Press play or step forward.';
  const staleIndex = cursor.staleWriteIndex();
  const source = describeSource(cursor.trace);
  const atEnd = step >= cursor.length;

  return (
    <div className="replay-player">
      <p className="replay-source">
        <span
          className={`replay-dot ${cursor.trace.backend === 'sim' ? 'is-sim' : 'is-recorded'}`}
          aria-hidden="true"
        />
        {capitalize(source)}
        {option.recording ? (
          <>
            {' '}
            · <code>recordings/{option.recording.file}</code>
          </>
        ) : (
          <span className="replay-muted-inline"> · no recording of this run in this build</span>
        )}
        .
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
          aria-valuetext={`Step ${step} of ${cursor.length}${event ? `, ${event.t} ms` : ''}`}
          onChange={(e) => {
            setPlaying(false);
            setStep(Number(e.target.value));
          }}
        />
        <ScrubMarks cursor={cursor} staleIndex={staleIndex} />
        <p className="replay-position" aria-hidden="true">
          Step {step} of {cursor.length}
          {event ? ` · ${formatMs(event.t)}` : ''}
        </p>
      </div>

      {/* Said on each step by hand, not while playing: at 4x a sentence every 275 ms outruns any
          screen reader. */}
      <p className="replay-caption" aria-live={playing ? 'off' : 'polite'}>
        {caption}
      </p>

      <div className="replay-now">
        <DocumentNow
          state={state}
          after={staleIndex !== null && step > staleIndex ? cursor.verdict(staleIndex) : null}
        />
        <LockNow state={state} serverRevokes={cursor.serverRevokes} />
      </div>

      <StaleWriteVerdict cursor={cursor} step={step} staleIndex={staleIndex} />

      <EventList cursor={cursor} step={step} />
    </div>
  );
}

function formatMs(t: number): string {
  return `${Math.round(t * 10) / 10} ms`;
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

function DocumentNow({
  state,
  after,
}: {
  state: ReplayState;
  /** The stale write, once the cursor has passed it. */
  after: WriteVerdict | null;
}) {
  const { body, fence } = state.document;
  // After the stale write the card says what it did to the data, in colour and in words.
  const tone = after ? (after.accepted ? ' is-bad' : ' is-ok') : '';
  return (
    <section
      className={`replay-card replay-doc${tone}`}
      role="group"
      aria-labelledby="replay-doc-title"
    >
      <h3 id="replay-doc-title">The document now</h3>
      <dl>
        <div>
          <dt>body</dt>
          {/* The key restarts the highlight each time the body changes. */}
          <dd key={body} className="replay-changed">
            <code>{body}</code>
          </dd>
        </div>
        <div>
          <dt>fence</dt>
          <dd key={String(fence)} className="replay-changed">
            {fence === null ? (
              <span className="replay-muted">not stored</span>
            ) : (
              <>
                <code>{fence}</code>
                {/* A storage that checks tokens stores the writer's token (1 or more) with
                    every write it takes, so a stored 0 is one that ignores them: a run with
                    fencing off, Redlock's, the advisory lock's. */}
                {fence === 0 && (
                  <span className="replay-muted"> (never raised: this storage ignores tokens)</span>
                )}
              </>
            )}
          </dd>
        </div>
      </dl>
      {after && (
        <p className="replay-doc-note">
          {after.accepted
            ? `Corrupt: “${after.body}” came from a client ${howLost(after)}; “${after.bodyBefore}” is lost.`
            : `Kept: the stale “${after.body}” was refused.`}
        </p>
      )}
    </section>
  );
}

function LockNow({ state, serverRevokes }: { state: ReplayState; serverRevokes: boolean }) {
  const text = describeLockNow(state, serverRevokes);
  return (
    <section className="replay-card replay-lock" role="group" aria-labelledby="replay-lock-title">
      <h3 id="replay-lock-title">The lock now</h3>
      <p>{text.lock}</p>
      <p className={text.twoBelievers ? 'replay-two' : undefined}>{text.believers}</p>
    </section>
  );
}

/** "whose lock had expired": how the writer of a stale write had lost the lock, for a clause. */
function howLost(v: WriteVerdict): string {
  const holder = v.holder !== null ? actorName(v.holder) : 'another client';
  switch (v.lost) {
    case 'token-repeated':
      return `whose token ${v.token} had been given again, to ${holder}`;
    case 'taken':
      return `whose lock had gone to ${holder} before its own TTL ran out`;
    default:
      return 'whose lock had expired';
  }
}

function verdictText(v: WriteVerdict): { title: string; body: string; tone: 'bad' | 'ok' } {
  const who = actorName(v.actor);
  const token = v.token !== null ? `token ${v.token}` : 'no token';
  const holder = v.holder !== null ? actorName(v.holder) : 'the newer holder';
  const lost = `It overwrote “${v.bodyBefore}”, and ${holder}’s update is lost without an error anywhere.`;
  if (v.accepted && v.lost === 'token-repeated') {
    return {
      tone: 'bad',
      title: 'A repeated token got through: the data is corrupt',
      body: `The storage took “${v.body}” from ${who} (${token}). ${capitalize(holder)} holds the lock with the same token ${v.token}, handed out a second time after the failover lost the counter’s last step, so fence ≤ token passes for both: fencing cannot tell two holders of one token apart. ${lost}`,
    };
  }
  if (v.accepted) {
    return {
      tone: 'bad',
      title: 'Stale write accepted: the data is corrupt',
      body: `The storage took “${v.body}” from ${who} (${token}), ${howLost(v)}. ${lost}`,
    };
  }
  return {
    tone: 'ok',
    title: 'Stale write rejected by the storage',
    body: `The storage has seen ${v.fenceBefore !== null ? `token ${v.fenceBefore}` : 'a newer token'}, so “${v.body}” with ${token} fails and the document keeps “${v.bodyBefore}”. From the rejection ${who} learns it lost the lock, and stops.`,
  };
}

function StaleWriteVerdict({
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
  if (step <= staleIndex) {
    return (
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
    );
  }
  const text = verdictText(v);
  return (
    <div className={`replay-verdict is-${text.tone}`} role="status">
      <strong>{text.title}.</strong> {text.body}
    </div>
  );
}

function EventList({ cursor, step }: { cursor: ReplayCursor; step: number }) {
  const listRef = useRef<HTMLOListElement>(null);
  const staleIndex = cursor.staleWriteIndex();
  const lock = lockOfTrace(cursor.trace);

  // Keep the current event in view inside the list, without scrolling the page.
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="step"]')?.closest('li');
    if (!list || !item) return;
    // The list is positioned, so offsetTop is measured from its top edge.
    const top = item.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }, [step]);

  return (
    <section className="replay-events" role="group" aria-labelledby="replay-events-title">
      <h3 id="replay-events-title">Events</h3>
      <ol ref={listRef}>
        {cursor.trace.events.map((ev, i) => {
          const current = i === step - 1;
          const future = i >= step;
          const verdict = cursor.verdict(i);
          const tone = i === staleIndex ? (verdict?.accepted ? ' is-bad' : ' is-ok') : '';
          return (
            <li
              key={i}
              className={`${current ? 'is-current' : ''}${future ? ' is-future' : ''}${tone}`}
            >
              {/* On the button, so that tabbing through the events says which one is current. */}
              <button
                type="button"
                aria-current={current ? 'step' : undefined}
                className="replay-event"
                onClick={() => {
                  setPlaying(false);
                  setStep(i + 1);
                }}
              >
                <span className="replay-event-t">{formatMs(ev.t)}</span>
                <span className="replay-event-actor">{actorShort(ev.actor)}</span>
                <span className="replay-event-text">{describeEvent(ev, verdict, lock)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Recordings that failed validation: named with what is wrong, in this panel only. */
export function InvalidRecordings({
  invalid = recordingSet.invalid,
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

/** Where and how a recording was made: the machine and the server settings that matter. */
function RecordingDetails({ trace }: { trace: Trace }) {
  const env = trace.environment;
  if (trace.backend === 'sim' || !env) return null;
  const machine = [
    env.node && `Node ${env.node}`,
    env.os,
    env.cpus !== undefined && `${env.cpus} CPUs`,
  ].filter(Boolean);
  const settings = Object.entries(env.settings ?? {});
  return (
    <details className="replay-env">
      <summary>How this run was recorded</summary>
      <p>
        Real servers ({trace.backend}), wall-clock times
        {env.recordedAt ? `, ${env.recordedAt.replace('T', ' ').slice(0, 16)} UTC` : ''}
        {machine.length ? `, on ${machine.join(', ')}` : ''}.
      </p>
      {settings.length > 0 && (
        <ul>
          {settings.map(([k, v]) => (
            <li key={k}>
              <code>{k}</code> = <code>{v === '' ? '""' : v}</code>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
