import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drillQuestions } from '../content/drill';
import type { DrillProgressData } from './drillProgressData';
import { changedQuestions, mergeProgress, sameProgress } from './mergeProgress';

const [q1, q2, q3] = drillQuestions as [
  (typeof drillQuestions)[number],
  (typeof drillQuestions)[number],
  (typeof drillQuestions)[number],
];
const wrongOf = (q: (typeof drillQuestions)[number]) =>
  q.choices.find((c) => c.id !== q.bestChoiceId)!.id;

/** Any record the store could hold: sparse, with no "known" beside a wrong pick. */
const recordArb = fc
  .array(
    fc.tuple(
      fc.constantFrom(...drillQuestions),
      fc.option(fc.constantFrom('known' as const, 'not-yet' as const)),
      fc.option(fc.nat()),
      fc.constantFrom('', 'a pause', 'the fence'),
    ),
    { maxLength: 8 },
  )
  .map((entries) => {
    const out: DrillProgressData = { progress: {}, predictions: {} };
    for (const [q, verdict, n, text] of entries) {
      const choice = n === null ? null : q.choices[n % q.choices.length]!.id;
      if (choice !== null || text !== '') out.predictions[q.id] = { choice, text };
      else delete out.predictions[q.id];
      if (verdict === null) delete out.progress[q.id];
      else
        out.progress[q.id] =
          verdict === 'known' && choice !== null && choice !== q.bestChoiceId ? 'not-yet' : verdict;
    }
    return out;
  });

describe('merging another tab’s record into this tab’s', () => {
  it('keeps a mark made here and one made there', () => {
    const base: DrillProgressData = { progress: {}, predictions: {} };
    const ours: DrillProgressData = { progress: { [q1.id]: 'known' }, predictions: {} };
    const theirs: DrillProgressData = {
      progress: { [q2.id]: 'not-yet' },
      predictions: { [q3.id]: { choice: null, text: 'a pause' } },
    };
    expect(mergeProgress(base, ours, theirs)).toEqual({
      progress: { [q1.id]: 'known', [q2.id]: 'not-yet' },
      predictions: { [q3.id]: { choice: null, text: 'a pause' } },
    });
  });

  it('reads an older page’s record (version 1) for what it can hold: no pick, no "not yet"', () => {
    const base: DrillProgressData = {
      progress: { [q1.id]: 'not-yet', [q2.id]: 'known', [q3.id]: 'known' },
      predictions: { [q1.id]: { choice: wrongOf(q1), text: 'first' } },
    };
    // Version 1, migrated: known ids and own words. It took q2's mark away and rewrote q1's words.
    const theirs: DrillProgressData = {
      progress: { [q3.id]: 'known' },
      predictions: { [q1.id]: { choice: null, text: 'second' } },
    };
    const expected: DrillProgressData = {
      progress: { [q1.id]: 'not-yet', [q3.id]: 'known' },
      predictions: { [q1.id]: { choice: wrongOf(q1), text: 'second' } },
    };
    expect(mergeProgress(base, base, theirs, undefined, 1)).toEqual(expected);
    // Read as this page's own version, the same record drops the pick and the "not yet".
    expect(mergeProgress(base, base, theirs)).not.toEqual(expected);
  });

  it('merges a question’s mark, pick and own words apart; where both changed one, there wins', () => {
    const base: DrillProgressData = {
      progress: { [q1.id]: 'not-yet' },
      predictions: { [q1.id]: { choice: null, text: 'first' } },
    };
    const ours: DrillProgressData = {
      progress: { [q1.id]: 'known' },
      predictions: { [q1.id]: { choice: q1.bestChoiceId, text: 'mine here' } },
    };
    const theirs: DrillProgressData = {
      progress: { [q1.id]: 'not-yet' },
      predictions: { [q1.id]: { choice: null, text: 'mine there' } },
    };
    expect(mergeProgress(base, ours, theirs)).toEqual({
      progress: { [q1.id]: 'known' },
      predictions: { [q1.id]: { choice: q1.bestChoiceId, text: 'mine there' } },
    });
  });

  it('takes a removal from there: a cleared prediction goes, a reset clears everything', () => {
    const base: DrillProgressData = {
      progress: { [q1.id]: 'known' },
      predictions: { [q2.id]: { choice: null, text: 'x' } },
    };
    const cleared: DrillProgressData = { progress: { [q1.id]: 'known' }, predictions: {} };
    expect(mergeProgress(base, base, cleared)).toEqual(cleared);
    // A reset there also clears what this tab changed and could not save.
    const ours: DrillProgressData = { ...base, progress: { ...base.progress, [q3.id]: 'known' } };
    expect(mergeProgress(base, ours, { progress: {}, predictions: {} })).toEqual({
      progress: {},
      predictions: {},
    });
  });

  it('keeps this tab’s entry where there was unreadable, and trusts a removal elsewhere', () => {
    const base: DrillProgressData = {
      progress: { [q1.id]: 'known', [q2.id]: 'not-yet' },
      predictions: {},
    };
    const theirs: DrillProgressData = { progress: { [q3.id]: 'known' }, predictions: {} };
    const unread = { progress: new Set([q1.id]), predictions: new Set<string>() };
    expect(mergeProgress(base, base, theirs, unread)).toEqual({
      progress: { [q1.id]: 'known', [q3.id]: 'known' },
      predictions: {},
    });
    expect(
      mergeProgress(base, base, theirs, { progress: 'all', predictions: new Set<string>() }),
    ).toEqual({ progress: base.progress, predictions: {} });
  });

  it('makes "known" beside a wrong pick "not yet", as reading such a record does', () => {
    const base: DrillProgressData = { progress: {}, predictions: {} };
    const ours: DrillProgressData = { progress: { [q1.id]: 'known' }, predictions: {} };
    const theirs: DrillProgressData = {
      progress: {},
      predictions: { [q1.id]: { choice: wrongOf(q1), text: '' } },
    };
    expect(mergeProgress(base, ours, theirs).progress).toEqual({ [q1.id]: 'not-yet' });
  });

  it('with no record in common, takes the other tab’s whole', () => {
    const ours: DrillProgressData = { progress: { [q1.id]: 'known' }, predictions: {} };
    const theirs: DrillProgressData = { progress: { [q2.id]: 'known' }, predictions: {} };
    expect(mergeProgress(null, ours, theirs)).toBe(theirs);
  });

  it('takes the other tab’s record as it is when this tab changed nothing, and keeps this tab’s when that tab changed nothing (500 cases)', () => {
    fc.assert(
      fc.property(recordArb, recordArb, (base, other) => {
        expect(mergeProgress(base, base, other)).toEqual(other);
        expect(mergeProgress(base, other, base)).toEqual(other);
        // Both tabs at the same record: nothing to write back.
        expect(mergeProgress(base, other, other)).toBe(other);
      }),
      { numRuns: 500 },
    );
  });

  it('loses nothing either tab changed where the other did not touch it (500 cases)', () => {
    fc.assert(
      fc.property(recordArb, recordArb, recordArb, (base, ours, theirs) => {
        const merged = mergeProgress(base, ours, theirs);
        const resetThere =
          changedQuestions(theirs, { progress: {}, predictions: {} }).length === 0 &&
          changedQuestions(base, { progress: {}, predictions: {} }).length > 0;
        for (const { id } of drillQuestions) {
          const touchedThere = !sameProgress(
            { progress: pickId(base.progress, id), predictions: pickId(base.predictions, id) },
            { progress: pickId(theirs.progress, id), predictions: pickId(theirs.predictions, id) },
          );
          if (resetThere) expect(merged.progress[id]).toBeUndefined();
          else if (!touchedThere) {
            expect(merged.predictions[id]).toEqual(ours.predictions[id]);
            expect(merged.progress[id]).toEqual(ours.progress[id]);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

function pickId<T>(record: Record<string, T>, id: string): Record<string, T> {
  return id in record ? { [id]: record[id]! } : {};
}
