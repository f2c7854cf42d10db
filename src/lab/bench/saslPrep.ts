// SASLprep (RFC 4013), as Postgres applies it to a SCRAM password (src/common/saslprep.c): the
// server stores its verifier from the prepared password, so a client that skips the step is
// refused for any password that preparation changes ("ＰＡＳＳ" is stored as "PASS").

import { L_CAT, RAND_AL_CAT, UNASSIGNED_IN_UNICODE_3_2 } from './stringprepTables';

/** RFC 3454 C.1.2: spaces other than U+0020, mapped to U+0020. */
const NON_ASCII_SPACE = /[\u00A0\u1680\u2000-\u200B\u202F\u205F\u3000]/g;

/**
 * RFC 3454 B.1: "commonly mapped to nothing" (soft hyphen, joiners, variation selectors). U+200B
 * is in C.1.2 too, and Postgres maps it to a space first, as the order of the two steps here does.
 */
// eslint-disable-next-line no-misleading-character-class -- the joiners are the point here
const MAPPED_TO_NOTHING = /[\u00AD\u034F\u1806\u180B-\u180D\u200C\u200D\u2060\uFE00-\uFE0F\uFEFF]/g;

/**
 * RFC 4013 2.3's prohibited output, as ranges of code points: controls (C.2), private use (C.3),
 * non-characters (C.4), surrogates (C.5), characters unfit for plain text (C.6), ideographic
 * description (C.7), direction and deprecated format characters (C.8), tags (C.9).
 */
const PROHIBITED: readonly (readonly [number, number])[] = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x0340, 0x0341],
  [0x06dd, 0x06dd],
  [0x070f, 0x070f],
  [0x180e, 0x180e],
  [0x200e, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x2063],
  [0x206a, 0x206f],
  [0x2ff0, 0x2ffb],
  [0xd800, 0xdfff],
  [0xe000, 0xf8ff],
  [0xfdd0, 0xfdef],
  [0xfff9, 0xffff],
  [0x1d173, 0x1d17a],
  [0xe0001, 0xe0001],
  [0xe0020, 0xe007f],
  [0xf0000, 0x10ffff],
];

function prohibited(code: number): boolean {
  // The last two code points of every plane are non-characters.
  if ((code & 0xfffe) === 0xfffe) return true;
  return PROHIBITED.some(([from, to]) => code >= from && code <= to);
}

/** Whether a code point is in a table of flat inclusive ranges (stringprepTables.ts), by halving. */
function inTable(code: number, table: readonly number[]): boolean {
  let lo = 0;
  let hi = table.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (code < table[2 * mid]!) hi = mid - 1;
    else if (code > table[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * RFC 3454 section 6: a string with any right-to-left character must hold no left-to-right one,
 * and must begin and end with a right-to-left one; otherwise it is prohibited.
 */
function bidiAllowed(codes: readonly number[]): boolean {
  if (!codes.some((code) => inTable(code, RAND_AL_CAT))) return true;
  if (codes.some((code) => inTable(code, L_CAT))) return false;
  return inTable(codes[0]!, RAND_AL_CAT) && inTable(codes[codes.length - 1]!, RAND_AL_CAT);
}

/**
 * The password as Postgres prepares it: spaces mapped, invisible characters dropped, NFKC. Where
 * preparation finds the password prohibited, Postgres uses the password as given, and so does
 * this. As Postgres does (src/common/saslprep.c), it checks the mapped characters, before NFKC,
 * for prohibited output, code points unassigned in Unicode 3.2 and the bidirectional rule, and
 * it calls a password that maps to nothing prohibited.
 */
export function saslPrep(password: string): string {
  // Pure ASCII needs no preparation, and Postgres leaves it as it is.
  if (/^\p{ASCII}*$/u.test(password)) return password;
  const mapped = password.replace(NON_ASCII_SPACE, ' ').replace(MAPPED_TO_NOTHING, '');
  const codes = Array.from(mapped, (ch) => ch.codePointAt(0)!);
  if (codes.length === 0) return password;
  for (const code of codes) {
    if (prohibited(code) || inTable(code, UNASSIGNED_IN_UNICODE_3_2)) return password;
  }
  if (!bidiAllowed(codes)) return password;
  return mapped.normalize('NFKC');
}
