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
 * `scenario.variant.lock`. An unknown name is an error that lists the valid ones.
 */
export function selectJobs(only: readonly string[]): RecordJob[] {
  const jobs = allJobs();
  if (only.length === 0) return jobs;
  const unknown = only.filter(
    (name) =>
      !jobs.some(
        (j) => j.scenario === name || `${j.scenario}.${j.variant}` === name || j.id === name,
      ),
  );
  if (unknown.length > 0) {
    throw new UnknownJobError(
      `unknown name${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')} for --only; valid scenarios: ${scenarios
        .map((s) => s.name)
        .join(', ')}; or one run as scenario.variant.lock, e.g. ${jobs[0]?.id}`,
    );
  }
  return jobs.filter((j) =>
    only.some(
      (name) => j.scenario === name || `${j.scenario}.${j.variant}` === name || j.id === name,
    ),
  );
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
