// A Redlock story the reader can resize: one of its parameters on a slider, the run on the engine
// with that value, and the value in the URL so a link opens the same run. The clock jump and the
// GC pause are two of these; only their parameter, range and sentences differ.
import type { Trace } from '../../sim/trace/schema';
import { readMsParam, searchWith, type MsRange } from '../../state/urlParams';
import { simulateRun } from '../replay/runs';
import {
  nearestOutcomeChange,
  visibleOutcome,
  type OutcomeChange,
} from '../shared/nearOutcomeChange';

export interface SizedRun {
  scenario: string;
  /** The parameter the slider sets: `jumpMs`, `pauseMs`. */
  param: string;
  /** Its name in the URL: `try-jump`, `try-gc-pause`. */
  query: string;
  range: MsRange;
  /** The value the lab recorded: the slider's starting place. */
  recordedMs: number;
  /** The story on the engine with this value, seeded as the panel's other runs are. */
  run(ms: number): { trace: Trace | null; error: string | null };
  /** The nearest size, a few ms away, at which the engine's outcome changes; null if none. */
  closeCall(ms: number): OutcomeChange<string> | null;
  /** Reads the value from a search string: null when there is none, a sentence when it is bad. */
  parse(search: string): { ms: number | null; problem: string | null };
  /** The search string with this value in it (or none), keeping every other parameter. */
  search(currentSearch: string, ms: number | null): string;
}

export function sizedRun(
  scenario: { name: string; defaults: object },
  param: string,
  range: MsRange,
  query: string,
  /** What the value measures, after its size in a sentence: "jump", "GC pause". */
  noun: string,
): SizedRun {
  const recordedMs = (scenario.defaults as Record<string, number>)[param];
  if (recordedMs === undefined) throw new Error(`${scenario.name} has no parameter ${param}`);
  const run = (ms: number) => simulateRun(scenario.name, 'default', 'redlock', 1, { [param]: ms });
  return {
    scenario: scenario.name,
    param,
    query,
    range,
    recordedMs,
    run,
    closeCall: (ms) =>
      nearestOutcomeChange({ [param]: ms }, { [param]: range }, (p) => {
        const { trace, error } = run(p[param]!);
        return trace ? visibleOutcome(trace.outcome) : `error: ${error}`;
      }),
    parse(search) {
      const read = readMsParam(new URLSearchParams(search), query, range);
      return {
        ms: read.ms,
        problem:
          read.problem !== null
            ? `${read.problem}, so the figure runs the recorded ${recordedMs} ms ${noun}.`
            : read.rounded,
      };
    },
    search: (currentSearch, ms) =>
      searchWith(currentSearch, { [query]: ms === null ? null : String(ms) }),
  };
}
