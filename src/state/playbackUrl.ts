// The replay's place in the URL: `?scenario=…&variant=…&lock=…&step=N#see-it`, so a link opens the
// same moment. Parsing only checks shape; whether a scenario exists is the catalog's question.
import { firstChars } from '../sim/trace/shown';
import { searchWith } from './urlParams';

export interface ReplayQuery {
  scenario?: string;
  variant?: string;
  lock?: string;
  step?: number;
}

export interface ParsedReplayQuery {
  query: ReplayQuery;
  /** True when the URL carries any replay parameter at all. */
  present: boolean;
  /** Values that were there but malformed, in words for the reader. */
  problems: string[];
}

export const REPLAY_HASH = 'see-it';
/** The parameters the replay reads from the URL. */
export const REPLAY_KEYS = ['scenario', 'variant', 'lock', 'step'] as const;
/** Names are lower-case words joined by dashes (and `+` in a backend); anything else is a typo. */
const NAME = /^[a-z0-9][a-z0-9+-]{0,63}$/;
const MAX_STEP = 1_000_000;

export function parseReplayQuery(search: string): ParsedReplayQuery {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { query: {}, present: false, problems: ['The link’s query could not be read.'] };
  }
  const query: ReplayQuery = {};
  const problems: string[] = [];
  let present = false;
  for (const key of ['scenario', 'variant', 'lock'] as const) {
    const raw = params.get(key);
    if (raw === null) continue;
    present = true;
    if (NAME.test(raw)) query[key] = raw;
    else
      problems.push(
        `The link’s ${key} “${firstChars(raw, 40)}” is not a name this page knows, so the replay chose its own.`,
      );
  }
  const rawStep = params.get('step');
  if (rawStep !== null) {
    present = true;
    const step = /^\d{1,7}$/.test(rawStep) ? Number(rawStep) : NaN;
    if (Number.isSafeInteger(step) && step <= MAX_STEP) query.step = step;
    else
      problems.push(
        `The link’s step “${firstChars(rawStep, 20)}” is not a step number, so the replay starts at the beginning.`,
      );
  }
  return { query, present, problems };
}

/** The search string for a replay moment, keeping any parameter that is not the replay's. */
export function replaySearch(
  currentSearch: string,
  s: { scenario: string; variant: string; lock: string; step: number },
): string {
  return searchWith(currentSearch, {
    scenario: s.scenario,
    variant: s.variant,
    lock: s.lock || null,
    step: String(s.step),
  });
}

/** A full relative link to a replay moment. */
export function replayHref(
  currentSearch: string,
  s: { scenario: string; variant: string; lock: string; step: number },
): string {
  return `${replaySearch(currentSearch, s)}#${REPLAY_HASH}`;
}
