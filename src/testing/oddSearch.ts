// Query strings and hashes a link can carry, for the property tests of the page's URL readers:
// the page's own keys with good and bad values, repeated keys, percent-encoding (broken too),
// unicode, very long values, and keys every object has. Only tests import this.
import fc from 'fast-check';

/** Every key a section of the page reads from the URL, and some that name things on objects. */
export const PAGE_KEYS = [
  'scenario',
  'variant',
  'lock',
  'step',
  'try-ttl',
  'try-pause',
  'try-fencing',
  'try-lock',
  'redlock',
  'redlock-step',
  'try-jump',
  'try-gc-pause',
] as const;

const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PAGE_KEYS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', ''),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);

/** Text with its characters percent-encoded, now and then broken (`%E2%8`, a lone `%`). */
const percentEncoded = fc
  .tuple(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.nat(3))
  .map(([s, cut]) => {
    const encoded = encodeURIComponent(s);
    return cut === 0 ? `${encoded}%` : cut === 1 ? encoded.slice(0, -1) : encoded;
  });

/** A value: a number, a name, near misses of both, and worse. */
const value = fc.oneof(
  { weight: 4, arbitrary: fc.nat(3000).map(String) },
  fc.constantFrom(
    'on',
    'off',
    'redis',
    'pg-lease',
    'clock-jump',
    'gc-pause',
    'paused-client',
    'fencing-on',
    'fencing-off',
    'redlock-clock-jump',
    '',
    '-1',
    '1e3',
    '0x10',
    '３００',
    '300.5',
    ' 300',
    '+300',
    'NaN',
    'Infinity',
    '99999999999999999999',
    '__proto__',
    'constructor',
  ),
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  fc.string({ unit: 'binary', maxLength: 30 }),
  percentEncoded,
  // Very long, now and then: one in a few links has one.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 100, max: 5_000 }), fc.constantFrom('9', 'a', '😀', '%20', '+'))
      .map(([n, unit]) => unit.repeat(n)),
  },
);

/** A query string as a browser hands it over: `?a=1&b=2`, or without the `?`, or odd. */
export const oddSearch: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.boolean(),
        fc.array(fc.tuple(key, value, fc.constantFrom('=', '=', '', '==')), { maxLength: 8 }),
      )
      .map(
        ([mark, pairs]) =>
          (mark ? '?' : '') +
          pairs.map(([k, v, eq]) => `${encodeURIComponent(k)}${eq}${v}`).join('&'),
      ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '?', '??', '?&&', '?=', '?&=&', '?%', '?%%%') },
);

/** A hash: a section's id, a near miss, percent-encoded (or broken), long, or empty. */
export const oddHash: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', '#', '#see-it', '#redlock', '#nope', '#%', '#%E2%8', '#caf%C3%A9', '##'),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => `#${s}`),
  percentEncoded.map((s) => `#${s}`),
  fc.integer({ min: 100, max: 5_000 }).map((n) => `#${'😀'.repeat(n)}`),
);
