// Properties of the trace validator over input from outside: every recording is validated as the
// page loads it, and `npm run sim -- --check --trace FILE` validates any file a person names. So
// whatever JSON arrives, the validator answers, never throws, and says what is wrong in a message
// short enough to read, naming the field.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkers } from '../checkers/checks';
import { scenarios } from '../scenarios/index';
import { simulate } from '../simulate';
import { TRACE_FORMAT, TRACE_VERSION } from './schema';
import { shownValue } from './shown';
import { validateTrace } from './validate';
import {
  deeplyNested,
  edgeNumber,
  longText,
  numberishText,
  oddJson,
  pathsIn,
  setOwn,
  trickyKey,
  type Path,
} from '../../testing/oddJson';

const RUNS = 1_000;
/** The longest message the validator may give: a sentence, and two quotes of 200 characters. */
const MESSAGE_MAX_CHARS = 600;

const recordings = Object.entries(
  import.meta.glob<unknown>(['/recordings/*.json', '!/recordings/numbers.json'], {
    eager: true,
    import: 'default',
  }),
);
/** Every recording from real servers, and the engine's run of every scenario, variant and lock. */
const validTraces: { name: string; trace: unknown }[] = [
  ...recordings.map(([file, trace]) => ({ name: file, trace })),
  ...scenarios.flatMap((s) =>
    s.variants.flatMap((variant) =>
      s.locks.map((lock) => ({
        name: `sim ${s.name} ${variant} ${lock}`,
        trace: JSON.parse(JSON.stringify(simulate({ scenario: s.name, variant, lock }))) as unknown,
      })),
    ),
  ),
];

const pathsOf = new Map(validTraces.map(({ trace }) => [trace, pathsIn(trace)]));

/** A path as the validator's messages write it: `events[3].value.token`. */
function written(path: Path): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

type Mutation =
  | { kind: 'set'; value: unknown }
  | { kind: 'delete' }
  | { kind: 'add'; key: string; value: unknown };

/** What one field can be changed to: a wrong type, a number-like text, an edge number, … */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddJson,
  numberishText,
  edgeNumber,
  fc.constantFrom('explode', 'Acquire', 'ok ', 'timeout', 'invoke\n'),
  fc.constant(-1),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: oddValue.map((value) => ({ kind: 'set' as const, value })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'delete' as const }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(trickyKey, oddValue)
      .map(([key, value]) => ({ kind: 'add' as const, key, value })),
  },
);

/** A copy of `trace` with one change at `path`; `add` puts a new field into the object there. */
function mutated(trace: unknown, path: Path, m: Mutation): unknown {
  const copy = structuredClone(trace);
  const parent = path.slice(0, -1).reduce<unknown>((o, k) => (o as never)[k], copy) as Record<
    string | number,
    unknown
  >;
  const key = path[path.length - 1]!;
  if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else if (m.kind === 'set') {
    setOwn(parent, String(key), m.value);
  } else {
    const target = parent[key];
    if (typeof target === 'object' && target !== null && !Array.isArray(target))
      setOwn(target, m.key, m.value);
    else setOwn(parent, String(key), m.value);
  }
  return copy;
}

/**
 * Whether the errors name the changed field. A message may name the field itself or the object
 * around it (`events[3]: a write must carry its body`); a change to an event may instead show as
 * the outcome its events no longer give (`outcome.verdict is …, but the events give …`), or, for
 * a time, as the next event's time going back; a removed item shifts the ones after it.
 */
function namesTheField(errors: string[], path: Path): boolean {
  const text = errors.join('\n');
  const near = written(path.slice(0, Math.max(1, Math.min(path.length, 2))));
  if (text.includes(near)) return true;
  if (path[0] === 'params' && typeof path[1] === 'string' && text.includes(`params[`)) return true;
  if (path[0] === 'outcome' && path[1] === 'tokens' && text.includes('outcome.tokens')) return true;
  if (path[0] === 'events') {
    if (errors.some((e) => e.startsWith('outcome.'))) return true;
    if (/events\[\d+\]/.test(text)) return true;
  }
  return false;
}

/** What the page and the CLI do with a trace once it is valid must not throw either. */
function useAccepted(trace: Parameters<typeof checkers.mutualExclusion>[0]): void {
  for (const check of Object.values(checkers)) check(trace);
}

function expectReadable(errors: string[]): void {
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expect(typeof e).toBe('string');
    expect(e.length).toBeGreaterThan(0);
    expect(e.length).toBeLessThanOrEqual(MESSAGE_MAX_CHARS);
  }
}

/** Mostly the valid value, sometimes anything: each field alone is wrong now and then. */
const mostly = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: oddJson });

const oddEvent = fc.record({
  t: mostly(fc.nat(1000)),
  actor: mostly(fc.constantFrom('client-1', 'client-2', 'nemesis', '__proto__', 'constructor')),
  f: mostly(fc.constantFrom('acquire', 'write', 'release', 'crash', 'terminate', 'pause')),
  type: mostly(fc.constantFrom('invoke', 'ok', 'fail', 'info')),
  value: mostly(
    fc.record(
      {
        token: mostly(fc.oneof(fc.nat(50), fc.constant(null))),
        body: mostly(fc.constantFrom('v1', 'v2')),
        target: mostly(fc.constantFrom('client-1', 'client-2')),
        seq: mostly(fc.nat(10)),
        pending: mostly(fc.boolean()),
      },
      { requiredKeys: [] },
    ),
  ),
});

/**
 * A trace's shape with any field now and then any JSON: reaches the checks of each event and the
 * cross-check of the outcome against the events, which a wholly random value never does. The
 * events come in time order, as the validator wants, most of the time.
 */
const traceLike = fc.record({
  format: mostly(fc.constant(TRACE_FORMAT)),
  version: mostly(fc.constant(TRACE_VERSION)),
  scenario: mostly(fc.constant('paused-client')),
  variant: mostly(fc.constant('fencing-on')),
  backend: mostly(fc.constant('sim')),
  params: mostly(fc.dictionary(trickyKey, mostly(fc.nat()), { maxKeys: 3 })),
  events: mostly(
    fc
      .array(oddEvent, { maxLength: 10 })
      .map((events) =>
        [...events].sort((a, b) =>
          typeof a.t === 'number' && typeof b.t === 'number' ? a.t - b.t : 0,
        ),
      ),
  ),
  outcome: mostly(
    fc.record({
      tokens: mostly(fc.dictionary(trickyKey, fc.array(fc.nat(50)), { maxKeys: 3 })),
      accepted: mostly(fc.constant([])),
      rejected: mostly(fc.constant([])),
      document: mostly(fc.constant({ body: 'v1', fence: null })),
      holdersOverlap: mostly(fc.boolean()),
      verdict: mostly(fc.constantFrom('safe', 'stale-write-rejected')),
    }),
  ),
});

describe('validateTrace on input from outside (properties)', () => {
  it('answers any JSON value, and any trace-shaped one, without throwing', () => {
    fc.assert(
      fc.property(fc.oneof(oddJson, { weight: 3, arbitrary: traceLike }), (x) => {
        const result = validateTrace(x);
        if (result.ok) useAccepted(result.trace);
        else expectReadable(result.errors);
      }),
      { numRuns: RUNS },
    );
  });

  it('takes every valid trace as it is', () => {
    for (const { name, trace } of validTraces)
      expect(validateTrace(trace), name).toMatchObject({ ok: true });
  });

  it('accepts a valid trace with one field changed, or names that field in words', () => {
    fc.assert(
      fc.property(fc.constantFrom(...validTraces), fc.nat(), mutation, ({ trace }, pick, m) => {
        const paths = pathsOf.get(trace)!;
        const path = paths[pick % paths.length]!;
        const result = validateTrace(mutated(trace, path, m));
        if (result.ok) {
          useAccepted(result.trace);
          return;
        }
        expectReadable(result.errors);
        expect(
          namesTheField(result.errors, path),
          `${written(path)} ${shownValue(m)}: ${result.errors.join(' | ')}`,
        ).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('validateTrace: the cases the properties found', () => {
  const good = () => structuredClone(validTraces[0]!.trace) as Record<string, unknown>;

  it('names a format of lists nested 5,000 deep instead of running out of stack', () => {
    // JSON.parse reads this; quoting it with JSON.stringify threw RangeError.
    const t = good();
    t.format = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    const result = validateTrace(t);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatch(/^format is \[\[\[\[.*…, expected/);
  });

  it('quotes a long unknown operation in a few words, not all of it', () => {
    const t = good();
    (t.events as Record<string, unknown>[])[0]!.f = 'x'.repeat(100_000);
    const result = validateTrace(t);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[0]).toMatch(/^events\[0\]\.f is "x+…, not a known operation$/);
      expect(result.errors[0]!.length).toBeLessThan(150);
    }
  });

  it('names a parameter whose key is not a plain name in quotes, on one line', () => {
    const t = good();
    (t.params as Record<string, unknown>)['two\nlines'] = {};
    const result = validateTrace(t);
    expect(result).toEqual({
      ok: false,
      errors: ['params["two\\nlines"] must be a number, string or boolean'],
    });
  });

  it('says so when an outcome lists many more writes than its events give, briefly', () => {
    const t = good();
    const outcome = t.outcome as Record<string, unknown>;
    outcome.accepted = Array.from({ length: 10_000 }, (_, i) => ({
      actor: 'client-1',
      token: 1,
      body: 'v',
      t: i,
    }));
    const result = validateTrace(t);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[0]).toMatch(/^outcome\.accepted is \[\["client-1",1,"v",0\].*…, but/);
      expect(result.errors[0]!.length).toBeLessThanOrEqual(MESSAGE_MAX_CHARS);
    }
  });

  it('reads deep values in the fields it only passes through', () => {
    fc.assert(
      fc.property(deeplyNested, longText, (deep, long) => {
        const t = good();
        t.environment = { deep, long };
        expect(validateTrace(t)).toMatchObject({ ok: true });
      }),
      { numRuns: 20 },
    );
  });
});
