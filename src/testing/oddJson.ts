// Values a file read from outside can hold that a well-behaved writer never puts there, for the
// property tests of the readers that take such files (the trace and numbers validators). Only
// tests import this.
import fc from 'fast-check';

/** Where a value can be changed: the keys and indexes from its root to one field or item. */
export type Path = (string | number)[];

/** Every place in a value a mutation can touch: each field and each item, at every depth. */
export function pathsIn(value: unknown, at: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [];
  const keys: (string | number)[] = Array.isArray(value)
    ? value.map((_, i) => i)
    : Object.keys(value);
  return keys.flatMap((k) => {
    const here = [...at, k];
    return [here, ...pathsIn((value as Record<string | number, unknown>)[k], here)];
  });
}

/** Sets an own property as JSON.parse does: `__proto__` becomes a key, not the prototype. */
export function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Lists inside lists, as deep as JSON.parse reads without trouble (it takes a million levels). */
export const deeplyNested = fc
  .integer({ min: 1, max: 8_000 })
  .map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown);

/** A text long enough that quoting all of it would swamp a message. */
export const longText = fc
  .tuple(fc.integer({ min: 200, max: 20_000 }), fc.constantFrom('x', '😀', '\n', '"'))
  .map(([n, unit]) => unit.repeat(n));

/** Texts that look like numbers or names to a careless reader. */
export const numberishText = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1',
  '0x10',
  '1_000',
  ' 7',
  '',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  'toString',
);

/** Numbers at the edges: huge, negative, fractional, and past the safe integers. */
export const edgeNumber = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    -1,
    -0.5,
    -0,
    0,
    Number.MIN_VALUE,
    2 ** 53,
    1e21,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Keys that name something on every object in JavaScript. */
export const trickyKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'length'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);

/** An object with a tricky key, as JSON.parse makes it. */
const trickyObject = fc.tuple(trickyKey, fc.jsonValue({ maxDepth: 2 })).map(([key, value]) => {
  const o = {};
  setOwn(o, key, value);
  return o;
});

/** Anything JSON.parse can give, leaning on what breaks readers. */
export const oddJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  numberishText,
  edgeNumber,
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  longText,
  deeplyNested,
  trickyObject,
  fc.constantFrom(null, true, false, [], {}),
);

/** Whether a text is well-formed UTF-16: no half of an emoji left on its own. */
export function wellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}
