// The numbers the page lets a reader change, and the engine run the page shows for them. The
// page runs only the simulator for these and says that is how the real servers behave; the
// random-parameter test holds the page to that claim by running the same numbers on the servers.
import type { LockKind } from '../../sim/run/script';
import type { Trace } from '../../sim/trace/schema';
import type { MsRange } from '../../state/urlParams';
import {
  PAUSE_RANGE_MS,
  TTL_RANGE_MS,
  WHAT_IF_LOCKS,
  whatIfRun,
} from '../../panels/paused-client/whatIf';
import { clockJumpRun, CLOCK_JUMP_RANGE_MS } from '../../panels/redlock/clockJump';
import { gcPauseRun, GC_PAUSE_RANGE_MS } from '../../panels/redlock/gcPause';
import type { SizedRun } from '../../panels/redlock/sizedRun';

/** One run a reader can set numbers for: a scenario's variant on one lock. */
export interface ReaderRun {
  scenario: string;
  variant: string;
  lock: LockKind;
}

/** A panel's knobs: which runs it offers, each knob's range, and the engine run it shows. */
export interface ReaderKnobs {
  /** Where the page offers it, for messages. */
  panel: string;
  runs: readonly ReaderRun[];
  /** Parameter name to the slider's range, in ms. */
  knobs: Readonly<Record<string, MsRange>>;
  /** The run the page draws for these numbers: the engine, with the page's own seed. */
  simulate(run: ReaderRun, params: Readonly<Record<string, number>>): Trace;
}

/** "Try other numbers" under the paused client: TTL, pause, fencing and the lock. */
const pausedClientWhatIf: ReaderKnobs = {
  panel: 'paused client, try other numbers',
  runs: WHAT_IF_LOCKS.flatMap(({ lock }) =>
    (['fencing-off', 'fencing-on'] as const).map((variant) => ({
      scenario: 'paused-client',
      variant,
      lock,
    })),
  ),
  knobs: { ttlMs: TTL_RANGE_MS, pauseMs: PAUSE_RANGE_MS },
  simulate: (run, params) =>
    whatIfRun({
      ttlMs: params.ttlMs!,
      pauseMs: params.pauseMs!,
      fencing: run.variant === 'fencing-on',
      lock: run.lock as (typeof WHAT_IF_LOCKS)[number]['lock'],
    }),
};

/** A Redlock story with one slider (the GC pause, the clock jump). */
function redlockSlider(panel: string, sized: SizedRun, range: MsRange): ReaderKnobs {
  return {
    panel,
    runs: [{ scenario: sized.scenario, variant: 'default', lock: 'redlock' }],
    knobs: { [sized.param]: range },
    simulate(_run, params) {
      const { trace, error } = sized.run(params[sized.param]!);
      if (trace === null) throw new Error(`the page's run failed: ${error}`);
      return trace;
    },
  };
}

export const READER_KNOBS: readonly ReaderKnobs[] = [
  pausedClientWhatIf,
  redlockSlider('Redlock, GC pause slider', gcPauseRun, GC_PAUSE_RANGE_MS),
  redlockSlider('Redlock, clock jump slider', clockJumpRun, CLOCK_JUMP_RANGE_MS),
];
