// Properties of the what-if's reading of a link: any link reads without throwing, gives numbers on
// the sliders (or none), says what was wrong briefly, and a link the what-if wrote reads back as
// the same numbers.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { oddSearch } from '../../testing/oddSearch';
import { wellFormed } from '../../testing/oddJson';
import {
  PAUSE_RANGE_MS,
  TTL_RANGE_MS,
  WHAT_IF_KEYS,
  WHAT_IF_LOCKS,
  parseWhatIfQuery,
  sameNumbers,
  whatIfSearch,
  type WhatIfNumbers,
} from './whatIf';

const RUNS = 1_000;

const onSlider = ({ min, max, step }: { min: number; max: number; step: number }) =>
  fc.nat(Math.floor((max - min) / step)).map((i) => min + i * step);

const numbers: fc.Arbitrary<WhatIfNumbers> = fc.record({
  ttlMs: onSlider(TTL_RANGE_MS),
  pauseMs: onSlider(PAUSE_RANGE_MS),
  fencing: fc.boolean(),
  lock: fc.constantFrom(...WHAT_IF_LOCKS.map((l) => l.lock)),
});

const inRange = (ms: number, { min, max, step }: { min: number; max: number; step: number }) =>
  ms >= min && ms <= max && (ms - min) % step === 0;

describe('the what-if’s reading of any link (properties)', () => {
  it('never throws; gives numbers on the sliders or none, and says what was wrong briefly', () => {
    fc.assert(
      fc.property(oddSearch, (search) => {
        const { numbers: n, problems } = parseWhatIfQuery(search);
        if (n !== null) {
          expect(inRange(n.ttlMs, TTL_RANGE_MS)).toBe(true);
          expect(inRange(n.pauseMs, PAUSE_RANGE_MS)).toBe(true);
          expect(WHAT_IF_LOCKS.map((l) => l.lock)).toContain(n.lock);
        }
        const params = new URLSearchParams(search);
        if (!WHAT_IF_KEYS.some((k) => params.has(k))) expect(problems).toEqual([]);
        for (const p of problems) {
          expect(p.length).toBeLessThanOrEqual(300);
          expect(wellFormed(p), p).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('reads back the numbers whatIfSearch wrote, or none, whatever else the link holds', () => {
    fc.assert(
      fc.property(oddSearch, fc.option(numbers, { nil: null }), (current, n) => {
        const read = parseWhatIfQuery(whatIfSearch(current, n));
        expect(sameNumbers(read.numbers, n), JSON.stringify(read)).toBe(true);
        expect(read.problems).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
