// What was wrong with the link the page was opened with, gathered for the notice under the title
// (src/app/LinkNotice.tsx). Each section that reads the URL says what is wrong with its own values
// in its own sentences (a LinkReader, built on the parser its panel uses); this module adds only
// what no single section can tell: a hash that names no part of the page, and a parameter given
// more than once. Pure: the page's URL and document come in as arguments.
import { clipped } from '../sim/trace/shown';
import { hashIds } from './linkHash';

export { isCleanLink } from './linkHash';

/**
 * A section's reading of the URL: the same sentences its panel shows beside its controls. The
 * notice under the title is the one that announces them at load; the panel shows them without
 * announcing them again, and announces only what it says later (Back or Forward to another link).
 */
export interface LinkReader {
  /** The query parameters the section reads. */
  keys: readonly string[];
  /** What is wrong with the link's values for this section, and what it shows instead; [] if nothing. */
  problems(search: string): string[];
  /**
   * True when the panel says these same sentences at its very top, where a reader who lands on
   * the section sees them (the replay's notice): the copy of the link's notice there leaves them out.
   */
  saidAtTop?: true;
  /**
   * For a section whose panel says them at its top (saidAtTop): takes that notice of the panel's
   * away while it still says what the link `search` got wrong. Called when the copy of the link's
   * notice at the section's top has other lines too and says these with them, in one box with
   * one Dismiss, rather than stack a second box above the panel's.
   */
  dismissAtTop?(search: string): void;
}

export interface LinkProblem {
  /** Stable per source: a newer problem from the same source replaces the older one. */
  key: string;
  /** Sentences for the reader, in the page's voice. */
  text: string;
  /** The section it concerns, for a link to it; null for the page as a whole. */
  section: string | null;
  /** True for a hash that names nothing: the notice points to the contents. */
  unknownHash?: true;
  /**
   * For a section whose panel says its own sentences at its top (LinkReader.saidAtTop): the part
   * of `text` it does not say there (its repeated parameters), '' when there is none.
   */
  notSaidAtTop?: string;
}

/** Longest piece of a link the notice quotes: a link can hold anything. */
const QUOTED_MAX = 40;

export function quoted(raw: string, max = QUOTED_MAX): string {
  // Cut where a character ends: slicing UTF-16 could leave half an emoji, shown as �.
  return clipped(raw, max);
}

/**
 * A hash that names no element of the page: the browser then stays where it is (at the top, for
 * a link just opened) and says nothing. `when` is whether the page was opened with it or the
 * reader changed the hash later.
 */
export function unknownHashProblem(
  hash: string,
  exists: (id: string) => boolean,
  when: 'load' | 'later',
): LinkProblem | null {
  const ids = hashIds(hash);
  if (ids.length === 0 || ids.some(exists)) return null;
  const name = `#${quoted(ids[0]!)}`;
  const text =
    when === 'load'
      ? `The link’s ${name} names no part of this page, so the page opened at its top. Every section is in the contents.`
      : `${name} names no part of this page, so the page stayed where it was. Every section is in the contents.`;
  return { key: 'hash', text, section: null, unknownHash: true };
}

function times(n: number): string {
  return n === 2 ? 'twice' : n === 3 ? 'three times' : `${n} times`;
}

/**
 * Parameters a section reads that the link gives more than once with different values. Every
 * reader takes the first (URLSearchParams.get), so the sentence says which value that was.
 */
export function repeatedParams(search: string, keys: readonly string[]): string[] {
  const params = new URLSearchParams(search);
  const out: string[] = [];
  for (const key of keys) {
    const values = params.getAll(key);
    if (values.length < 2 || values.every((v) => v === values[0])) continue;
    const listed = values.slice(0, 3).map((v) => `“${quoted(v, 20)}”`);
    if (values.length > 3) listed.push('…');
    out.push(
      `The link gives ${key} ${times(values.length)} (${listed.join(', ')}); the page used the first, “${quoted(values[0]!, 20)}”.`,
    );
  }
  return out;
}

/**
 * Everything wrong with a link, in the page's order: the hash first, then each section's own
 * problems and its repeated parameters. `readers` are in the page's order of sections.
 */
export function gatherLinkProblems(
  url: { search: string; hash: string },
  readers: readonly { section: string; reader: LinkReader }[],
  exists: (id: string) => boolean,
): LinkProblem[] {
  const out: LinkProblem[] = [];
  const hash = unknownHashProblem(url.hash, exists, 'load');
  if (hash) out.push(hash);
  if (url.search === '' || url.search === '?') return out;
  for (const { section, reader } of readers) {
    let own: string[];
    let ownFailed = false;
    try {
      own = reader.problems(url.search);
    } catch (err) {
      ownFailed = true;
      // A reader that throws is a bug of the page's, not the link's: say so rather than stay silent.
      own = [`The page could not read this link’s values for this section (${String(err)}).`];
    }
    const repeated = repeatedParams(url.search, reader.keys);
    const sentences = [...own, ...repeated];
    if (sentences.length === 0) continue;
    const problem: LinkProblem = { key: section, text: sentences.join(' '), section };
    // A reader that threw said nothing at its panel's top: then the whole text is new there.
    if (reader.saidAtTop) problem.notSaidAtTop = (ownFailed ? sentences : repeated).join(' ');
    out.push(problem);
  }
  return out;
}
