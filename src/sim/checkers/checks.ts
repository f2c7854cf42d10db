import type { AcceptedWrite, TraceEvent } from '../trace/schema';
import { holdIntervals, type HoldInterval } from './holdIntervals';
import { settleWrites } from './writes';

export interface CheckResult {
  ok: boolean;
  /** Sentences a person can read: what went wrong, when, and who did it. */
  violations: string[];
}

type Checkable = { readonly events: readonly TraceEvent[] };

const result = (violations: string[]): CheckResult => ({ ok: violations.length === 0, violations });

/** Mutual exclusion: no two clients believe they hold the lock at the same moment. */
export function checkMutualExclusion(trace: Checkable): CheckResult {
  const holds = holdIntervals(trace.events);
  const out: string[] = [];
  for (let i = 0; i < holds.length; i++) {
    for (let j = i + 1; j < holds.length; j++) {
      const a = holds[i]!;
      const b = holds[j]!;
      if (a.actor !== b.actor && a.fromMs < b.toMs && b.fromMs < a.toMs) {
        out.push(
          `${a.actor} and ${b.actor} both held the lock from ${Math.max(a.fromMs, b.fromMs)} ms to ${Math.min(a.toMs, b.toMs)} ms`,
        );
      }
    }
  }
  return result(out);
}

/** No stale write: the storage never accepts a token lower than one it accepted before. */
export function checkNoStaleWrite(trace: Checkable): CheckResult {
  return result(staleWrites(settleWrites(trace.events).accepted));
}

/** The accepted writes (in time order) whose token is below one accepted earlier, as sentences. */
export function staleWrites(accepted: readonly AcceptedWrite[]): string[] {
  const out: string[] = [];
  let highest: number | null = null;
  let highestActor = '';
  for (const w of accepted) {
    if (w.token === null) continue;
    if (highest !== null && w.token < highest) {
      out.push(
        `at ${w.t} ms the storage accepted ${w.actor}'s "${w.body}" with token ${w.token} after ${highestActor} wrote with token ${highest}`,
      );
    }
    if (highest === null || w.token > highest) {
      highest = w.token;
      highestActor = w.actor;
    }
  }
  return out;
}

/** The storage's fence, as each accepted write reports it, never goes down (in storage order). */
export function checkFenceMonotonic(trace: Checkable): CheckResult {
  const writes = trace.events.filter(
    (e) => e.f === 'write' && e.type === 'ok' && typeof e.value?.fence === 'number',
  );
  // Replies can overtake each other; the storage's own order (`seq`) is the one that counts.
  if (writes.every((e) => typeof e.value?.seq === 'number')) {
    writes.sort((x, y) => (x.value!.seq as number) - (y.value!.seq as number));
  }
  const out: string[] = [];
  let last: number | null = null;
  for (const e of writes) {
    const fence = e.value!.fence as number;
    if (last !== null && fence < last) {
      out.push(`at ${e.t} ms the stored fence went down from ${last} to ${fence}`);
    }
    last = fence;
  }
  return result(out);
}

/** An accepted write that overwrote a later holder's write: that holder's update is lost. */
export interface LostUpdate {
  write: AcceptedWrite;
  /** The later holder's write that it overwrote. */
  overwrote: { actor: string; body: string };
}

/**
 * No lost update: a later holder's write is never overwritten by an earlier holder. Holders are
 * ordered by when they took the lock, so this works for locks with no token too (Redlock).
 */
export function checkNoLostUpdate(trace: Checkable): CheckResult {
  return result(
    lostUpdates(trace.events).map(
      ({ write: w, overwrote }) =>
        `at ${w.t} ms ${w.actor}'s "${w.body}" overwrote "${overwrote.body}" from ${overwrote.actor}, who took the lock after it`,
    ),
  );
}

/** The accepted writes that overwrote a later holder's write, in the storage's order. */
export function lostUpdates(events: readonly TraceEvent[]): LostUpdate[] {
  let n = 0;
  const acquiredAt: { actor: string; t: number; rank: number }[] = [];
  for (const e of events) {
    if (e.f === 'acquire' && e.type === 'ok') {
      acquiredAt.push({ actor: e.actor, t: e.t, rank: n });
      n++;
    }
  }
  const rankAt = (actor: string, t: number): number | undefined => {
    let rank: number | undefined;
    for (const a of acquiredAt) if (a.actor === actor && a.t <= t) rank = a.rank;
    return rank;
  };
  const { accepted } = settleWrites(events);
  const out: LostUpdate[] = [];
  let newest: { actor: string; rank: number; body: string } | null = null;
  for (const w of accepted) {
    const rank = rankAt(w.actor, w.t);
    if (rank === undefined) continue;
    if (newest !== null && rank < newest.rank) {
      out.push({ write: w, overwrote: { actor: newest.actor, body: newest.body } });
    } else {
      newest = { actor: w.actor, rank, body: w.body };
    }
  }
  return out;
}

/** Two different clients were granted the same token: the counter went back (a failover). */
export function repeatedTokens(events: readonly TraceEvent[]): number[] {
  return repeatedTokensIn(holdIntervals(events));
}

/** The same, read from the hold intervals: there is one per granted lock, in the order granted. */
export function repeatedTokensIn(holds: readonly HoldInterval[]): number[] {
  const repeated: number[] = [];
  for (let i = 1; i < holds.length; i++) {
    const token = holds[i]!.token;
    if (token === null || repeated.includes(token)) continue;
    // The grant of this token just before this one, if any.
    for (let j = i - 1; j >= 0; j--) {
      if (holds[j]!.token !== token) continue;
      if (holds[j]!.actor !== holds[i]!.actor) repeated.push(token);
      break;
    }
  }
  if (repeated.length > 1) repeated.sort((x, y) => x - y);
  return repeated;
}

export const checkers = {
  mutualExclusion: checkMutualExclusion,
  noStaleWrite: checkNoStaleWrite,
  fenceMonotonic: checkFenceMonotonic,
  noLostUpdate: checkNoLostUpdate,
} as const;
