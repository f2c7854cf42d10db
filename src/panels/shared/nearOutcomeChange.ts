// Where the reader's numbers sit close to a tipping point. The engine answers every setting
// firmly, but on real servers a request takes a few ms more or less than in the model (timers
// fire late, and every request crosses a proxy and a busy event loop), so a setting a few ms
// from where the engine's outcome changes can go either way: the lab's test of the page's
// numbers on real servers saw such settings split, and once come out the other way nearly every
// time.
import type { Outcome } from '../../sim/trace/schema';
import type { MsRange } from '../../state/urlParams';

/** How near counts as "either way" on the page: real runs flipped up to about 10 ms from the engine's boundary. */
export const CLOSE_CALL_MS = 15;
/** The page probes in steps finer than its sliders': the real world is not on the sliders' grid. */
const CLOSE_CALL_STEP_MS = 5;

export interface OutcomeChange<K extends string> {
  /** The knob that, moved alone, changes the outcome. */
  knob: K;
  /** How far it was moved, in ms: positive for more, negative for less. */
  byMs: number;
}

/**
 * The smallest move of one knob, within its range and ±marginMs, that changes the outcome
 * `outcomeOf` reports; null when every such move leaves it as it is. Moves are tried nearest
 * first (+step, −step, +2 steps…), each knob in turn at each distance.
 */
export function nearestOutcomeChange<K extends string>(
  params: Readonly<Record<K, number>>,
  ranges: Readonly<Record<K, MsRange>>,
  outcomeOf: (params: Record<K, number>) => string,
  marginMs = CLOSE_CALL_MS,
  stepMs = CLOSE_CALL_STEP_MS,
): OutcomeChange<K> | null {
  const here = outcomeOf({ ...params });
  const knobs = Object.keys(ranges) as K[];
  for (let distance = stepMs; distance <= marginMs; distance += stepMs) {
    for (const knob of knobs) {
      for (const byMs of [distance, -distance]) {
        const range = ranges[knob];
        const value = params[knob] + byMs;
        if (value < range.min || value > range.max) continue;
        if (outcomeOf({ ...params, [knob]: value }) !== here) return { knob, byMs };
      }
    }
  }
  return null;
}

/** What a reader sees of an outcome: who wins, whether two held at once, what is stored. */
export function visibleOutcome(outcome: Outcome): string {
  return `${outcome.verdict}|${outcome.holdersOverlap}|${outcome.document.body}`;
}

/** How each knob is named, and its two directions, in the close-call sentence. */
const KNOB_WORDS: Record<string, { noun: string; more: string; less: string }> = {
  ttlMs: { noun: 'TTL', more: 'longer', less: 'shorter' },
  pauseMs: { noun: 'pause', more: 'longer', less: 'shorter' },
  jumpMs: { noun: 'jump', more: 'bigger', less: 'smaller' },
};

/** The sentence the page adds under a run whose numbers sit this close to a change. */
export function closeCallSentence(change: OutcomeChange<string>): string {
  const words = KNOB_WORDS[change.knob] ?? { noun: change.knob, more: 'more', less: 'less' };
  const by = `${Math.abs(change.byMs)} ms ${change.byMs > 0 ? words.more : words.less}`;
  return `A close call: with the ${words.noun} ${by}, the engine’s outcome changes. On real servers a request takes a few ms more or less than in this model, so numbers this close can go either way.`;
}
