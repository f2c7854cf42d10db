// The lane timeline's reading of the nemesis's faults: a clock jump, a failover, a terminated
// client. Each may end or shorten the hold that runs, and each is a mark on the faults lane.
import type { Trace, TraceEvent } from '../sim/trace/schema';
import type { Mark } from './timeline';
import { actorName } from '../content/actorWords';
import { expiryAfterJump, lockClockJump, serverWord, wallClockServer } from './expiry';
import { promotedWithoutLock } from './failover';
import { stepWords } from './clockStepWords';
import { latestHold, num, runsAt, type TimelineState } from './timelineState';
import { fmt } from './timelineWords';

/** The nemesis's step, in the terms of the lock it hits: forward it ends locks early, back late. */
function clockJumpDetail(trace: Trace, v: Record<string, unknown>): string {
  const node = typeof v.node === 'string' ? v.node : '?';
  const byMs = num(v.byMs);
  const by = `${byMs === null ? '?' : Math.abs(byMs)} ms`;
  const jumps = `jumps ${byMs === null ? `${by} forward` : stepWords(byMs)}`;
  const back = byMs !== null && byMs < 0;
  if (node === wallClockServer(trace)) {
    if (back)
      return node === 'postgres'
        ? `Postgres’s wall clock ${jumps}: now() runs ${by} behind, so every lease row lives ${by} longer.`
        : `${serverWord(node)}’s wall clock ${jumps}: every key on it lives ${by} longer.`;
    return node === 'postgres'
      ? `Postgres’s wall clock ${jumps}: now() runs ${by} ahead, so every lease row expires ${by} sooner.`
      : `${serverWord(node)}’s wall clock ${jumps}: every key on it expires ${by} sooner.`;
  }
  if (trace.params.lock === 'etcd' && node === 'etcd')
    return `The etcd server’s wall clock ${jumps}, but etcd times leases on a monotonic clock: no lease ends ${back ? 'later' : 'sooner'}.`;
  // A Redlock node: only the keys on that one node go, each client's among them.
  return back
    ? `The clock on node ${node} ${jumps}: the keys on that node live ${by} longer.`
    : `The clock on node ${node} ${jumps}: the keys on that node expire ${by} sooner.`;
}

/** What the fault injector asks for, named as the mark's label names it. */
function askWords(ev: TraceEvent): string {
  const v = ev.value ?? {};
  if (ev.f === 'clock-jump') return 'asks for the clock jump';
  if (ev.f === 'failover') return 'asks for the failover';
  return `asks to end ${typeof v.target === 'string' ? `${actorName(v.target)}’s` : 'a client’s'} session`;
}

/** A clock-jump, failover or terminate event. */
export function readFault(s: TimelineState, ev: TraceEvent, i: number): void {
  const { trace } = s;
  const v = ev.value ?? {};
  // The lock server's wall clock stepped: a live grant's expiry moves with it.
  const jump = lockClockJump(trace, ev);
  const h = latestHold(s);
  if (jump && h && h.expiresAt !== null && runsAt(s, h, ev.t)) {
    h.expiresAt = expiryAfterJump(h.expiresAt, jump);
    h.jump = jump;
  }
  if (ev.f === 'terminate' && ev.type !== 'invoke') {
    // The target's session is gone, and with it a lock that lived in that session.
    const h = latestHold(s);
    if (h && h.actor === v.target && h.ended === null) {
      h.ended = Math.min(ev.t, h.expiresAt ?? ev.t);
      h.endedIdx = i;
    }
  }
  if (promotedWithoutLock(ev)) {
    // The promoted replica never had the key: the hold that ran ends with the failover.
    const h = latestHold(s);
    if (h && runsAt(s, h, ev.t)) {
      h.ended = ev.t;
      h.endedIdx = i;
    }
  }
  if (ev.type === 'invoke') {
    const mark: Mark = {
      id: `e${i}`,
      lane: 'nemesis',
      kind: 'fault',
      t: ev.t,
      label:
        ev.f === 'clock-jump'
          ? `clock jump${typeof v.node === 'string' ? ` on ${v.node}` : ''}`
          : ev.f === 'failover'
            ? 'failover'
            : `terminate ${typeof v.target === 'string' ? actorName(v.target) : ''}`.trim(),
      // Nothing took effect: what it would have done is not said, lest it read as done.
      detail: `The fault injector ${askWords(ev)}; the run ends before it takes effect.`,
      eventIndex: i,
    };
    s.marks.push(mark);
    s.faultAsked.set(ev.f, mark);
    return;
  }
  // The fault took effect. Where that came later than the request (a failover on real servers
  // takes hundreds of ms), the mark spans the two, and a click on it goes to the effect, the step
  // at which the cards change.
  const asked = s.faultAsked.get(ev.f);
  if (!asked) return;
  s.faultAsked.delete(ev.f);
  asked.requestIndex = asked.eventIndex;
  asked.eventIndex = i;
  if (ev.type === 'fail') {
    // It never took effect: nothing it would have done is said.
    asked.detail = `The fault injector ${askWords(ev)}, and it fails${ev.note ? `: ${ev.note}` : ''}.`;
    if (ev.t > asked.t) asked.t2 = ev.t;
    return;
  }
  asked.detail = faultDetail(trace, ev);
  if (ev.t > asked.t) {
    // The detail is shown under the request's time: it says the two in the order they came, so
    // that the effect does not read as though it came at the request.
    asked.t2 = ev.t;
    asked.detail = `The fault injector ${askWords(ev)}; it takes effect ${fmt(ev.t - asked.t)} later, at ${fmt(ev.t)}. ${asked.detail}`;
  }
}

/** One sentence on what the fault did, read from its effect. */
function faultDetail(trace: Trace, ev: TraceEvent): string {
  const v = ev.value ?? {};
  if (ev.f === 'clock-jump') return clockJumpDetail(trace, v);
  if (ev.f === 'failover')
    return promotedWithoutLock(ev)
      ? 'The primary fails over to a replica that never received the lock’s key: the lock is gone.'
      : v.lockKept === true || (num(v.replicasAcked) ?? 0) > 0
        ? 'The primary fails over to a replica that has the lock’s key.'
        : 'The primary fails over to a replica that may not have the lock.';
  // An advisory lock lives in its session, so it goes with it; a lease row does not.
  const who = typeof v.target === 'string' ? actorName(v.target) : 'a client';
  return trace.params.lock === 'pg-advisory'
    ? `Postgres ends ${who}’s session: its open transaction rolls back, and its advisory lock ends with it.`
    : `Postgres ends ${who}’s session: its open transaction rolls back.`;
}
