// "Try other numbers": the paused client rerun by the engine in the reader's browser, with the
// TTL, the pause, the lock and fencing the reader picks, and what came of it in one sentence. The lesson
// it lets a reader find: no TTL is long enough for every pause, and only the fence decides.
import { firstChars } from '../../sim/trace/shown';
import { pausedClient } from '../../sim/scenarios/pausedClient';
import { simulate } from '../../sim/simulate';
import type { Trace } from '../../sim/trace/schema';
import type { LinkReader } from '../../state/linkProblems';
import { readMsParam, searchWith, type MsRange } from '../../state/urlParams';
import { LIVE_SEED } from '../replay/catalog';
import {
  nearestOutcomeChange,
  visibleOutcome,
  type OutcomeChange,
} from '../shared/nearOutcomeChange';
import { expiredMidPause, type PausedClientStory } from './story';

/** The locks the paused client runs on: both are leases, and both expire under a paused holder. */
export type WhatIfLock = 'redis' | 'pg-lease';

export const WHAT_IF_LOCKS: readonly { lock: WhatIfLock; label: string; models: string }[] = [
  { lock: 'redis', label: 'Redis', models: 'a Redis node and Postgres storage' },
  { lock: 'pg-lease', label: 'Postgres lease row', models: 'a Postgres lease row and storage' },
];

export interface WhatIfNumbers {
  ttlMs: number;
  pauseMs: number;
  fencing: boolean;
  lock: WhatIfLock;
}

const defaults = pausedClient.defaults as { ttlMs: number; pauseMs: number };

/** The numbers of the recorded run the figure shows first. */
export const RECORDED_NUMBERS: WhatIfNumbers = {
  ttlMs: defaults.ttlMs,
  pauseMs: defaults.pauseMs,
  fencing: true,
  lock: 'redis',
};

/** The sliders' ranges, in ms: wide enough for every outcome, narrow enough to aim with. */
export const TTL_RANGE_MS = { min: 50, max: 1000, step: 10 } as const;
export const PAUSE_RANGE_MS = { min: 0, max: 1500, step: 10 } as const;

/** The paused client on the simulated lock and storage, seeded: the same numbers, the same run. */
export function whatIfRun(n: WhatIfNumbers): Trace {
  return simulate({
    scenario: pausedClient.name,
    variant: n.fencing ? 'fencing-on' : 'fencing-off',
    lock: n.lock,
    seed: LIVE_SEED,
    params: { ttlMs: n.ttlMs, pauseMs: n.pauseMs },
  });
}

/**
 * The nearest TTL or pause, a few ms from the reader's, at which the engine's outcome changes;
 * null when there is none that near. On real servers such numbers can go either way.
 */
export function whatIfCloseCall(n: WhatIfNumbers): OutcomeChange<'ttlMs' | 'pauseMs'> | null {
  return nearestOutcomeChange(
    { ttlMs: n.ttlMs, pauseMs: n.pauseMs },
    { ttlMs: TTL_RANGE_MS, pauseMs: PAUSE_RANGE_MS },
    (ms) => visibleOutcome(whatIfRun({ ...n, ...ms }).outcome),
  );
}

/**
 * What came of the run, in the terms of the lesson: whether the lock ran out under the paused
 * client, whether anyone else took it, and what the storage did with the late write.
 */
export function whatIfVerdict(trace: Trace, n: WhatIfNumbers, story: PausedClientStory): string {
  const { outcome } = trace;
  const pause = `${n.pauseMs} ms`;
  const ttl = `${n.ttlMs} ms`;
  const oldToken = outcome.tokens['client-1']?.[0];
  const tokenText = typeof oldToken === 'number' ? ` ${oldToken}` : '';
  switch (outcome.verdict) {
    case 'safe':
      if (n.pauseMs === 0) return noPauseSentence(trace, ttl);
      if (story.ttlRunsOutMs === null)
        return `Safe this time: client 1 woke from its ${pause} pause before its ${ttl} TTL ran out, wrote, and let go. Nothing promises that the next pause is as short.`;
      return `Safe by luck: the ${ttl} TTL ran out ${expiredMidPause(story) ? 'while client 1 was paused' : 'before client 1 let go'}, but client 2 had not asked for the lock yet, so nobody else held it. A slightly longer pause and client 2 would have.`;
    case 'two-holders':
      return `Two holders: the ${ttl} TTL ran out while client 1 was paused, and client 2 took the lock, but client 1’s write reached the storage first. No harm, only because client 2 writes without reading: its “v2” replaces “v1” as if client 1 had simply gone first. Had client 2 read “v0” before that write landed and built “v2” from it, client 1’s update would be lost without anyone seeing it; the fence would not stop that, a fenced read would. A few milliseconds later and it would have ${n.fencing ? 'come after client 2’s, and the fence would have turned it away' : 'overwritten client 2’s'}.`;
    case 'stale-write-accepted':
      return `Client 1 paused ${pause}, past its ${ttl} TTL, then wrote with its old token${tokenText}. With fencing off the storage took that write: client 2’s “v2” is lost under a stale “v1”.`;
    case 'stale-write-rejected':
      return `Client 1 paused ${pause}, past its ${ttl} TTL, then wrote with its old token${tokenText}. The storage had seen token ${outcome.document.fence ?? '?'}, so it rejected the write, and client 1 learned that it had lost the lock.`;
    case 'token-repeated':
      return 'Two clients were given the same token: the fence cannot tell them apart.';
  }
}

/**
 * With no pause the lock passes cleanly, and the sentence says so from the run: client 1's write,
 * its release, and client 2's write after it, each only if the run has it.
 */
function noPauseSentence(trace: Trace, ttl: string): string {
  const wrote = (actor: string) => trace.outcome.accepted.find((w) => w.actor === actor);
  const first = wrote('client-1');
  const second = wrote('client-2');
  const own = first
    ? `client 1 did not pause, so it wrote “${first.body}” and let go long before its ${ttl} TTL ran out`
    : `client 1 did not pause, so it let go long before its ${ttl} TTL ran out`;
  const next = second
    ? `; client 2 took the lock after it, with a higher token, and wrote “${second.body}” in turn`
    : '';
  return `Safe: ${own}${next}. No one else held the lock while either wrote.`;
}

/** The reader's numbers in the URL, so a link opens the same run: `?try-ttl=300&try-pause=310`. */
const QUERY = {
  ttlMs: 'try-ttl',
  pauseMs: 'try-pause',
  fencing: 'try-fencing',
  lock: 'try-lock',
} as const;

/** The parameters the what-if reads from the URL. */
export const WHAT_IF_KEYS: readonly string[] = Object.values(QUERY);

/** The link's problems with the what-if's numbers, for the notice under the page's title. */
export const whatIfLinkReader: LinkReader = {
  keys: WHAT_IF_KEYS,
  problems: (search) => parseWhatIfQuery(search).problems,
};

export interface ParsedWhatIfQuery {
  /** The numbers the link asks for (the recorded ones where it names none); null for none at all. */
  numbers: WhatIfNumbers | null;
  /** Values that were there but could not be used, in words for the reader. */
  problems: string[];
}

/** Reads the numbers from a search string; a bad value is reported and left at the recorded one. */
export function parseWhatIfQuery(search: string): ParsedWhatIfQuery {
  const params = new URLSearchParams(search);
  if (!Object.values(QUERY).some((key) => params.has(key))) return { numbers: null, problems: [] };
  const numbers = { ...RECORDED_NUMBERS };
  const problems: string[] = [];
  let used = 0;
  // Each problem says what is used instead, since the link's other values may well be used.
  const recorded = RECORDED_NUMBERS;
  const ms = (key: string, range: MsRange, what: string, recordedMs: number): number | null => {
    const read = readMsParam(params, key, range);
    if (read.problem !== null)
      problems.push(`${read.problem}, so the ${what} is the recorded ${recordedMs} ms.`);
    if (read.rounded !== null) problems.push(read.rounded);
    if (read.ms !== null) used++;
    return read.ms;
  };
  numbers.ttlMs = ms(QUERY.ttlMs, TTL_RANGE_MS, 'TTL', recorded.ttlMs) ?? numbers.ttlMs;
  numbers.pauseMs = ms(QUERY.pauseMs, PAUSE_RANGE_MS, 'pause', recorded.pauseMs) ?? numbers.pauseMs;
  const fencing = params.get(QUERY.fencing);
  if (fencing === 'on' || fencing === 'off') {
    numbers.fencing = fencing === 'on';
    used++;
  } else if (fencing !== null) {
    problems.push(
      `The link’s ${QUERY.fencing} “${firstChars(fencing, 20)}” is neither on nor off, so fencing is ${recorded.fencing ? 'on' : 'off'}, as recorded.`,
    );
  }
  const lock = params.get(QUERY.lock);
  const known = WHAT_IF_LOCKS.find((l) => l.lock === lock);
  if (known) {
    numbers.lock = known.lock;
    used++;
  } else if (lock !== null) {
    problems.push(
      `The link’s ${QUERY.lock} “${firstChars(lock, 20)}” is not one of ${WHAT_IF_LOCKS.map((l) => l.lock).join(', ')}, so the lock is ${recorded.lock}, as recorded.`,
    );
  }
  // A link whose every value was bad shows the recorded run, and says why.
  return { numbers: used > 0 ? numbers : null, problems };
}

/** Whether two sets of numbers (or none) are the same run. */
export function sameNumbers(a: WhatIfNumbers | null, b: WhatIfNumbers | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.ttlMs === b.ttlMs && a.pauseMs === b.pauseMs && a.fencing === b.fencing && a.lock === b.lock
  );
}

/** The search string with these numbers in it (or none of them), keeping every other parameter. */
export function whatIfSearch(currentSearch: string, numbers: WhatIfNumbers | null): string {
  return searchWith(currentSearch, {
    [QUERY.ttlMs]: numbers && String(numbers.ttlMs),
    [QUERY.pauseMs]: numbers && String(numbers.pauseMs),
    [QUERY.fencing]: numbers && (numbers.fencing ? 'on' : 'off'),
    [QUERY.lock]: numbers && numbers.lock,
  });
}
