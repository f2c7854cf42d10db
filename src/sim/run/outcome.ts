import { repeatedTokensIn, staleWrites } from '../checkers/checks';
import { holdIntervals, holdsOverlap, type HoldInterval } from '../checkers/holdIntervals';
import { settleWrites } from '../checkers/writes';
import type { Outcome, StoredDocument, TraceEvent, Verdict } from '../trace/schema';

/** The outcome is derived from the events and the final document, the same way for every backend. */
export function deriveOutcome(events: readonly TraceEvent[], document: StoredDocument): Outcome {
  // One hold interval per granted lock, in the order granted: the tokens, the overlap and the
  // repeated tokens all read from it, so the events are walked twice in all (holds, writes).
  const holds = holdIntervals(events);
  const tokens = tokensByActor(holds);
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

/**
 * The tokens granted to each actor, in the order granted. Each actor's list is gathered whole and
 * stored once: a property looked up by a name that changes from call to call is slow to read and
 * grow, and this runs once per simulated run.
 */
function tokensByActor(holds: readonly HoldInterval[]): Record<string, (number | null)[]> {
  const tokens: Record<string, (number | null)[]> = {};
  for (let i = 0; i < holds.length; i++) {
    const actor = holds[i]!.actor;
    if (grantedBefore(holds, i, actor)) continue;
    const list = [holds[i]!.token];
    for (let j = i + 1; j < holds.length; j++)
      if (holds[j]!.actor === actor) list.push(holds[j]!.token);
    tokens[actor] = list;
  }
  return tokens;
}

function grantedBefore(holds: readonly HoldInterval[], i: number, actor: string): boolean {
  for (let j = 0; j < i; j++) if (holds[j]!.actor === actor) return true;
  return false;
}
