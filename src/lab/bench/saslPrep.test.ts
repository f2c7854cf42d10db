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
    ['\u00AD', '\u00AD', 'a password that maps to nothing is prohibited'],
    // The bidirectional rule (RFC 3454 section 6), RFC 4013's own example first.
    ['\u06271', '\u06271', 'a right-to-left string must end with a right-to-left character'],
    ['\u05D0\u00A0\u0661', '\u05D0\u00A0\u0661', 'an Arabic-Indic digit is not one'],
    [
      'ＰＡＳＳ\u00A0\u05D0',
      'ＰＡＳＳ\u00A0\u05D0',
      'left-to-right letters beside right-to-left ones',
    ],
    ['\u05D0\u00A0\u05D1', '\u05D0 \u05D1', 'right-to-left at both ends, nothing left-to-right'],
    ['\uFB2A\u05D1', '\u05E9\u05C1\u05D1', 'a Hebrew presentation form is right to left'],
    // Code points unassigned in Unicode 3.2, checked before NFKC as Postgres checks them.
    ['\u{1F100}\u00A0pass', '\u{1F100}\u00A0pass', 'U+1F100 came in Unicode 5.2'],
    ['\u0221x\u00A0', '\u0221x\u00A0', 'U+0221 was unassigned in Unicode 3.2'],
  ])('%j → %j: %s', (input, expected) => {
    expect(saslPrep(input)).toBe(expected);
  });
});
