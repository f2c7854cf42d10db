// Properties of the numbers file's reader over input from outside: the page reads
// recordings/numbers.json as its module loads, so a reader that threw would take the page down
// with it. Whatever the text, loadNumbers answers, and each problem names its field briefly.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import committedText from '../../recordings/numbers.json?raw';
import { loadNumbers, validateNumbers } from './numbersFile';
import { longText, oddJson, pathsIn, setOwn, trickyKey, type Path } from '../testing/oddJson';

const RUNS = 1_000;
/** A problem is a field's path, what it should hold and a short quote of what it holds. */
const PROBLEM_MAX_CHARS = 300;
const FILE = 'recordings/numbers.json';
const committed = JSON.parse(committedText) as unknown;

const paths = pathsIn(committed);

function mutated(path: Path, change: { del: true } | { value: unknown }): unknown {
  const copy = structuredClone(committed);
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], copy) as Record<
    string | number,
    unknown
  >;
  const key = path[path.length - 1]!;
  if ('del' in change) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else setOwn(parent, String(key), change.value);
  return copy;
}

function expectNamedProblems(problems: string[]): void {
  expect(problems.length).toBeGreaterThan(0);
  for (const p of problems) {
    expect(p.length).toBeGreaterThan(0);
    expect(p.length).toBeLessThanOrEqual(PROBLEM_MAX_CHARS);
  }
}

/** Text that is nearly the file: cut short, a character changed, or another JSON text. */
const oddText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc
    .tuple(fc.nat(committedText.length), fc.nat(committedText.length))
    .map(([a, b]) =>
      committedText.slice(0, Math.min(a, b)).concat(committedText.slice(Math.max(a, b))),
    ),
  fc
    .tuple(fc.nat(committedText.length - 1), fc.string({ minLength: 1, maxLength: 3 }))
    .map(([at, s]) => committedText.slice(0, at) + s + committedText.slice(at + 1)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  // Lists nested deeper than JSON.stringify can go, alone or in a field.
  fc
    .tuple(fc.integer({ min: 1, max: 8_000 }), fc.constantFrom('format', 'cases', 'version', ''))
    .map(([depth, key]) => {
      const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      return key ? `{"format":"fencing-lab/numbers","version":1,"${key}":${deep}}` : deep;
    }),
  longText,
);

describe('loadNumbers on input from outside (properties)', () => {
  it('reads the committed file', () => {
    expect(loadNumbers(committedText, FILE).status).toBe('ok');
  });

  it('answers any text without throwing, naming what is wrong', () => {
    fc.assert(
      fc.property(oddText, (text) => {
        const load = loadNumbers(text, FILE);
        if (load.status === 'invalid') expectNamedProblems(load.problems);
        else expect(load.status).toBe('ok');
      }),
      { numRuns: RUNS },
    );
  });

  it('accepts the committed file with one field changed, or names that field', () => {
    const change = fc.oneof(
      fc.constant({ del: true as const }),
      oddJson.map((value) => ({ value })),
    );
    fc.assert(
      fc.property(fc.nat(), change, (pick, c) => {
        const path = paths[pick % paths.length]!;
        const result = validateNumbers(mutated(path, c));
        if (result.ok) return;
        expectNamedProblems(result.problems);
        // The problem names the field, or the object or list it sits in: `cases[2]`,
        // `environment.settings`. A removed case shifts the others, so any case counts then.
        const top = String(path[0]);
        const near =
          top === 'cases' && path.length > 1 ? `cases[${String(path[1])}]` : top.slice(0, 40);
        const text = result.problems.join('\n');
        const named = text.includes(near) || (top === 'cases' && /cases\[\d+\]/.test(text));
        expect(named, `${JSON.stringify(path)}: ${text}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('accepts the committed file with an extra field anywhere, or names where', () => {
    fc.assert(
      fc.property(fc.nat(), trickyKey, oddJson, (pick, key, value) => {
        const objects = paths.filter((p) => {
          const v = p.reduce<unknown>(
            (o, k) => (o as Record<string | number, unknown>)[k],
            committed,
          );
          return typeof v === 'object' && v !== null && !Array.isArray(v);
        });
        const path = objects[pick % objects.length]!;
        const copy = structuredClone(committed);
        const target = path.reduce<unknown>(
          (o, k) => (o as Record<string | number, unknown>)[k],
          copy,
        ) as object;
        setOwn(target, key, value);
        const result = validateNumbers(copy);
        if (!result.ok) expectNamedProblems(result.problems);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('loadNumbers: the cases the properties found', () => {
  it('names a format of lists nested 5,000 deep instead of running out of stack', () => {
    // JSON.parse reads this; the problem's quote, by JSON.stringify, threw RangeError while the
    // page's module loaded.
    const text = `{"format":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const load = loadNumbers(text, FILE);
    expect(load.status).toBe('invalid');
    if (load.status === 'invalid')
      expect(load.problems[0]).toMatch(
        /^format: expected "fencing-lab\/numbers", found \[\[\[.*…$/,
      );
  });

  it('quotes a long value in a few words', () => {
    const file = structuredClone(committed) as { environment: { cpus: unknown } };
    file.environment.cpus = '9'.repeat(100_000);
    const result = validateNumbers(file);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toHaveLength(1);
      expect(result.problems[0]).toMatch(/^environment\.cpus: expected a number ≥ 1, found "9+…$/);
      expect(result.problems[0]!.length).toBeLessThan(150);
    }
  });

  it('names a setting whose key is not a plain name in quotes, on one line', () => {
    const file = structuredClone(committed) as { environment: { settings: object } };
    setOwn(file.environment.settings, 'two\nlines', {});
    const result = validateNumbers(file);
    expect(result).toEqual({
      ok: false,
      problems: [
        'environment.settings["two\\nlines"]: expected a string, number or boolean, found {}',
      ],
    });
  });
});
