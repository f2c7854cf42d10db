// What the page keeps in its URL, so that a link opens the same thing: the replay's moment
// (`?scenario=…&step=N`) and a panel's own numbers (`?try-ttl=300`), side by side. Reading
// checks each value; writing one panel's parameters keeps everyone else's.
import { firstChars } from '../sim/trace/shown';
import { writeUrlSoon } from './urlWriter';

export { currentSearch } from './urlWriter';

export interface MsRange {
  min: number;
  max: number;
  step: number;
}

/**
 * A number of ms from the link, snapped to the slider's steps so that slider and run agree;
 * null when the link has none. A bad value comes back as a sentence for the reader instead, and
 * a value that had to be snapped with a sentence saying so (`rounded`), since the run differs.
 */
export function readMsParam(
  params: URLSearchParams,
  key: string,
  range: MsRange,
): { ms: number | null; problem: string | null; rounded: string | null } {
  const raw = params.get(key);
  if (raw === null) return { ms: null, problem: null, rounded: null };
  const value = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (value >= range.min && value <= range.max) {
    const nearest = range.min + Math.round((value - range.min) / range.step) * range.step;
    // Rounding up can pass the top of a range its steps do not divide: then the step below.
    const ms = nearest > range.max ? nearest - range.step : nearest;
    return {
      ms,
      problem: null,
      rounded:
        ms === value
          ? null
          : `The link’s ${key} ${value} ms falls between the slider’s ${range.step} ms steps, so it runs as ${ms} ms.`,
    };
  }
  return {
    ms: null,
    problem: `The link’s ${key} “${firstChars(raw, 20)}” is not a number of ms from ${range.min} to ${range.max}`,
    rounded: null,
  };
}

/** The search string with these values set (null: taken out), every other parameter kept. */
export function searchWith(currentSearch: string, values: Record<string, string | null>): string {
  const params = new URLSearchParams(currentSearch);
  // Out first, then in, in the order given: a link always reads the same, whatever came before.
  for (const key of Object.keys(values)) params.delete(key);
  for (const [key, value] of Object.entries(values)) if (value !== null) params.append(key, value);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * Puts a new search string in the address bar, keeping the path and the section's hash. Writes
 * in quick succession are merged (urlWriter.ts): build the next one on currentSearch().
 */
export function replaceSearch(search: string): void {
  writeUrlSoon(search);
}
