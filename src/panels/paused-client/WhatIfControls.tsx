// The controls of "try other numbers": the TTL and the pause as sliders, the lock, and fencing.
import { useId } from 'react';
import { MsSlider } from '../shared/MsSlider';
import { Switch } from '../shared/Switch';
import { PAUSE_RANGE_MS, TTL_RANGE_MS, WHAT_IF_LOCKS, type WhatIfNumbers } from './whatIf';

export function WhatIfControls({
  numbers,
  onChange,
  problems,
  announceProblems,
}: {
  numbers: WhatIfNumbers;
  onChange: (n: WhatIfNumbers) => void;
  /** What was wrong with the numbers in the link the page was opened with. */
  problems: readonly string[];
  /** False while they are the ones the page was opened with: the notice under the title says those. */
  announceProblems: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="pc-whatif">
      <legend>Try other numbers</legend>
      {problems.length > 0 && (
        <p
          className="fl-link-notice pc-whatif-notice"
          role={announceProblems ? 'status' : undefined}
        >
          {problems.join(' ')}
        </p>
      )}
      <p className="pc-whatif-hint">
        The engine reruns the story in your browser. Is any TTL long enough? Does the Postgres lease
        row (a lock kept as a row in a table; see <a href="#postgres-locks">Locks in Postgres</a>)
        do better than Redis? Turn fencing off to see what the late write does then.
      </p>
      <div className="pc-whatif-fields">
        <MsSlider
          className="pc-whatif-field"
          label="TTL"
          range={TTL_RANGE_MS}
          value={numbers.ttlMs}
          onChange={(ttlMs) => onChange({ ...numbers, ttlMs })}
        />
        <MsSlider
          className="pc-whatif-field"
          label="Pause"
          range={PAUSE_RANGE_MS}
          value={numbers.pauseMs}
          onChange={(pauseMs) => onChange({ ...numbers, pauseMs })}
        />
        <div className="pc-whatif-field">
          <label className="fl-field-label" htmlFor={`${id}-lock`}>
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
          <span className="fl-field-label" id={`${id}-fencing`}>
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
