// SASLprep (RFC 4013), as Postgres applies it to a SCRAM password (src/common/saslprep.c): the
// server stores its verifier from the prepared password, so a client that skips the step is
// refused for any password that preparation changes ("ＰＡＳＳ" is stored as "PASS").

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

/**
 * The password as Postgres prepares it: spaces mapped, invisible characters dropped, NFKC. Where
 * the result holds a prohibited character, Postgres uses the password as given, and so does this.
 * Left out, as in the `pg` driver: the bidirectional check and unassigned code points (Unicode 3.2
 * tables), which matter only to passwords mixing right-to-left and left-to-right text, or using
 * characters newer than 2002.
 */
export function saslPrep(password: string): string {
  const prepared = password
    .replace(NON_ASCII_SPACE, ' ')
    .replace(MAPPED_TO_NOTHING, '')
    .normalize('NFKC');
  for (const ch of prepared) if (prohibited(ch.codePointAt(0)!)) return password;
  return prepared;
}
