// Properties of the Redlock figure's reading of a link: any link reads without throwing, opens one
// of the two runs at sizes on the sliders, says what was wrong briefly, and a link the figure wrote
// (its run, each run's size, its step) reads back as the figure it was written from.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { oddSearch } from '../../testing/oddSearch';
import { wellFormed } from '../../testing/oddJson';
import { RUN_NAMES, SIZED_RUNS, readLink, redlockLinkReader, redlockRun } from './readLink';
import { runSearch } from './runChoice';
import { stepSearch } from './stepInUrl';

const RUNS = 1_000;

const onSlider = (name: (typeof RUN_NAMES)[number]) => {
  const { min, max, step } = SIZED_RUNS[name].range;
  return fc.oneof(
    fc.constant(null),
    fc.nat(Math.floor((max - min) / step)).map((i) => min + i * step),
  );
};

/** How many steps each run has at each size, found once: the engine is seeded. */
const lastSteps = new Map<string, number>();
function lastStep(which: (typeof RUN_NAMES)[number], ms: number | null): number {
  const key = `${which} ${ms}`;
  let last = lastSteps.get(key);
  if (last === undefined) {
    last = redlockRun(which, ms).trace?.events.length ?? 0;
    lastSteps.set(key, last);
  }
  return last;
}

describe('the Redlock figure’s reading of any link (properties)', () => {
  it('never throws; opens a run at sizes on its slider, and says what was wrong briefly', () => {
    fc.assert(
      fc.property(oddSearch, (search) => {
        const link = readLink(search);
        expect(RUN_NAMES).toContain(link.which);
        for (const r of RUN_NAMES) {
          const ms = link.ownMsByRun[r];
          const { min, max, step } = SIZED_RUNS[r].range;
          if (ms !== null) {
            expect(ms).toBeGreaterThanOrEqual(min);
            expect(ms).toBeLessThanOrEqual(max);
            expect((ms - min) % step).toBe(0);
          }
        }
        for (const p of redlockLinkReader.problems(search)) {
          expect(p.length).toBeLessThanOrEqual(300);
          expect(wellFormed(p), p).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('reads back the run, the sizes and the step the figure wrote, with nothing to say', () => {
    fc.assert(
      fc.property(
        oddSearch,
        fc.constantFrom(...RUN_NAMES),
        onSlider('redlock-clock-jump'),
        onSlider('redlock-gc-pause'),
        fc.option(fc.nat(), { nil: null }),
        (current, which, jumpMs, pauseMs, pick) => {
          const ownMsByRun = { 'redlock-clock-jump': jumpMs, 'redlock-gc-pause': pauseMs };
          const step = pick === null ? null : pick % (lastStep(which, ownMsByRun[which]) + 1);
          let search = runSearch(current, which);
          for (const r of RUN_NAMES) search = SIZED_RUNS[r].search(search, ownMsByRun[r]);
          search = stepSearch(search, step);
          const link = readLink(search);
          expect(link.which).toBe(which);
          expect(link.ownMsByRun).toEqual(ownMsByRun);
          expect(link.stepByRun).toEqual(step === null ? {} : { [which]: step });
          // What redlockLinkReader.problems says, read off the same reading (one engine run, not two).
          expect([link.runProblem, link.stepProblem, ...Object.values(link.linkProblem)]).toEqual([
            null,
            null,
            null,
            null,
          ]);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
