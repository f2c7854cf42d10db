// Draws the numbers a reader could set, from a printed seed, and keeps only those whose outcome
// wall-clock jitter cannot flip. On a loaded 2-core machine a real step can start tens of ms late;
// a pause that ends 5 ms before the TTL runs out decides nothing about the servers, only about
// the scheduler. So a drawn point is kept only if the engine gives the same outcome for every
// knob moved by up to ±marginMs on its own: then the real run has that much slack on each side.
import { createPrng, type Prng } from '../../sim/core/prng';
import type { Trace } from '../../sim/trace/schema';
import type { MsRange } from '../../state/urlParams';
import { outcomeShape } from '../record/compareOutcomes';
import { nearestOutcomeChange, type OutcomeChange } from '../../panels/shared/nearOutcomeChange';
import type { ReaderKnobs, ReaderRun } from './readerKnobs';

/** How far each knob is moved to test a point: well over the lab's worst wall-clock lateness. */
export const JITTER_MARGIN_MS = 150;

/** The steps the knobs are moved in while testing a point. */
const PROBE_STEP_MS = 10;

export type Params = Record<string, number>;

export interface DrawnCase {
  knobs: ReaderKnobs;
  run: ReaderRun;
  params: Params;
  /** The page's engine run for these numbers. */
  sim: Trace;
}

/**
 * A value on the slider's grid: one draw in five takes an end of the range, where a reader's
 * slider often rests and where special cases hide (no pause at all, the shortest TTL).
 */
function drawMs(prng: Prng, range: MsRange): number {
  if (prng.float() < 0.2) return prng.float() < 0.5 ? range.min : range.max;
  const steps = Math.floor((range.max - range.min) / range.step);
  return range.min + prng.int(0, steps) * range.step;
}

const shapeOf = (trace: Trace) => JSON.stringify(outcomeShape(trace.outcome));

/**
 * The nearest setting whose engine outcome differs from this one's, each knob moved alone by up
 * to ±marginMs within its slider's range (the page's close-call check, with a wider margin);
 * null when there is none, so the point is safe to run on real servers.
 */
export function nearbyFlip(
  knobs: ReaderKnobs,
  run: ReaderRun,
  params: Params,
  marginMs = JITTER_MARGIN_MS,
): OutcomeChange<string> | null {
  return nearestOutcomeChange(
    params,
    knobs.knobs,
    (moved) => shapeOf(knobs.simulate(run, moved)),
    marginMs,
    PROBE_STEP_MS,
  );
}

/**
 * `perRun` cases for each run every panel offers (each lock, fencing on and off), their numbers
 * drawn from `seed` and each at least the margin from a boundary. Deterministic: the same seed
 * gives the same cases.
 */
export function drawCases(
  panels: readonly ReaderKnobs[],
  seed: number,
  perRun: number,
  marginMs = JITTER_MARGIN_MS,
): DrawnCase[] {
  const prng = createPrng(seed);
  const cases: DrawnCase[] = [];
  for (const knobs of panels) {
    for (const run of knobs.runs) {
      let kept = 0;
      // Most of each range is far from a boundary; a run that keeps nothing is a bug here.
      for (let tries = 0; kept < perRun; tries++) {
        if (tries > 200 * perRun) {
          throw new Error(
            `${knobs.panel} (${run.variant}, ${run.lock}): no point ${marginMs} ms from a boundary in ${tries} draws`,
          );
        }
        const params: Params = {};
        for (const [name, range] of Object.entries(knobs.knobs)) params[name] = drawMs(prng, range);
        if (nearbyFlip(knobs, run, params, marginMs) !== null) continue;
        cases.push({ knobs, run, params, sim: knobs.simulate(run, params) });
        kept++;
      }
    }
  }
  return cases;
}
