import type { AcceptedWrite, TraceEvent } from '../trace/schema';

/** A write inside a transaction, waiting for its client's COMMIT (the next release). */
interface PendingWrite {
  actor: string;
  w: AcceptedWrite;
  /** The storage's order of the write, where the backend reported it (NaN if not). */
  seq: number;
}

/**
 * The writes that took effect and the ones that did not. A write inside a transaction
 * (`pending`) takes effect only if the same client's next release (its COMMIT) succeeds.
 * Runs once per simulated run, so it makes no closure and allocates little beyond what it
 * returns: the pending writes are a plain list, made only when a transaction has one.
 */
export function settleWrites(events: readonly TraceEvent[]): {
  accepted: AcceptedWrite[];
  rejected: AcceptedWrite[];
} {
  const accepted: AcceptedWrite[] = [];
  const rejected: AcceptedWrite[] = [];
  // The storage's order of each accepted write, where the backend reported it (NaN if not).
  const acceptedSeq: number[] = [];
  let pending: PendingWrite[] | null = null;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const f = e.f;
    if (f === 'write') {
      if (e.type === 'ok') {
        const w = toWrite(e);
        const seq = typeof e.value?.seq === 'number' ? e.value.seq : NaN;
        if (e.value?.pending === true) {
          (pending ??= []).push({ actor: e.actor, w, seq });
        } else {
          accepted.push(w);
          acceptedSeq.push(seq);
        }
      } else if (e.type === 'fail') {
        rejected.push(toWrite(e));
      }
      // An `info` reply is indefinite (a timeout): the write may or may not have landed, so it
      // is in neither list rather than counted as refused.
    } else if (pending !== null && f === 'release' && e.type !== 'invoke') {
      settle(pending, e.actor, e.type === 'ok', accepted, acceptedSeq, rejected);
    } else if (pending !== null && f === 'crash') {
      settle(pending, e.actor, false, accepted, acceptedSeq, rejected);
    }
  }
  // A transaction that never committed rolled back, client by client in the order each first
  // wrote in it.
  if (pending !== null) {
    while (pending.length > 0)
      settle(pending, pending[0]!.actor, false, accepted, acceptedSeq, rejected);
  }
  // Replies can overtake each other on the way back, so the order the storage applied the
  // writes in (`seq`, where the backend reports it) beats the order the clients heard back.
  if (!allNumbers(acceptedSeq)) {
    acceptedSeq.length = 0;
    for (const w of accepted) acceptedSeq.push(w.t);
  }
  sortStable(accepted, acceptedSeq);
  if (!inOrder(rejected)) {
    sortStable(
      rejected,
      rejected.map((w) => w.t),
    );
  }
  return { accepted, rejected };
}

/**
 * Ends one client's transaction: its pending writes join the accepted ones if it committed
 * (`ok`), the rejected ones if not, in the order it made them.
 */
function settle(
  pending: PendingWrite[],
  actor: string,
  ok: boolean,
  accepted: AcceptedWrite[],
  acceptedSeq: number[],
  rejected: AcceptedWrite[],
): void {
  let kept = 0;
  for (let i = 0; i < pending.length; i++) {
    const p = pending[i]!;
    if (p.actor !== actor) {
      pending[kept++] = p;
    } else if (ok) {
      accepted.push(p.w);
      acceptedSeq.push(p.seq);
    } else {
      rejected.push(p.w);
    }
  }
  pending.length = kept;
}

function allNumbers(seqs: readonly number[]): boolean {
  for (let i = 0; i < seqs.length; i++) if (Number.isNaN(seqs[i])) return false;
  return true;
}

/** Whether the writes are in time order already, as they nearly always are. */
function inOrder(writes: readonly AcceptedWrite[]): boolean {
  for (let i = 1; i < writes.length; i++) if (writes[i - 1]!.t > writes[i]!.t) return false;
  return true;
}

function toWrite(e: TraceEvent): AcceptedWrite {
  const token = e.value?.token;
  const body = e.value?.body;
  return {
    actor: e.actor,
    token: typeof token === 'number' ? token : null,
    body: typeof body === 'string' ? body : '',
    t: e.t,
  };
}

/** Insertion sort by parallel keys: stable, and the lists here are short and nearly sorted. */
function sortStable<T>(items: T[], keys: number[]): void {
  for (let i = 1; i < items.length; i++) {
    if (keys[i - 1]! <= keys[i]!) continue;
    const item = items[i]!;
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      items[j + 1] = items[j]!;
      keys[j + 1] = keys[j]!;
      j--;
    }
    items[j + 1] = item;
    keys[j + 1] = key;
  }
}
