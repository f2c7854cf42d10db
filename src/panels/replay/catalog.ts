// The runs a reader can pick: every scenario × variant × lock the engine knows, plus any recording
// the lab made of something else. A run plays its recording when there is one, and otherwise the
// engine runs it live with a fixed seed, so the same choice always shows the same story.
import type { Trace } from '../../sim/trace/schema';
import type { Recording, RecordingSet } from './recordings';
import { findRecording } from './recordings';
import { lockLabel, variantLabel } from './describe';

export interface ScenarioInfo {
  name: string;
  title: string;
  short?: string;
  summary: string;
  variants: readonly string[];
  locks: readonly string[];
  defaults?: Record<string, number>;
}

export interface RunChoice {
  scenario: string;
  variant: string;
  lock: string;
}

export interface RunOption extends RunChoice {
  id: string;
  /** The scenario's title, or the scenario name for a recording the engine does not know. */
  title: string;
  /** The scenario's name in the select: its short name, else its title. */
  short: string;
  summary: string;
  recording: Recording | null;
}

export type SimulateFn = (input: {
  scenario: string;
  variant: string;
  seed?: number;
  lock?: string;
  /** The scenario's own numbers, where a panel lets the reader change them. */
  params?: Record<string, number>;
}) => Trace;

/** The seed live runs use: one fixed seed, so a link replays the same run. */
export const LIVE_SEED = 1;

export const DEFAULT_CHOICE: RunChoice = {
  scenario: 'paused-client',
  variant: 'fencing-off',
  lock: 'redis',
};

export function runId(c: RunChoice): string {
  return `${c.scenario}/${c.variant}/${c.lock}`;
}

export function buildOptions(scenarios: readonly ScenarioInfo[], set: RecordingSet): RunOption[] {
  const options: RunOption[] = [];
  const seen = new Set<string>();
  for (const s of scenarios) {
    // A scenario with no lock list still runs on the engine's default lock.
    const locks = s.locks.length ? s.locks : [''];
    for (const variant of s.variants) {
      for (const lock of locks) {
        const choice = { scenario: s.name, variant, lock };
        const id = runId(choice);
        seen.add(id);
        options.push({
          ...choice,
          id,
          title: s.title,
          short: s.short ?? s.title,
          summary: s.summary,
          recording: findRecording(set, s.name, variant, lock),
        });
      }
    }
  }
  for (const r of set.recordings) {
    const choice = { scenario: r.trace.scenario, variant: r.trace.variant, lock: r.lock };
    const id = runId(choice);
    if (seen.has(id)) continue;
    seen.add(id);
    const known = scenarios.find((s) => s.name === choice.scenario);
    const title = known?.title ?? choice.scenario.replace(/-/g, ' ');
    options.push({
      ...choice,
      id,
      title,
      short: known?.short ?? title,
      summary: known?.summary ?? '',
      recording: r,
    });
  }
  return options;
}

export interface Resolved {
  option: RunOption;
  /** What had to change from the request, in words for the reader; empty when nothing did. */
  notices: string[];
}

/** A name from a link, as a notice quotes it: cut short, since a link can hold anything. */
function shown(name: string): string {
  return name.length > 40 ? `${name.slice(0, 40)}…` : name;
}

/**
 * The option closest to a request. Anything unknown falls back, and says so: a stale or
 * hand-edited link still opens a replay instead of an error.
 */
export function resolveChoice(options: readonly RunOption[], want: Partial<RunChoice>): Resolved {
  const notices: string[] = [];
  if (options.length === 0)
    throw new Error('There is no run to replay: no scenario and no recording.');
  const fallbackScenario = options.some((o) => o.scenario === DEFAULT_CHOICE.scenario)
    ? DEFAULT_CHOICE.scenario
    : (options[0] as RunOption).scenario;
  // Runs are named to the reader as the selects name them, not by their names in the URL.
  const titleOf = (name: string) => `“${options.find((o) => o.scenario === name)?.title ?? name}”`;
  let scenario = want.scenario ?? fallbackScenario;
  if (!options.some((o) => o.scenario === scenario)) {
    notices.push(
      `There is no scenario called “${shown(scenario)}”; the replay shows ${titleOf(fallbackScenario)} instead.`,
    );
    scenario = fallbackScenario;
  }
  const ofScenario = options.filter((o) => o.scenario === scenario);
  const variants = [...new Set(ofScenario.map((o) => o.variant))];
  const preferredVariant = variants.includes(DEFAULT_CHOICE.variant)
    ? DEFAULT_CHOICE.variant
    : (variants[0] as string);
  let variant = want.variant ?? preferredVariant;
  if (!variants.includes(variant)) {
    notices.push(
      `${titleOf(scenario)} has no variant “${shown(variant)}”; the replay shows “${variantLabel(preferredVariant)}” instead.`,
    );
    variant = preferredVariant;
  }
  const ofVariant = ofScenario.filter((o) => o.variant === variant);
  // Prefer a recorded run, then the default lock, then whatever comes first.
  const preferred =
    ofVariant.find((o) => o.lock === DEFAULT_CHOICE.lock && o.recording) ??
    ofVariant.find((o) => o.recording) ??
    ofVariant.find((o) => o.lock === DEFAULT_CHOICE.lock) ??
    (ofVariant[0] as RunOption);
  let option = preferred;
  if (want.lock !== undefined) {
    const match = ofVariant.find((o) => o.lock === want.lock);
    if (match) option = match;
    else
      notices.push(
        `${titleOf(scenario)} does not run on “${shown(want.lock)}”; the replay shows it on ${preferred.lock ? lockLabel(preferred.lock) : 'its default lock'}.`,
      );
  }
  return { option, notices };
}

/** Variants that a fencing switch can flip between, when the scenario has exactly those two. */
export function hasFencingSwitch(options: readonly RunOption[], scenario: string): boolean {
  const variants = new Set(options.filter((o) => o.scenario === scenario).map((o) => o.variant));
  return variants.has('fencing-off') && variants.has('fencing-on');
}

export interface LoadedRun {
  option: RunOption;
  trace: Trace | null;
  /** Why the engine could not run it, when it could not. */
  error: string | null;
}

/** Loads runs on demand and keeps them: a live run is computed once per choice. */
export function createRunLoader(simulate: SimulateFn) {
  const cache = new Map<string, LoadedRun>();
  return function load(option: RunOption): LoadedRun {
    const hit = cache.get(option.id);
    if (hit) return hit;
    let run: LoadedRun;
    if (option.recording) {
      run = { option, trace: option.recording.trace, error: null };
    } else {
      try {
        const input: Parameters<SimulateFn>[0] = {
          scenario: option.scenario,
          variant: option.variant,
          seed: LIVE_SEED,
        };
        if (option.lock) input.lock = option.lock;
        run = { option, trace: simulate(input), error: null };
      } catch (err) {
        run = {
          option,
          trace: null,
          error: err instanceof Error ? err.message : String(err),
        };
      }
    }
    cache.set(option.id, run);
    return run;
  };
}
