// "The paused client": the story on a timeline with one lane per actor. Its times are not made up:
// they come from the fencing-on run that the replay below shows, recorded on Redis and Postgres
// when the lab has recorded it, else a seeded engine run, and the caption says which. Below it,
// the reader can try other numbers: the engine reruns the story in the browser.
import { useId, useMemo, useRef, useState } from 'react';
import { openReplay, usePlayback } from '../../state/playback';
import { ReplayCursor } from '../replay/cursor';
import { describeSource } from '../replay/describe';
import { loadRun, resolveRun } from '../replay/runs';
import { Switch } from '../replay/Switch';
import { timelineModel } from '../../viz/timeline';
import { pausedClientNotes, pausedClientSayIt } from '../../content/pausedClient';
import { SayIt } from '../top';
import { LaneTimeline } from './LaneTimeline';
import { pausedClientStory, storySentence } from './story';
import {
  PAUSE_RANGE_MS,
  RECORDED_NUMBERS,
  TTL_RANGE_MS,
  WHAT_IF_LOCKS,
  parseWhatIfQuery,
  whatIfRun,
  whatIfSearch,
  whatIfVerdict,
  type WhatIfNumbers,
} from './whatIf';
import '../replay/tokens.css';
import './paused-client.css';

/** The run this figure draws: the paused client, fencing on, Redis lock with Postgres storage. */
export const PAUSED_CLIENT_RUN = {
  scenario: 'paused-client',
  variant: 'fencing-on',
  lock: 'redis',
} as const;

export function PausedClientPanel() {
  const option = useMemo(() => resolveRun(PAUSED_CLIENT_RUN).option, []);
  const recorded = useMemo(() => loadRun(option), [option]);
  // The reader's own numbers, once they touch a control or open a link with some; until then,
  // the recorded run.
  const [fromLink] = useState(() => parseWhatIfQuery(window.location.search));
  const [numbers, setNumbersState] = useState<WhatIfNumbers | null>(fromLink.numbers);
  const [linkProblems, setLinkProblems] = useState(fromLink.problems);
  const setNumbers = (n: WhatIfNumbers | null) => {
    setNumbersState(n);
    setLinkProblems([]);
    const { pathname, search, hash } = window.location;
    window.history.replaceState(
      window.history.state,
      '',
      `${pathname}${whatIfSearch(search, n)}${hash}`,
    );
  };
  const openReplayRef = useRef<HTMLButtonElement>(null);
  const backToRecorded = () => {
    setNumbers(null);
    // The button goes with the reader's numbers: keep focus on the one that takes its place.
    requestAnimationFrame(() => openReplayRef.current?.focus());
  };
  const live = useMemo(() => (numbers ? whatIfRun(numbers) : null), [numbers]);
  const trace = live ?? recorded.trace;
  const story = useMemo(() => (trace ? pausedClientStory(timelineModel(trace)) : null), [trace]);
  // When the replay shows this very run, its moment appears here as a playhead.
  const { scenario, variant, lock, step } = usePlayback();
  const sameRun =
    live === null &&
    scenario === option.scenario &&
    variant === option.variant &&
    lock === option.lock;
  const cursor = useMemo(() => (trace ? new ReplayCursor(trace) : null), [trace]);
  const nowMs = sameRun && cursor && step > 0 ? cursor.stateAt(step).t : null;

  if (!trace || !story) {
    return (
      <div className="fl-panel pc">
        <p role="alert">
          The paused-client run could not be loaded: {recorded.error ?? 'no trace'}.
        </p>
      </div>
    );
  }
  return (
    <div>
      <ul className="notes">
        {pausedClientNotes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <div className="fl-panel pc">
        <figure className="pc-figure">
          <LaneTimeline
            trace={trace}
            title="Timeline of the paused client: client 1, client 2, the lock and the storage"
            nowMs={nowMs}
          />
          <figcaption>
            <p className="pc-story">{storySentence(story)}</p>
            {live && numbers ? (
              <p className="pc-source">
                Simulated in your browser on a model of{' '}
                {WHAT_IF_LOCKS.find((l) => l.lock === numbers.lock)?.models}: TTL {numbers.ttlMs}{' '}
                ms, pause {numbers.pauseMs} ms, fencing {numbers.fencing ? 'on' : 'off'} (engine,
                seed {live.seed}).{' '}
                <button type="button" className="fl-button pc-open" onClick={backToRecorded}>
                  Back to the recorded run
                </button>
              </p>
            ) : (
              <p className="pc-source">
                {trace.backend !== 'sim'
                  ? `Times from the recorded run the replay below shows: ${describeSource(trace)}.`
                  : `Times from the run the replay below shows, ${describeSource(trace)}: no recording of it on Redis and Postgres is in this build yet.`}{' '}
                <button
                  ref={openReplayRef}
                  type="button"
                  className="fl-button pc-open"
                  onClick={() => openReplay(PAUSED_CLIENT_RUN)}
                >
                  Step through it in the replay
                </button>
              </p>
            )}
          </figcaption>
        </figure>
        <WhatIfControls
          numbers={numbers ?? RECORDED_NUMBERS}
          onChange={setNumbers}
          problems={linkProblems}
        />
        {/* Always in the page, so that a screen reader hears each new outcome as it comes. */}
        <p className="pc-verdict" aria-live="polite">
          {live && numbers ? whatIfVerdict(live, numbers, story) : ''}
        </p>
      </div>
      <SayIt>{pausedClientSayIt}</SayIt>
    </div>
  );
}

function WhatIfControls({
  numbers,
  onChange,
  problems,
}: {
  numbers: WhatIfNumbers;
  onChange: (n: WhatIfNumbers) => void;
  /** What was wrong with the numbers in the link the page was opened with. */
  problems: readonly string[];
}) {
  const id = useId();
  return (
    <fieldset className="pc-whatif">
      <legend>Try other numbers</legend>
      {problems.length > 0 && (
        <p className="pc-whatif-notice" role="status">
          {problems.join(' ')} The other numbers are as recorded.
        </p>
      )}
      <p className="pc-whatif-hint">
        The engine reruns the story in your browser. Is any TTL long enough?
      </p>
      <div className="pc-whatif-fields">
        <NumberSlider
          label="TTL"
          range={TTL_RANGE_MS}
          value={numbers.ttlMs}
          onChange={(ttlMs) => onChange({ ...numbers, ttlMs })}
        />
        <NumberSlider
          label="Pause"
          range={PAUSE_RANGE_MS}
          value={numbers.pauseMs}
          onChange={(pauseMs) => onChange({ ...numbers, pauseMs })}
        />
        <div className="pc-whatif-field">
          <label className="pc-whatif-label" htmlFor={`${id}-lock`}>
            Lock
          </label>
          <select
            id={`${id}-lock`}
            className="fl-select"
            value={numbers.lock}
            onChange={(e) => {
              const lock = WHAT_IF_LOCKS.find((l) => l.lock === e.target.value)?.lock;
              if (lock) onChange({ ...numbers, lock });
            }}
          >
            {WHAT_IF_LOCKS.map((l) => (
              <option key={l.lock} value={l.lock}>
                {l.label}
              </option>
            ))}
          </select>
        </div>
        <div className="pc-whatif-field">
          <span className="pc-whatif-label" id={`${id}-fencing`}>
            Fencing
          </span>
          <Switch
            on={numbers.fencing}
            labelledBy={`${id}-fencing`}
            onToggle={() => onChange({ ...numbers, fencing: !numbers.fencing })}
          />
        </div>
      </div>
    </fieldset>
  );
}

function NumberSlider({
  label,
  range,
  value,
  onChange,
}: {
  label: string;
  range: { min: number; max: number; step: number };
  value: number;
  onChange: (ms: number) => void;
}) {
  const id = useId();
  return (
    <div className="pc-whatif-field">
      <label className="pc-whatif-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={`${value} ms`}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <output htmlFor={id} className="pc-whatif-value">
        {value} ms
      </output>
    </div>
  );
}
