// Each failure case's button says what its replay shows; the engine's run of it must agree: a
// "save" keeps the data right (no stale write accepted, no repeated token, no lost update), a
// "failure" shows one of those harms.
import { describe, expect, it } from 'vitest';
import { checkNoLostUpdate } from '../sim/checkers/checks';
import { simulate } from '../sim/simulate';
import { failureCases, failureCasesIntro } from './failureCases';

describe('failure cases and the replays their buttons open', () => {
  it.each(failureCases.map((c) => [c.id, c] as const))('%s shows what its button says', (_, c) => {
    const trace = simulate({ scenario: c.scenario, variant: c.variant, seed: 1 });
    const { verdict } = trace.outcome;
    const harmed =
      verdict === 'stale-write-accepted' ||
      verdict === 'token-repeated' ||
      !checkNoLostUpdate(trace).ok;
    expect(harmed, `${c.id}: ${verdict}`).toBe(c.replayShows === 'the failure');
  });

  // A "save" the storage made must not be credited to something else alone: the long job's row
  // once said "Extend" beside a replay in which the fence refused the paused client's write.
  const saves = failureCases.filter((c) => c.replayShows === 'the save');
  it.each(saves.map((c) => [c.id, c] as const))(
    '%s names fencing exactly when its replay is saved by the fence',
    (_, c) => {
      const trace = simulate({ scenario: c.scenario, variant: c.variant, seed: 1 });
      // A refused write that carried a token was refused by the fence; a rolled-back
      // transaction's write (the advisory lock) carries none.
      const fenceRefused = trace.outcome.rejected.some((w) => w.token !== null);
      expect(c.savedBy.toLowerCase().includes('fencing'), `${c.id}: ${c.savedBy}`).toBe(
        fenceRefused,
      );
    },
  );

  // A lock that hands out no token cannot be fenced: the Redlock row once said "Fencing" beside
  // "Redlock gives out no token". Such a row must name where the token comes from too.
  it.each(failureCases.map((c) => [c.id, c] as const))(
    '%s credits fencing alone only where its lock hands out tokens',
    (_, c) => {
      const trace = simulate({ scenario: c.scenario, variant: c.variant, seed: 1 });
      const granted = Object.values(trace.outcome.tokens).flat();
      const anyToken = granted.some((token) => token !== null);
      if (!anyToken) expect(c.savedBy, c.id).not.toBe('Fencing');
      expect(granted.length, `${c.id}: no lock was granted`).toBeGreaterThan(0);
    },
  );
});

// The intro says how many rows there are in words; a new row must not leave it saying the old count.
const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

describe('the failure cases’ intro', () => {
  it('counts the rows it introduces', () => {
    const said = failureCasesIntro.split(' ')[0]!.toLowerCase();
    expect(
      said,
      `failureCasesIntro says “${said} ways” but failureCases has ${failureCases.length} rows`,
    ).toBe(NUMBER_WORDS[failureCases.length]);
  });
});
