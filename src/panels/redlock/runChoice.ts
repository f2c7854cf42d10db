// Which of the two Redlock stories the panel shows, in the URL as `?redlock=gc-pause#redlock`,
// so a link opens the run the reader was looking at.
import { firstChars } from '../../sim/trace/shown';
import { searchWith } from '../../state/urlParams';

export type RedlockRun = 'redlock-clock-jump' | 'redlock-gc-pause';

export const RUN_QUERY = 'redlock';
const IN_URL: Record<RedlockRun, string> = {
  'redlock-clock-jump': 'clock-jump',
  'redlock-gc-pause': 'gc-pause',
};

/** The run a search string names: null when it names none, a sentence when it names a wrong one. */
export function parseRunQuery(search: string): { run: RedlockRun | null; problem: string | null } {
  const raw = new URLSearchParams(search).get(RUN_QUERY);
  if (raw === null) return { run: null, problem: null };
  const run = (Object.keys(IN_URL) as RedlockRun[]).find((r) => IN_URL[r] === raw);
  if (run) return { run, problem: null };
  return {
    run: null,
    problem: `The link’s redlock “${firstChars(raw, 20)}” is not clock-jump or gc-pause, so the figure shows the clock jump.`,
  };
}

/** The search string naming this run, keeping every other parameter. */
export function runSearch(currentSearch: string, run: RedlockRun): string {
  return searchWith(currentSearch, { [RUN_QUERY]: IN_URL[run] });
}
