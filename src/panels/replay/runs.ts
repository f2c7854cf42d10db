// The one place the replay meets the engine and the recordings on disk. Everything else in the
// replay takes these as plain values, so it can be tested with hand-written traces.
import { scenarios } from '../../sim/scenarios/index';
import { simulate } from '../../sim/simulate';
import { validateTrace } from '../../sim/trace/validate';
import type { Trace } from '../../sim/trace/schema';
import { buildOptions, createRunLoader, resolveChoice } from './catalog';
import type { RunChoice, RunOption, SimulateFn } from './catalog';
import type { RecordingSet } from './recordings';
import { parseRecordingsInSlices } from './recordingsInSlices';
import { correspondingStep } from './correspondingStep';
import { registerRunResolver } from '../../state/playback';

// Vite inlines every recording at build time; numbers.json is the benchmark, not a trace.
const modules = import.meta.glob(['/recordings/*.json', '!/recordings/numbers.json'], {
  eager: true,
});

let validated: { set: RecordingSet; options: readonly RunOption[] } | null = null;

/**
 * Resolves once every recording has been validated and the runs are known. The validation runs in
 * slices, between which the page answers the reader (recordingsInSlices.ts); a panel that shows
 * runs is put on the page only after this (app/panels.ts), so no recording is shown, or offered,
 * before it has been checked.
 */
export const runsReady: Promise<void> = parseRecordingsInSlices(modules, validateTrace).then(
  (set) => {
    validated = { set, options: buildOptions(scenarios, set) };
    // From now on the playback store checks every choice against the runs that exist.
    registerRunResolver({
      resolve(target) {
        const { option, notices } = resolveRun(target);
        return {
          choice: { scenario: option.scenario, variant: option.variant, lock: option.lock },
          notices,
        };
      },
      length(choice) {
        return loadRun(resolveRun(choice).option).trace?.events.length ?? 0;
      },
      carryStep(from, step, to) {
        const a = loadRun(resolveRun(from).option).trace;
        const b = loadRun(resolveRun(to).option).trace;
        return a && b ? correspondingStep(a, step, b) : 0;
      },
    });
  },
);

/** Asked for before runsReady has resolved: a panel was shown without waiting for it. */
export class RunsNotReadyError extends Error {
  constructor() {
    super('The recordings are still being validated: wait for runsReady before reading the runs.');
  }
}

function validatedRuns(): NonNullable<typeof validated> {
  if (!validated) throw new RunsNotReadyError();
  return validated;
}

/** The recordings, valid and invalid, once runsReady has resolved. */
export function recordingSet(): RecordingSet {
  return validatedRuns().set;
}

/** Every run a reader can pick, once runsReady has resolved. */
export function replayOptions(): readonly RunOption[] {
  return validatedRuns().options;
}

const runSimulation: SimulateFn = (input) =>
  simulate(input as Parameters<typeof simulate>[0]) as Trace;

export const loadRun = createRunLoader(runSimulation);

export function resolveRun(want: Partial<RunChoice>) {
  return resolveChoice(replayOptions(), want);
}

/** A seeded engine run outside the replay's choices (the Redlock panel uses these). */
export function simulateRun(
  scenario: string,
  variant: string,
  lock?: string,
  seed = 1,
  params?: Record<string, number>,
): { trace: Trace | null; error: string | null } {
  try {
    const input: Parameters<SimulateFn>[0] = { scenario, variant, seed };
    if (lock) input.lock = lock;
    if (params) input.params = params;
    return { trace: runSimulation(input), error: null };
  } catch (err) {
    return { trace: null, error: err instanceof Error ? err.message : String(err) };
  }
}
