// Whether a link needs reading at all. Apart from the rest of linkProblems.ts, since the page's
// first load asks it for every link, and a clean link (the usual case) should bring no more code.

/** The id a hash names, as the browser matches it: percent-decoded where that is possible. */
export function hashIds(hash: string): string[] {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return [];
  try {
    const decoded = decodeURIComponent(raw);
    return decoded === raw ? [raw] : [decoded, raw];
  } catch {
    return [raw];
  }
}

/**
 * A link that needs no reading: no query, and a hash that is empty or names a section. This is
 * the common case, and it costs nothing: no section's code is asked, nothing is drawn.
 */
export function isCleanLink(search: string, hash: string, sectionIds: readonly string[]): boolean {
  if (search !== '' && search !== '?') return false;
  const ids = hashIds(hash);
  return ids.length === 0 || ids.some((id) => sectionIds.includes(id));
}

/** Whether a hash names an element of the page (or nothing at all: an empty hash). */
export function hashFound(hash: string, exists: (id: string) => boolean): boolean {
  const ids = hashIds(hash);
  return ids.length === 0 || ids.some(exists);
}
