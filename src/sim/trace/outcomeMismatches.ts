import { deriveOutcome } from '../run/outcome';
import type { AcceptedWrite, Outcome, Trace } from './schema';
import { clipped } from './shown';

/** How much of each side a difference quotes: a trace can hold a hundred thousand writes. */
const QUOTED_MAX_CHARS = 200;

/**
 * Where a trace's outcome differs from the one its events give: tokens, accepted and rejected
 * writes, the overlap and the verdict (the document is read from the storage at the end, so
 * only the trace knows it). Each difference is a sentence; none means the outcome follows.
 * Key and field order do not count: a trace may come from anywhere that writes JSON.
 */
export function outcomeMismatches(trace: Trace): string[] {
  const derived = deriveOutcome(trace.events, trace.outcome.document);
  const stated = trace.outcome;
  const out: string[] = [];
  const compare = (field: string, a: unknown, b: unknown) => {
    const said = JSON.stringify(a);
    const given = JSON.stringify(b);
    if (said !== given) {
      out.push(
        `outcome.${field} is ${clipped(said, QUOTED_MAX_CHARS)}, but the events give ${clipped(given, QUOTED_MAX_CHARS)}`,
      );
    }
  };
  compare('tokens', sortedTokens(stated.tokens), sortedTokens(derived.tokens));
  compare('accepted', stated.accepted.map(writeTuple), derived.accepted.map(writeTuple));
  compare('rejected', stated.rejected.map(writeTuple), derived.rejected.map(writeTuple));
  compare('holdersOverlap', stated.holdersOverlap, derived.holdersOverlap);
  compare('verdict', stated.verdict, derived.verdict);
  return out;
}

function sortedTokens(tokens: Outcome['tokens']): [string, (number | null)[]][] {
  return Object.entries(tokens).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function writeTuple(w: AcceptedWrite): [string, number | null, string, number] {
  return [w.actor, w.token, w.body, w.t];
}
