// The one place the replay meets the engine and the recordings on disk. Everything else in the
// replay takes these as plain values, so it can be tested with hand-written traces.
import { scenarios } from '../../sim/scenarios/index';
import { simulate } from '../../sim/simulate';
import { validateTrace } from '../../sim/trace/validate';
import type { Trace } from '../../sim/trace/schema';
import { buildOptions, createRunLoader, resolveChoice } from './catalog';
import type { RunChoice, RunOption, SimulateFn } from './catalog';
import { parseRecordings } from './recordings';
import { correspondingStep } from './correspondingStep';
import { registerRunResolver } from '../../state/playback';

// Vite inlines every recording at build time; numbers.json is the benchmark, not a trace.
const modules = import.meta.glob(['/recordings/*.json', '!/recordings/numbers.json'], {
  eager: true,
});

export const recordingSet = parseRecordings(modules, validateTrace);

export const replayOptions: readonly RunOption[] = buildOptions(scenarios, recordingSet);

const runSimulation: SimulateFn = (input) =>
  simulate(input as Parameters<typeof simulate>[0]) as Trace;

export const loadRun = createRunLoader(runSimulation);

export function resolveRun(want: Partial<RunChoice>) {
  return resolveChoice(replayOptions, want);
}

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
