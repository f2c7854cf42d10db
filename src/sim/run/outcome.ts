import { repeatedTokens, staleWrites } from '../checkers/checks';
import { holdIntervals, holdsOverlap } from '../checkers/holdIntervals';
import { settleWrites } from '../checkers/writes';
import type { Outcome, StoredDocument, TraceEvent, Verdict } from '../trace/schema';

/** The outcome is derived from the events and the final document, the same way for every backend. */
export function deriveOutcome(events: readonly TraceEvent[], document: StoredDocument): Outcome {
  const tokens: Record<string, (number | null)[]> = {};
  for (const e of events) {
    if (e.f === 'acquire' && e.type === 'ok') {
      const token = e.value?.token;
      (tokens[e.actor] ??= []).push(typeof token === 'number' ? token : null);
    }
  }
  const { accepted, rejected } = settleWrites(events);
  const holdersOverlap = holdsOverlap(holdIntervals(events));
  const stale = staleWrites(accepted).length > 0;
  let verdict: Verdict;
  if (stale) verdict = 'stale-write-accepted';
  else if (repeatedTokens(events).length > 0) verdict = 'token-repeated';
  else if (rejected.length > 0) verdict = 'stale-write-rejected';
  else if (holdersOverlap) verdict = 'two-holders';
  else verdict = 'safe';
  return { tokens, accepted, rejected, document, holdersOverlap, verdict };
}
