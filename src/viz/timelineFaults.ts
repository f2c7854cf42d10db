// The lane timeline's reading of the nemesis's faults: a clock jump, a failover, a terminated
// client. Each may end or shorten the hold that runs, and each is a mark on the faults lane.
import type { Trace, TraceEvent } from '../sim/trace/schema';
import { actorName } from '../content/actorWords';
import { expiryAfterJump, lockClockJump, serverWord, wallClockServer } from './expiry';
import { promotedWithoutLock } from './failover';
import { stepWords } from './clockStepWords';
import { latestHold, num, runsAt, type TimelineState } from './timelineState';

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
  return `A clock on node ${node} ${jumps}.`;
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
    s.marks.push({
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
      detail:
        ev.f === 'clock-jump'
          ? clockJumpDetail(trace, v)
          : ev.f === 'failover'
            ? 'The primary fails over to a replica that may not have the lock.'
            : `${typeof v.target === 'string' ? actorName(v.target) : 'A client'} is terminated.`,
      eventIndex: i,
    });
  }
}
