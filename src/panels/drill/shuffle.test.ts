import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { practiceOrder, seededShuffle } from './shuffle';

const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

describe('seeded shuffle', () => {
  it('is a permutation, and the same seed gives the same order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const order = seededShuffle(items, seed);
        expect([...order].sort()).toEqual(items);
        expect(seededShuffle(items, seed)).toEqual(order);
      }),
    );
  });

  it('leaves its input alone', () => {
    const input = [...items];
    seededShuffle(input, 5);
    expect(input).toEqual(items);
  });

  it('spreads every item over every position across seeds', () => {
    // 8 × 8 positions from 4,000 seeds: a biased or stuck shuffle leaves some cell empty or crowded.
    const counts = items.map(() => items.map(() => 0));
    for (let seed = 0; seed < 4000; seed++) {
      seededShuffle(items, seed).forEach((item, pos) => counts[items.indexOf(item)]![pos]!++);
    }
    for (const row of counts) for (const n of row) expect(n).toBeGreaterThan(350);
    for (const row of counts) for (const n of row) expect(n).toBeLessThan(650);
  });
});

describe('practice order', () => {
  it('never returns the original order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 2, max: 8 }),
        (seed, n) => {
          const input = items.slice(0, n);
          const order = practiceOrder(input, seed);
          expect([...order].sort()).toEqual(input);
          expect(order).not.toEqual(input);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
