// What the Redlock figure opens for a URL: which run, each run's size, the step, and what was
// wrong with the link's values. The panel reads it at load and after Back or Forward; the link
// notice under the page's title reads the same sentences (linkReader).
//
// A step past the run's end is one of them: to know it, the reading runs the engine on the run the
// link opens, as the panel does. That run is seeded and cheap (0.7 ms in Node on this 2-core
// machine), and only a link with a step asks for it.
import type { LinkReader } from '../../state/linkProblems';
import type { REDLOCK_RUNS } from './assumptions';
import type { Trace } from '../../sim/trace/schema';
import { simulateRun } from '../replay/runs';
import { clockJumpRun } from './clockJump';
import { gcPauseRun } from './gcPause';
import { RUN_QUERY, parseRunQuery } from './runChoice';
import type { SizedRun } from './sizedRun';
import { STEP_QUERY, parseStepQuery, stepPastEnd } from './stepInUrl';

export type RunName = (typeof REDLOCK_RUNS)[number]['scenario'];

/** Each run's one parameter the reader can set. */
export const SIZED_RUNS: Record<RunName, SizedRun> = {
  'redlock-clock-jump': clockJumpRun,
  'redlock-gc-pause': gcPauseRun,
};
export const RUN_NAMES = Object.keys(SIZED_RUNS) as RunName[];

/**
 * The run the figure draws: the reader's size on the engine, or, with none, the recorded story's
 * on the engine with the same seed. The link's reading and the panel both take it from here, so
 * that a step the link's reading calls past the end is past the end of what the panel draws.
 */
export function redlockRun(
  which: RunName,
  ownMs: number | null,
): { trace: Trace | null; error: string | null } {
  return ownMs !== null
    ? SIZED_RUNS[which].run(ownMs)
    : simulateRun(which, 'default', 'redlock', 1);
}

/** What the panel shows for a URL: its run, each run's size, the step, and what was wrong. */
export function readLink(search: string) {
  const read = Object.fromEntries(RUN_NAMES.map((r) => [r, SIZED_RUNS[r].parse(search)]));
  const sizes = read as Record<RunName, { ms: number | null; problem: string | null }>;
  const runFromLink = parseRunQuery(search);
  const linked = (r: RunName) => sizes[r].ms !== null || sizes[r].problem !== null;
  // The run is the one the link names; failing that, a link with only a GC pause in it opens
  // that run.
  const which: RunName =
    runFromLink.run ??
    (linked('redlock-gc-pause') && !linked('redlock-clock-jump')
      ? 'redlock-gc-pause'
      : 'redlock-clock-jump');
  const stepFromLink = parseStepQuery(search);
  const { step } = stepFromLink;
  // The figure's last step is the number of the run's events (ReplayCursor.length). A run the
  // engine cannot make has no step to be past: the panel says that error instead.
  const lastStep =
    step === null ? null : (redlockRun(which, sizes[which].ms).trace?.events.length ?? null);
  return {
    which,
    runProblem: runFromLink.problem,
    stepFromLink,
    /** What the figure says about the linked step: not a number, or past the run's end. */
    stepProblem:
      stepFromLink.problem ??
      (step !== null && lastStep !== null ? stepPastEnd(step, lastStep) : null),
    // A linked step belongs to the run the link opens; each run keeps its own place after that.
    stepByRun: (stepFromLink.step !== null ? { [which]: stepFromLink.step } : {}) as Record<
      string,
      number
    >,
    ownMsByRun: {
      'redlock-clock-jump': sizes['redlock-clock-jump'].ms,
      'redlock-gc-pause': sizes['redlock-gc-pause'].ms,
    } as Record<RunName, number | null>,
    linkProblem: {
      'redlock-clock-jump': sizes['redlock-clock-jump'].problem,
      'redlock-gc-pause': sizes['redlock-gc-pause'].problem,
    } as Record<RunName, string | null>,
  };
}

/**
 * The link's problems for the notice under the title: every one the link has, also a size for
 * the run the figure does not open with (the panel shows that one only once the reader switches
 * to its run, but the link asked for it).
 */
export const redlockLinkReader: LinkReader = {
  keys: [RUN_QUERY, STEP_QUERY, ...RUN_NAMES.map((r) => SIZED_RUNS[r].query)],
  problems(search) {
    const link = readLink(search);
    return [link.runProblem, ...RUN_NAMES.map((r) => link.linkProblem[r]), link.stepProblem].filter(
      (p): p is string => p !== null,
    );
  },
};
