// Properties of `npm run sim`'s argument reading, tried on the parsing function rather than on
// thousands of processes: any argv gives a plan or a one-line reason (BadSimArgsError), and a
// plan to run either prepares or is refused by the engine with a one-line reason
// (UnknownNameError): nothing else is thrown, so the CLI never ends in a stack trace.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_SEED } from '../../sim/core/prng';
import { LOCK_KINDS } from '../../sim/run/script';
import { scenarios } from '../../sim/scenarios/index';
import { MAX_PARAM_MS, prepareRun, UnknownNameError } from '../../sim/simulate';
import { BadSimArgsError, parseSimArgs, type SimPlan } from './simArgs';

const RUNS = 1_000;
const REASON_MAX_CHARS = 300;

const FLAGS = [
  '--scenario',
  '--variant',
  '--seed',
  '--seeds',
  '--lock',
  '--param',
  '--trace',
  '--list',
  '--check',
];
const NAMES = scenarios.flatMap((s) => [s.name, ...s.variants, ...s.locks]);
const PARAM_NAMES = [...new Set(scenarios.flatMap((s) => Object.keys(s.defaults)))];

/** One word of an argv: flags, names, numbers and near misses, and worse. */
const word = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FLAGS) },
  { weight: 6, arbitrary: fc.constantFrom(...NAMES, ...LOCK_KINDS) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...PARAM_NAMES, 'constructor', 'toString', 'pausems'),
        fc.oneof(
          fc.nat(2 * MAX_PARAM_MS),
          fc.constantFrom(0, 0.5, 1, MAX_PARAM_MS, MAX_PARAM_MS + 1, 1e20),
        ),
      )
      .map(([name, ms]) => `${name}=${ms.toLocaleString('en-US', { useGrouping: false })}`),
  },
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.nat().map(String),
      fc.constantFrom(
        String(MAX_SEED),
        String(MAX_SEED + 1),
        '99999999999999999999',
        '-1',
        '1.5',
        '2e3',
        '0x10',
        '',
        '-h',
        '--help',
        '--fast',
        '-',
        '--',
        '__proto__',
        'constructor',
        'two\nlines',
      ),
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 5_000 }).map((n) => 'x\n'.repeat(n)) },
);

function expectOneLine(message: string): void {
  expect(message.length).toBeGreaterThan(0);
  expect(message.length).toBeLessThanOrEqual(REASON_MAX_CHARS);
  expect(message, message).not.toMatch(/[\r\n]/);
}

/** What the CLI does with argv, short of running: a plan, or the one line it prints. */
function read(argv: string[]): { plan: SimPlan } | { reason: string } {
  try {
    return { plan: parseSimArgs(argv) };
  } catch (e) {
    if (e instanceof BadSimArgsError) return { reason: e.message };
    throw e;
  }
}

describe('npm run sim’s arguments (properties)', () => {
  it('any argv gives a plan or a one-line reason, and a plan to run prepares or is refused in one line', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 10 }), (argv) => {
        const r = read(argv);
        if ('reason' in r) {
          expectOneLine(r.reason);
          return;
        }
        if (r.plan.kind !== 'run') return;
        const { seed = 1, seeds } = r.plan;
        expect(Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED).toBe(true);
        if (seeds !== undefined) expect(seed + seeds - 1).toBeLessThanOrEqual(MAX_SEED);
        try {
          prepareRun(r.plan);
        } catch (e) {
          expect(e).toBeInstanceOf(UnknownNameError);
          expectOneLine((e as Error).message);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a run any --param the engine takes can make plays to its end without throwing', () => {
    // The engine's own refusals stop a bad value before it runs (prepareRun above); one it takes
    // must run. Small values: the largest take up to a second each, too long for a thousand.
    const oneRun = fc.constantFrom(...scenarios).chain((s) =>
      fc.record({
        scenario: fc.constant(s.name),
        variant: fc.constantFrom(...s.variants),
        lock: fc.constantFrom(...s.locks),
        params: fc.dictionary(
          fc.constantFrom(...Object.keys(s.defaults)),
          fc.oneof(fc.nat(3_000), fc.constantFrom(0, 0.5, 1, 33.3)),
          { maxKeys: 2 },
        ),
        seed: fc.nat(MAX_SEED),
      }),
    );
    fc.assert(
      fc.property(oneRun, ({ seed, ...options }) => {
        let prepared;
        try {
          prepared = prepareRun(options);
        } catch (e) {
          expect(e).toBeInstanceOf(UnknownNameError);
          return;
        }
        prepared.run(seed);
      }),
      { numRuns: RUNS },
    );
  });
});

/** The plan to run that argv makes; the examples below are all of that kind. */
function runPlan(argv: string[]): Extract<SimPlan, { kind: 'run' }> {
  const r = read(argv);
  if (!('plan' in r) || r.plan.kind !== 'run')
    throw new Error(`expected a plan to run: ${argv.join(' ')}`);
  return r.plan;
}

describe('npm run sim’s arguments: the cases the properties found', () => {
  it.each([
    [['--scenario', 'paused-client', '--variant', 'fencing-on', '--param', 'ttlMs=0']],
    [['--scenario', 'paused-client', '--variant', 'fencing-on', '--param', 'ttlMs=0.5']],
  ])('refuses a TTL the locks refuse before the run, in one line: %j', (argv) => {
    // The Redis model threw "ERR the TTL must be a whole number…" mid-run, an Error the CLI
    // rethrew: a stack trace.
    const plan = runPlan(argv);
    expect(() => prepareRun(plan)).toThrow(UnknownNameError);
    expect(() => prepareRun(plan)).toThrow(
      /^parameter ttlMs must be a whole number of ms, 1 or more, as the locks take it; got 0(\.5)?$/,
    );
  });

  it('refuses a parameter past ten minutes, which ran for minutes or for ever', () => {
    // holder-crash with a TTL of 1e9 ms ran for minutes; with 1e20 the virtual clock no longer
    // moved when a millisecond was added, and the run never ended.
    const plan = runPlan([
      '--scenario',
      'holder-crash',
      '--variant',
      'default',
      '--param',
      'ttlMs=1000000000',
    ]);
    expect(() => prepareRun(plan)).toThrow(
      'parameter ttlMs must be a number of ms from 0 to 600000; got 1000000000',
    );
  });

  it('quotes a value with a line break on one line', () => {
    expect(read(['--seed', 'two\nlines'])).toEqual({
      reason: '--seed must be a whole number from 0 to 4294967295, got "two\\nlines"',
    });
    expect(read(['two\nlines'])).toEqual({ reason: 'unknown flag "two\\nlines"' });
    expect(() => prepareRun({ scenario: `nope\n${'x'.repeat(1000)}`, variant: 'x' })).toThrow(
      /^unknown scenario "nope\\nx+…; valid scenarios: /,
    );
  });
});
