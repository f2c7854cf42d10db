import type { AcceptedWrite, TraceEvent } from '../trace/schema';

/**
 * The writes that took effect and the ones that did not. A write inside a transaction
 * (`pending`) takes effect only if the same client's next release (its COMMIT) succeeds.
 */
export function settleWrites(events: readonly TraceEvent[]): {
  accepted: AcceptedWrite[];
  rejected: AcceptedWrite[];
} {
  const accepted: AcceptedWrite[] = [];
  const rejected: AcceptedWrite[] = [];
  const pending = new Map<string, AcceptedWrite[]>();
  const seqOf = new Map<AcceptedWrite, number>();
  const toWrite = (e: TraceEvent): AcceptedWrite => {
    const w = toAccepted(e);
    if (typeof e.value?.seq === 'number') seqOf.set(w, e.value.seq);
    return w;
  };
  const toAccepted = (e: TraceEvent): AcceptedWrite => ({
    actor: e.actor,
    token: typeof e.value?.token === 'number' ? e.value.token : null,
    body: typeof e.value?.body === 'string' ? e.value.body : '',
    t: e.t,
  });
  const settle = (actor: string, ok: boolean) => {
    const list = pending.get(actor);
    if (!list) return;
    (ok ? accepted : rejected).push(...list);
    pending.delete(actor);
  };
  for (const e of events) {
    if (e.f === 'write' && e.type === 'ok') {
      if (e.value?.pending === true) {
        const list = pending.get(e.actor) ?? [];
        list.push(toWrite(e));
        pending.set(e.actor, list);
      } else {
        accepted.push(toWrite(e));
      }
    } else if (e.f === 'write' && (e.type === 'fail' || e.type === 'info')) {
      rejected.push(toWrite(e));
    } else if (e.f === 'release' && e.type !== 'invoke') {
      settle(e.actor, e.type === 'ok');
    } else if (e.f === 'crash') {
      settle(e.actor, false);
    }
  }
  // A transaction that never committed rolled back.
  for (const actor of [...pending.keys()]) settle(actor, false);
  // Replies can overtake each other on the way back, so the order the storage applied the
  // writes in (`seq`, where the backend reports it) beats the order the clients heard back.
  if (accepted.length > 0 && accepted.every((w) => seqOf.has(w))) {
    accepted.sort((x, y) => seqOf.get(x)! - seqOf.get(y)!);
  } else {
    accepted.sort((x, y) => x.t - y.t);
  }
  rejected.sort((x, y) => x.t - y.t);
  return { accepted, rejected };
}
