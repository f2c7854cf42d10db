import { repeatedTokensIn, staleWrites } from '../checkers/checks';
import { holdIntervals, holdsOverlap } from '../checkers/holdIntervals';
import { settleWrites } from '../checkers/writes';
import type { Outcome, StoredDocument, TraceEvent, Verdict } from '../trace/schema';

/** The outcome is derived from the events and the final document, the same way for every backend. */
export function deriveOutcome(events: readonly TraceEvent[], document: StoredDocument): Outcome {
  // One hold interval per granted lock, in the order granted: the tokens, the overlap and the
  // repeated tokens all read from it, so the events are walked twice in all (holds, writes).
  const holds = holdIntervals(events);
  const tokens: Record<string, (number | null)[]> = {};
  for (const h of holds) (tokens[h.actor] ??= []).push(h.token);
  const { accepted, rejected } = settleWrites(events);
  const holdersOverlap = holdsOverlap(holds);
  let verdict: Verdict;
  if (staleWrites(accepted).length > 0) verdict = 'stale-write-accepted';
  else if (repeatedTokensIn(holds).length > 0) verdict = 'token-repeated';
  else if (rejected.length > 0) verdict = 'stale-write-rejected';
  else if (holdersOverlap) verdict = 'two-holders';
  else verdict = 'safe';
  return { tokens, accepted, rejected, document, holdersOverlap, verdict };
}
