// The replay's run picker: fencing on or off, the scenario, its variant, and the lock and storage it
// ran on, recorded runs first.
import { useId, useMemo } from 'react';
import { selectRun, switchRun } from '../../state/playback';
import { hasFencingSwitch, type RunOption } from './catalog';
import { lockLabel, variantLabel } from './describe';
import { replayOptions } from './runs';
import { Switch } from '../shared/Switch';
import { whyNoFencingSwitch } from '../../content/seeIt';

/** The lock select's two groups: runs with a recording from real servers first. */
const LOCK_GROUPS = [
  { recorded: true, label: 'Recorded on real servers' },
  { recorded: false, label: 'Simulated only' },
] as const;

export function RunPicker({ option }: { option: RunOption }) {
  const id = useId();
  const scenarios = useMemo(() => {
    const seen = new Map<string, string>();
    for (const o of replayOptions()) if (!seen.has(o.scenario)) seen.set(o.scenario, o.short);
    return [...seen];
  }, []);
  const ofScenario = replayOptions().filter((o) => o.scenario === option.scenario);
  const variants = [...new Set(ofScenario.map((o) => o.variant))];
  const locks = ofScenario.filter((o) => o.variant === option.variant);
  const fencingSwitch = hasFencingSwitch(replayOptions(), option.scenario);
  const fencingOn = option.variant === 'fencing-on';
  // The section promises fencing off, then on: a run without the switch says why.
  const noSwitchWhy =
    !fencingSwitch && Object.hasOwn(whyNoFencingSwitch, option.scenario)
      ? whyNoFencingSwitch[option.scenario]
      : null;

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
          onChange={(e) => {
            // Fencing on or off carries over to a scenario that has it; another scenario opens
            // on its own first run, as a reader who never asked for a variant expects, not with
            // a notice that the variant they were on does not exist there.
            const scenario = e.target.value;
            const keepsVariant = replayOptions().some(
              (o) => o.scenario === scenario && o.variant === option.variant,
            );
            selectRun(keepsVariant ? { scenario, variant: option.variant } : { scenario });
          }}
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
      {noSwitchWhy && <p className="replay-summary">{noSwitchWhy}</p>}
    </div>
  );
}
