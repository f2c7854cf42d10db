// The lane timeline's reading of the lock's own events: acquire (a grant or a refusal), extend and
// release. They start and end the holds that timelineAssembly.ts draws on the lock lane.
import type { TraceEvent } from '../sim/trace/schema';
import { actorName, prose } from '../content/actorWords';
import {
  latestHold,
  num,
  ownHold,
  positive,
  runsAt,
  runsOutAt,
  type TimelineState,
} from './timelineState';
import { fmt, serverName } from './timelineWords';

export function readAcquire(s: TimelineState, ev: TraceEvent, i: number): void {
  const v = ev.value ?? {};
  const id = `e${i}`;
  if (ev.type === 'invoke') {
    const ttl = num(v.ttlMs);
    if (ttl !== null) s.pendingTtlMs.set(ev.actor, ttl);
    return;
  }
  if (ev.type === 'ok') {
    const token = num(v.token);
    const ttl =
      positive(v.validityMs) ??
      positive(v.leaseTtlMs) ??
      positive(s.pendingTtlMs.get(ev.actor)) ??
      s.defaultTtlMs;
    const prev = latestHold(s);
    if (prev && prev.ended === null && !s.independentHolds) {
      prev.ended = Math.min(ev.t, runsOutAt(s, prev) ?? ev.t);
      prev.endedIdx = i;
    }
    s.holds.push({
      actor: ev.actor,
      token,
      t: ev.t,
      expiresAt: ttl === null ? null : ev.t + ttl,
      i,
      ended: null,
      seenHeldAt: null,
      endedIdx: null,
      jump: null,
    });
    s.marks.push({
      id,
      lane: ev.actor,
      kind: 'acquire',
      t: ev.t,
      label: token !== null ? `lock, token ${token}` : 'lock',
      detail: `${actorName(ev.actor)} takes the lock${token !== null ? ` and gets token ${token}` : ''}${ttl !== null ? `; it expires after ${fmt(ttl)} unless extended` : ''}.`,
      eventIndex: i,
      actor: ev.actor,
    });
  } else if (ev.type === 'fail') {
    // A refusal is the trace's word that the lock is still held, past its TTL or not.
    const h = latestHold(s);
    const held = h && h.actor !== ev.actor && h.ended === null ? h : undefined;
    const pastTtl = held !== undefined && held.expiresAt !== null && ev.t >= held.expiresAt;
    if (held && s.serverRevokes) held.seenHeldAt = ev.t;
    const refusedFor =
      typeof v.reason === 'string' && v.reason !== 'busy' ? v.reason.replace(/-/g, ' ') : null;
    s.marks.push({
      id,
      lane: ev.actor,
      kind: 'refused',
      t: ev.t,
      // A refusal for another reason (CROSSSLOT, no majority) says so, as the replay does.
      label: refusedFor === null ? 'busy' : 'refused',
      detail:
        held && pastTtl && s.serverRevokes
          ? `${actorName(ev.actor)} asks for the lock and is refused: ${actorName(held.actor)}’s lease is past its TTL, but ${serverName(s.trace)} has not revoked it yet.`
          : `${actorName(ev.actor)} asks for the lock and is refused: ${refusedFor ?? 'it is busy'}.`,
      eventIndex: i,
      actor: ev.actor,
    });
  }
}

export function readExtend(s: TimelineState, ev: TraceEvent): void {
  const v = ev.value ?? {};
  if (ev.type === 'invoke') {
    const ttl = num(v.ttlMs);
    if (ttl !== null) s.pendingTtlMs.set(ev.actor, ttl);
  } else if (ev.type === 'ok') {
    const h = latestHold(s);
    const ttl = positive(s.pendingTtlMs.get(ev.actor)) ?? s.defaultTtlMs;
    if (h && h.actor === ev.actor && ttl !== null) {
      h.expiresAt = ev.t + ttl;
      h.seenHeldAt = null;
      h.jump = null;
    }
  }
}

export function readRelease(s: TimelineState, ev: TraceEvent, i: number): void {
  const v = ev.value ?? {};
  if (ev.type === 'invoke') s.blindRelease.set(ev.actor, v.blind === true);
  if (ev.type === 'ok') {
    const h = ownHold(s, ev.actor);
    // A blind DEL that deleted a key, once the releaser's own hold is over, deleted the key
    // of whoever held the lock then (the slow-release failure): that hold ends here.
    const other = latestHold(s);
    const deletedOf =
      !(h && runsAt(s, h, ev.t)) &&
      s.blindRelease.get(ev.actor) === true &&
      (num(v.released) ?? 0) > 0 &&
      other !== undefined &&
      other.actor !== ev.actor &&
      runsAt(s, other, ev.t)
        ? other
        : undefined;
    const ended = deletedOf ?? (h && runsAt(s, h, ev.t) ? h : undefined);
    if (ended) {
      ended.ended = ev.t;
      ended.endedIdx = i;
    }
    // An advisory lock's release is its transaction's commit: its writes land with it.
    const committed = v.committed === true;
    s.marks.push({
      id: `e${i}`,
      lane: ev.actor,
      kind: 'release',
      t: ev.t,
      // The blind DEL that took another client's key is the point of its run: named as the
      // replay's caption and lock card name it, not as any release.
      label: deletedOf ? 'blind DEL' : committed ? 'commit' : 'release',
      detail: deletedOf
        ? `${actorName(ev.actor)}’s blind DEL deletes ${actorName(deletedOf.actor)}’s key: the lock is free, and ${actorName(deletedOf.actor)} is not told.`
        : committed
          ? `${actorName(ev.actor)} commits: its writes land, and its lock ends with the transaction.`
          : `${actorName(ev.actor)} releases the lock.`,
      eventIndex: i,
      actor: ev.actor,
    });
  }
  if (ev.type === 'fail') {
    // A release that let nothing go is the point of a run (the slow release with the token check,
    // the advisory holder's commit after its session ended): it gets a mark of its own.
    const nothing = num(v.released) === 0;
    const commit = s.trace.params.lock === 'pg-advisory';
    s.marks.push({
      id: `e${i}`,
      lane: ev.actor,
      kind: 'release',
      t: ev.t,
      label: nothing ? 'release: nothing' : commit ? 'commit fails' : 'release fails',
      // Beside a stale write's label at a phone's width, the full words seldom fit.
      shorter: nothing ? ['frees nothing', 'nothing'] : ['fails'],
      detail: nothing
        ? `${actorName(ev.actor)}’s release lets nothing go: the lock is no longer its own.`
        : `${actorName(ev.actor)}’s ${commit ? 'commit' : 'release'} fails${ev.note ? `: ${prose(ev.note)}` : ''}.`,
      eventIndex: i,
      actor: ev.actor,
    });
  }
}
