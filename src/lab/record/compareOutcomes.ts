// Holds a real run to the simulator's outcome. Timings may differ; outcomes may not: who got
// which token (by rank, since etcd's revisions are not the simulator's numbers), which writes
// were accepted or rejected, the final body, whether two held at once, and the verdict.
import type { Expected } from '../../sim/scenarios/index';
import type { AcceptedWrite, Outcome } from '../../sim/trace/schema';

/** Each actor's tokens as ranks among all tokens granted in the run (0 = lowest); null stays. */
export function tokenRanks(tokens: Outcome['tokens']): Record<string, (number | null)[]> {
  const distinct = [
    ...new Set(
      Object.values(tokens)
        .flat()
        .filter((t): t is number => t !== null),
    ),
  ].sort((a, b) => a - b);
  const out: Record<string, (number | null)[]> = {};
  for (const actor of Object.keys(tokens).sort()) {
    out[actor] = tokens[actor]!.map((t) => (t === null ? null : distinct.indexOf(t)));
  }
  return out;
}

const writes = (list: AcceptedWrite[]) => list.map((w) => `${w.actor}:${w.body}`);

/** The parts of an outcome that must agree, in a form that compares with JSON equality. */
export function outcomeShape(outcome: Outcome) {
  return {
    tokens: tokenRanks(outcome.tokens),
    accepted: writes(outcome.accepted),
    rejected: writes(outcome.rejected),
    finalBody: outcome.document.body,
    holdersOverlap: outcome.holdersOverlap,
    verdict: outcome.verdict,
  };
}

/** Sentences naming each difference between a real outcome and the simulator's; empty if none. */
export function outcomeDifferences(real: Outcome, sim: Outcome): string[] {
  const a = outcomeShape(real);
  const b = outcomeShape(sim);
  const out: string[] = [];
  for (const key of Object.keys(a) as (keyof typeof a)[]) {
    const x = JSON.stringify(a[key]);
    const y = JSON.stringify(b[key]);
    if (x !== y) out.push(`${key}: real ${x}, simulator ${y}`);
  }
  return out;
}

/** Sentences naming where an outcome misses what the scenario says must happen. */
export function expectedDifferences(outcome: Outcome, expected: Expected): string[] {
  const out: string[] = [];
  if (outcome.verdict !== expected.verdict)
    out.push(`verdict ${outcome.verdict}, expected ${expected.verdict}`);
  if (outcome.holdersOverlap !== expected.holdersOverlap) {
    out.push(`holdersOverlap ${outcome.holdersOverlap}, expected ${expected.holdersOverlap}`);
  }
  if (expected.finalBody !== undefined && outcome.document.body !== expected.finalBody) {
    out.push(`final body "${outcome.document.body}", expected "${expected.finalBody}"`);
  }
  return out;
}
