import { describe, expect, it } from 'vitest';
import { scenarios } from './index';
import { prepareRun, simulate } from '../simulate';
import { validateTrace } from '../trace/validate';
import { checkFenceMonotonic, checkNoStaleWrite } from '../checkers/checks';

const runs = scenarios.flatMap((s) =>
  s.variants.flatMap((variant) => s.locks.map((lock) => ({ scenario: s, variant, lock }))),
);

describe.each(runs)('$scenario.name / $variant / $lock', ({ scenario, variant, lock }) => {
  it('gives byte-identical traces for the same seed, over 100 seeds', () => {
    // The second run of each seed comes from one prepared run that has already played every
    // other seed (in reverse), so nothing one run leaves behind can reach the next.
    const prepared = prepareRun({ scenario: scenario.name, variant, lock });
    const replayed = new Map<number, string>();
    for (let seed = 100; seed >= 1; seed--)
      replayed.set(seed, JSON.stringify(prepared.run(seed).trace));
    const seen = new Set<string>();
    for (let seed = 1; seed <= 100; seed++) {
      const trace = simulate({ scenario: scenario.name, variant, lock, seed });
      expect(replayed.get(seed), `seed ${seed}`).toBe(JSON.stringify(trace));
      // The events alone: the whole trace names its seed, so it would differ regardless.
      seen.add(JSON.stringify(trace.events));
    }
    // Jitter comes from the seed: different seeds give different timings.
    expect(seen.size).toBeGreaterThan(50);
  });

  it('reaches the outcome the explainer describes, on every one of 100 seeds', () => {
    const expected = scenario.expected(variant, lock);
    for (let seed = 1; seed <= 100; seed++) {
      const trace = simulate({ scenario: scenario.name, variant, lock, seed });
      // Name the field and the command that shows the run: "seed 1: expected true to be false"
      // leaves an author guessing which of the three expectations their scenario missed.
      const where = (field: string) =>
        `${field} on seed ${seed} (see it: npm run sim -- --scenario ${scenario.name} --variant ${variant} --lock ${lock} --seed ${seed} --check)`;
      expect(trace.outcome.verdict, where('verdict')).toBe(expected.verdict);
      expect(trace.outcome.holdersOverlap, where('holdersOverlap')).toBe(expected.holdersOverlap);
      if (expected.finalBody !== undefined)
        expect(trace.outcome.document.body, where('finalBody')).toBe(expected.finalBody);
    }
  });

  it('passes the validator, and with fencing on no stale write or falling fence', () => {
    const trace = simulate({ scenario: scenario.name, variant, lock, seed: 9 });
    const v = validateTrace(JSON.parse(JSON.stringify(trace)));
    expect(v.ok ? [] : v.errors).toEqual([]);
    if (variant === 'fencing-on') {
      expect(checkNoStaleWrite(trace).violations).toEqual([]);
      expect(checkFenceMonotonic(trace).violations).toEqual([]);
    }
  });

  it('carries the token in every successful acquire and every write', () => {
    const trace = simulate({ scenario: scenario.name, variant, lock, seed: 3 });
    for (const e of trace.events) {
      if (e.f === 'acquire' && e.type === 'ok') expect(e.value).toHaveProperty('token');
      if (e.f === 'write') expect(e.value).toHaveProperty('token');
    }
  });
});

describe('Redlock', () => {
  it.each(['redlock-clock-jump', 'redlock-gc-pause'])(
    '%s: two clients hold a majority in every seed',
    (name) => {
      for (let seed = 1; seed <= 300; seed++) {
        const trace = simulate({ scenario: name, variant: 'default', seed });
        const holders = trace.events.filter((e) => e.f === 'acquire' && e.type === 'ok');
        expect(
          holders.map((e) => e.actor),
          `seed ${seed}`,
        ).toEqual(['client-1', 'client-2']);
        for (const h of holders) {
          expect((h.value?.nodes as string[]).length, `seed ${seed}`).toBeGreaterThanOrEqual(3);
          expect(h.value?.validityMs as number).toBeGreaterThan(0);
        }
        expect(trace.outcome.holdersOverlap).toBe(true);
      }
    },
  );

  it('a jump too small to free redis-3: client 2 stops without a majority, and nobody waits forever', () => {
    // Client 1 waits for client 2's write; client 2 never reaches it, and its stop must say so.
    const trace = simulate({
      scenario: 'redlock-clock-jump',
      variant: 'default',
      params: { jumpMs: 500 },
    });
    const c2 = trace.events.filter((e) => e.actor === 'client-2').map((e) => `${e.f} ${e.type}`);
    expect(c2).toEqual(['acquire invoke', 'acquire fail', 'stop info']);
    expect(trace.outcome.verdict).toBe('safe');
    expect(trace.outcome.document.body).toBe('v1');
  });

  it('the clock jump is what breaks it: without it, client 2 cannot get a majority', () => {
    const trace = simulate({
      scenario: 'redlock-clock-jump',
      variant: 'default',
      params: { jumpMs: 0 },
    });
    const c2 = trace.events.filter(
      (e) => e.actor === 'client-2' && e.f === 'acquire' && e.type !== 'invoke',
    );
    expect(c2.map((e) => e.type)).toEqual(['fail']);
    expect(trace.outcome.holdersOverlap).toBe(false);
  });
});

describe('the paused client', () => {
  it('is safe when the pause is shorter than the TTL: client 2 must wait', () => {
    const trace = simulate({
      scenario: 'paused-client',
      variant: 'fencing-off',
      params: { pauseMs: 100 },
    });
    expect(trace.outcome.verdict).not.toBe('stale-write-accepted');
  });

  it('rejects bad names and numbers with the list of valid ones', () => {
    expect(() => simulate({ scenario: 'nope', variant: 'x' })).toThrow(
      /valid scenarios: paused-client/,
    );
    expect(() => simulate({ scenario: 'paused-client', variant: 'x' })).toThrow(
      /valid variants: fencing-off, fencing-on/,
    );
    expect(() =>
      simulate({ scenario: 'paused-client', variant: 'fencing-on', lock: 'etcd' }),
    ).toThrow(/valid locks/);
    expect(() =>
      simulate({
        scenario: 'paused-client',
        variant: 'fencing-on',
        params: { pauseMs: Number.NaN },
      }),
    ).toThrow(/pauseMs/);
    // A misspelt parameter must not run quietly with the default in its place.
    expect(() =>
      simulate({ scenario: 'paused-client', variant: 'fencing-on', params: { pausems: 800 } }),
    ).toThrow('scenario paused-client has no parameter "pausems"; its parameters: ttlMs, pauseMs');
    expect(() =>
      simulate({ scenario: 'paused-client', variant: 'fencing-on', params: { toString: 1 } }),
    ).toThrow(/no parameter "toString"/);
  });

  it('takes seeds from 0 to 2^32 - 1 only, each its own run', () => {
    const run = (seed: number) =>
      simulate({ scenario: 'paused-client', variant: 'fencing-on', seed });
    // The generator reads 32 bits: outside the range a seed would replay another under its name.
    for (const seed of [-1, 2 ** 32, 2 ** 32 + 1, 1.5, Number.NaN])
      expect(() => run(seed)).toThrow(`a seed is a whole number from 0 to 4294967295; got ${seed}`);
    const ends = [0, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1].map((seed) => run(seed).events);
    expect(new Set(ends.map((events) => JSON.stringify(events))).size).toBe(4);
  });
});

describe('the words a scenario shows on the page', () => {
  // The page sets its prose with ’ (U+2019); a summary with a typewriter ' stood out beside it.
  it.each(scenarios)("$name: title and summary use ’ for an apostrophe, not '", (s) => {
    for (const text of [s.title, s.short ?? '', s.summary]) expect(text, text).not.toMatch(/\w'\w/);
  });
});
