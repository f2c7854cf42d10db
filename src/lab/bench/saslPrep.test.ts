import { describe, expect, it } from 'vitest';
import { saslPrep } from './saslPrep';

describe('SASLprep', () => {
  it.each([
    // RFC 4013 section 3's examples, the prohibited one as Postgres treats it (the password as given).
    ['I\u00ADX', 'IX', 'a soft hyphen is mapped to nothing'],
    ['user', 'user', 'plain ASCII is unchanged'],
    ['USER', 'USER', 'case is kept'],
    ['\u00AA', 'a', 'NFKC: the feminine ordinal is an a'],
    ['\u2168', 'IX', 'NFKC: the Roman numeral nine is I and X'],
    [
      '\u0007',
      '\u0007',
      'a control character is prohibited, so Postgres uses the password as given',
    ],
    // Spaces and width.
    ['correct\u00A0horse', 'correct horse', 'a no-break space is a space'],
    ['\u3000pass\u200B', ' pass ', 'the ideographic and zero-width spaces are spaces'],
    ['ＰＡＳＳ', 'PASS', 'full-width letters are letters'],
    ['pa\u200Dss\uFE0F', 'pass', 'joiners and variation selectors are mapped to nothing'],
    ['caf\u0065\u0301', 'caf\u00E9', 'NFKC composes e and the acute accent'],
    ['secret\uE000', 'secret\uE000', 'private use is prohibited: the password as given'],
    ['ok\uFFFE', 'ok\uFFFE', 'a non-character is prohibited'],
    ['ok\u{10FFFF}', 'ok\u{10FFFF}', 'so is the last one of plane 16'],
  ])('%j → %j: %s', (input, expected) => {
    expect(saslPrep(input)).toBe(expected);
  });
});
