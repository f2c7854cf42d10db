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
 * The tokens granted to each actor, in the order granted, the actors in the order of their first
 * grant. The record is made in one object literal where it can be: adding names to an empty
 * object one at a time, under names that change from call to call, made the store megamorphic,
 * and it cost three times as much (about 45 against 15 ns for two actors, measured alone).
 * Scenarios have at most three clients that take the lock; more fall back to adding the names one
 * at a time. The first grants are found by scanning back rather than kept in lists: growing a
 * list cost as much again as the store it saved.
 */
function tokensByActor(holds: readonly HoldInterval[]): Record<string, (number | null)[]> {
  // Where each of the first three actors was first granted, in holds.
  let first = -1;
  let second = -1;
  let third = -1;
  let actors = 0;
  for (let i = 0; i < holds.length; i++) {
    if (grantedBefore(holds, i, holds[i]!.actor)) continue;
    actors++;
    if (actors === 1) first = i;
    else if (actors === 2) second = i;
    else if (actors === 3) third = i;
  }
  switch (actors) {
    case 0:
      return {};
    case 1:
      return { [holds[first]!.actor]: tokensFrom(holds, first) };
    case 2:
      return {
        [holds[first]!.actor]: tokensFrom(holds, first),
        [holds[second]!.actor]: tokensFrom(holds, second),
      };
    case 3:
      return {
        [holds[first]!.actor]: tokensFrom(holds, first),
        [holds[second]!.actor]: tokensFrom(holds, second),
        [holds[third]!.actor]: tokensFrom(holds, third),
      };
    default: {
      const tokens: Record<string, (number | null)[]> = {};
      for (let i = 0; i < holds.length; i++)
        if (!grantedBefore(holds, i, holds[i]!.actor))
          tokens[holds[i]!.actor] = tokensFrom(holds, i);
      return tokens;
    }
  }
}

/** The tokens of the actor first granted at `i`, in the order granted. */
function tokensFrom(holds: readonly HoldInterval[], i: number): (number | null)[] {
  const actor = holds[i]!.actor;
  const list = [holds[i]!.token];
  for (let j = i + 1; j < holds.length; j++)
    if (holds[j]!.actor === actor) list.push(holds[j]!.token);
  return list;
}

function grantedBefore(holds: readonly HoldInterval[], i: number, actor: string): boolean {
  for (let j = 0; j < i; j++) if (holds[j]!.actor === actor) return true;
  return false;
}
