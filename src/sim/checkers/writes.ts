import type { AcceptedWrite, TraceEvent } from '../trace/schema';

/**
 * The writes that took effect and the ones that did not. A write inside a transaction
 * (`pending`) takes effect only if the same client's next release (its COMMIT) succeeds.
 * Runs once per simulated run, so it allocates only what it returns.
 */
export function settleWrites(events: readonly TraceEvent[]): {
  accepted: AcceptedWrite[];
  rejected: AcceptedWrite[];
} {
  const accepted: AcceptedWrite[] = [];
  const rejected: AcceptedWrite[] = [];
  // The storage's order of each accepted write, where the backend reported it (NaN if not).
  const acceptedSeq: number[] = [];
  let pending: Map<string, { w: AcceptedWrite; seq: number }[]> | null = null;
  const settle = (actor: string, ok: boolean) => {
    const list = pending?.get(actor);
    if (!list) return;
    for (const p of list) {
      if (ok) {
        accepted.push(p.w);
        acceptedSeq.push(p.seq);
      } else {
        rejected.push(p.w);
      }
    }
    pending!.delete(actor);
  };
  for (const e of events) {
    if (e.f === 'write') {
      if (e.type === 'ok') {
        const w = toWrite(e);
        const seq = typeof e.value?.seq === 'number' ? e.value.seq : NaN;
        if (e.value?.pending === true) {
          pending ??= new Map();
          const list = pending.get(e.actor);
          if (list) list.push({ w, seq });
          else pending.set(e.actor, [{ w, seq }]);
        } else {
          accepted.push(w);
          acceptedSeq.push(seq);
        }
      } else if (e.type === 'fail') {
        rejected.push(toWrite(e));
      }
      // An `info` reply is indefinite (a timeout): the write may or may not have landed, so it
      // is in neither list rather than counted as refused.
    } else if (e.f === 'release' && e.type !== 'invoke') {
      settle(e.actor, e.type === 'ok');
    } else if (e.f === 'crash') {
      settle(e.actor, false);
    }
  }
  // A transaction that never committed rolled back.
  if (pending) for (const actor of [...pending.keys()]) settle(actor, false);
  // Replies can overtake each other on the way back, so the order the storage applied the
  // writes in (`seq`, where the backend reports it) beats the order the clients heard back.
  if (!acceptedSeq.every((seq) => !Number.isNaN(seq))) {
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
