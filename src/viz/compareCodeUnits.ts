// Orders strings by their UTF-16 code units, as Array.prototype.sort does by default.
//
// The charts sort their marks and holds with this rather than localeCompare: the first
// localeCompare on a page builds the browser's collator for the reader's locale, which on the
// first load was most of the first panel's render (about 70 ms on a CPU four times slower than a
// desktop's). The ids and names sorted here are ASCII (`e12`, `h3`, `redis-2`), so the order is
// the same, and no longer depends on the reader's locale.

/** Negative if a sorts before b, positive if after, 0 if they are the same string. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
