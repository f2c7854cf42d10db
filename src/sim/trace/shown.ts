// How a message quotes a value it was given: a file or a link can hold anything, so a quote is
// short, and making it never walks more of the value than it shows. JSON.stringify walks all of
// it, and throws (the stack runs out) on lists nested a few thousand deep, which JSON.parse reads
// without trouble: a file of `[[[[…]]]]` made the validators themselves fail.

/** The longest quote of a value in a message, in characters. */
export const SHOWN_MAX_CHARS = 80;

/**
 * The first `max` characters of a text, never cutting a character outside the Basic Multilingual
 * Plane (an emoji, say) in half, which would show as a broken one: UTF-16 keeps those as two
 * code units, and String.slice counts code units.
 */
export function firstChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

/** A text cut to `max` characters, with `…` where it was cut. */
export function clipped(text: string, max: number): string {
  return text.length > max ? `${firstChars(text, max)}…` : text;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * A value as JSON for a message: the same text as JSON.stringify when that is short, cut with
 * `…` after `max` characters otherwise. Anything JSON cannot hold (undefined, a function) is
 * shown as String shows it.
 */
export function shownValue(value: unknown, max = SHOWN_MAX_CHARS): string {
  const out: string[] = [];
  let length = 0;
  // Appends a piece; false once the quote is full, so that nothing more of the value is walked.
  const put = (piece: string): boolean => {
    out.push(piece);
    length += piece.length;
    return length <= max;
  };
  const walk = (v: unknown): boolean => {
    if (typeof v === 'string') return put(JSON.stringify(firstChars(v, max + 1)));
    if (typeof v === 'number') return put(Number.isFinite(v) ? String(v) : 'null');
    if (typeof v === 'boolean' || v === null) return put(String(v));
    if (Array.isArray(v)) {
      if (!put('[')) return false;
      for (let i = 0; i < v.length; i++) {
        if (i > 0 && !put(',')) return false;
        const item: unknown = v[i];
        const jsonable =
          item !== undefined && typeof item !== 'function' && typeof item !== 'symbol';
        if (!(jsonable ? walk(item) : put('null'))) return false;
      }
      return put(']');
    }
    if (typeof v === 'object') {
      if (!put('{')) return false;
      let first = true;
      for (const key of Object.keys(v)) {
        const item: unknown = (v as Record<string, unknown>)[key];
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        if (!first && !put(',')) return false;
        first = false;
        if (!put(`${JSON.stringify(firstChars(key, max + 1))}:`) || !walk(item)) return false;
      }
      return put('}');
    }
    return put(String(v));
  };
  walk(value);
  return clipped(out.join(''), max);
}

/**
 * A field's path for a message: `params.ttlMs`, or `params["a key"]` for a key that is not a
 * plain name (a file can use any text as a key: a line break, or ten thousand characters).
 */
export function fieldPath(path: string, key: string): string {
  return /^[A-Za-z0-9_-]{1,40}$/.test(key) ? `${path}.${key}` : `${path}[${shownValue(key, 40)}]`;
}
