import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drillQuestions } from '../../content/drill';
import { choiceOrder, practiceOrder, seededShuffle } from './shuffle';

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

describe('choice order', () => {
  it('is a permutation of the question’s choices, the same for the same seed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.constantFrom(...drillQuestions),
        (seed, q) => {
          const order = choiceOrder(q.id, q.choices, seed);
          expect(order.map((c) => c.id).sort()).toEqual(q.choices.map((c) => c.id).sort());
          expect(choiceOrder(q.id, q.choices, seed)).toEqual(order);
        },
      ),
    );
  });

  it('mixes in the question: one seed does not give every question the same order', () => {
    // The same choices under two question ids, so only the ids can tell the orders apart.
    const choices = items.map((id) => ({ id }));
    const [a, b] = drillQuestions.map((q) => q.id);
    const ids = (questionId: string) => choiceOrder(questionId, choices, 7).map((c) => c.id);
    expect(ids(a!)).not.toEqual(ids(b!));
  });

  it('moves with the seed: the right choice lands in every place, and orders differ', () => {
    for (const q of drillQuestions) {
      const places = new Set<number>();
      const orders = new Set<string>();
      for (let seed = 0; seed < 200; seed++) {
        const order = choiceOrder(q.id, q.choices, seed);
        places.add(order.findIndex((c) => c.id === q.bestChoiceId));
        orders.add(order.map((c) => c.id).join());
      }
      expect([...places].sort(), q.id).toEqual(q.choices.map((_, i) => i));
      expect(orders.size, q.id).toBeGreaterThan(10);
    }
  });

  it('does not give every question the same order from one seed', () => {
    // Mixing the question's id into the seed keeps one visit from putting the right choice in the
    // same place everywhere, which would be as easy to learn as a fixed order.
    let differ = 0;
    for (let seed = 0; seed < 50; seed++) {
      const places = drillQuestions.map((q) =>
        choiceOrder(q.id, q.choices, seed).findIndex((c) => c.id === q.bestChoiceId),
      );
      if (new Set(places).size > 1) differ++;
    }
    expect(differ).toBeGreaterThan(45);
  });
});
