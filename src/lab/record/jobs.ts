// What `npm run lab:record` can record: every scenario × variant × lock, since every lock has
// a real backend. `--only` narrows the list by scenario, scenario.variant or the full name.
import type { LockKind } from '../../sim/run/script';
import { findScenario, scenarios } from '../../sim/scenarios/index';
import { unmovableClocks } from '../backends/clockNodes';

export interface RecordJob {
  scenario: string;
  variant: string;
  lock: LockKind;
  /** `<scenario>.<variant>.<lock>`: the recording's file name without `.json`. */
  id: string;
}

export function allJobs(): RecordJob[] {
  return scenarios.flatMap((s) =>
    s.variants.flatMap((variant) =>
      s.locks.map((lock) => ({
        scenario: s.name,
        variant,
        lock,
        id: `${s.name}.${variant}.${lock}`,
      })),
    ),
  );
}

export class UnknownJobError extends Error {
  override name = 'UnknownJobError';
}

/**
 * The jobs an `--only` list names; each name is a scenario, `scenario.variant`, or a full
 * `scenario.variant.lock`. An unknown name is an error that says which part of it is wrong and
 * what that part can be.
 */
export function selectJobs(only: readonly string[]): RecordJob[] {
  const jobs = allJobs();
  if (only.length === 0) return jobs;
  const names = (name: string, j: RecordJob) =>
    j.scenario === name || `${j.scenario}.${j.variant}` === name || j.id === name;
  const unknown = only.filter((name) => !jobs.some((j) => names(name, j)));
  if (unknown.length > 0) {
    throw new UnknownJobError(
      unknown.map((name) => `unknown name "${name}" for --only: ${whatIsWrong(name)}`).join('\n'),
    );
  }
  return jobs.filter((j) => only.some((name) => names(name, j)));
}

/** Which part of a name that matches no job is wrong, and what that part could be. */
function whatIsWrong(name: string): string {
  const [scenarioName, variant, lock, ...rest] = name.split('.');
  const scenario = findScenario(scenarioName ?? '');
  if (!scenario) {
    return `no scenario "${scenarioName}"; valid scenarios: ${scenarios.map((s) => s.name).join(', ')}`;
  }
  if (rest.length > 0) {
    return `a name is scenario, scenario.variant or scenario.variant.lock, e.g. ${allJobs()[0]?.id}`;
  }
  if (variant !== undefined && !scenario.variants.includes(variant)) {
    return `${scenario.name} has no variant "${variant}"; its variants: ${scenario.variants.join(', ')}`;
  }
  return `${scenario.name} does not run on "${lock}"; its locks: ${scenario.locks.join(', ')}`;
}

/**
 * Why real servers cannot play this job, or null when they can: its script moves a clock that
 * the lab cannot move on that lock's servers (etcd's, for one). The page replays such a run on
 * the engine instead.
 */
export function cannotRecord(job: RecordJob): string | null {
  const scenario = findScenario(job.scenario);
  if (!scenario) return null;
  return unmovableClocks(scenario.script(scenario.defaults, job.variant, job.lock));
}
