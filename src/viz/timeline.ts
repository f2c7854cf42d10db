// The lane timeline's story: one lane per client, one for the lock, one for the storage, and the
// marks on them, read out of a trace (timelineLayout.ts then places them with d3-scale, and React
// draws them). The paused-client figure and the replay both use it, so the two always agree on
// what happened when.
import type { Trace, TraceEvent } from '../sim/trace/schema';
import {
  expiryAfterJump,
  lockClockJump,
  revokedOnServerSchedule,
  serverWord,
  wallClockServer,
  type LockClockJump,
} from './expiry';
import { promotedWithoutLock } from './failover';
import { overwrittenBy } from './lostWrites';
import { actorName, prose } from '../content/actorWords';

export type LaneId = string;

export interface Lane {
  id: LaneId;
  label: string;
  /** Centre line of the lane, in px. */
  y: number;
}

export type MarkKind =
  | 'acquire'
  | 'refused'
  | 'hold'
  | 'expire'
  | 'pause'
  | 'work'
  | 'write'
  | 'stored'
  | 'rejected'
  | 'release'
  | 'stop'
  | 'crash'
  | 'fault';

export interface Mark {
  id: string;
  lane: LaneId;
  kind: MarkKind;
  /** Start time (ms); for a point mark, its time. */
  t: number;
  /** End time for an interval (hold, pause); undefined for a point. */
  t2?: number;
  /** A few words drawn next to the mark. */
  label: string;
  /** One sentence: what happened, for the tooltip and the screen reader. */
  detail: string;
  /** The event this mark stands for (its index in trace.events), to seek the replay to it. */
  eventIndex: number;
  /** The actor the mark is about, for colour. */
  actor?: string;
  /** A write whose writer no longer held the lock: it had run out, or another client took it. */
  stale?: boolean;
  /**
   * A write the storage took over a later holder's write (the engine's lost-update checker says
   * which): that holder's update is lost. Only this is drawn as harm; a stale write that
   * overwrote nobody's is late, not harmful.
   */
  lost?: boolean;
  /** A second row in the lane, for a hold that overlaps an earlier one (Redlock's two holders). */
  row?: 1;
  /**
   * A hold nothing had ended when the run did: its bar stops at the chart's edge (t2 is the
   * run's end), which is not the lock's end.
   */
  heldAtEnd?: true;
}

/** A line from a client's write to the storage's answer. */
export interface Connector {
  id: string;
  fromLane: LaneId;
  toLane: LaneId;
  /** The ids of the marks it joins: the write and the storage's answer. */
  fromMark: string;
  toMark: string;
  t: number;
  t2: number;
  stale: boolean;
  accepted: boolean;
  /** The write overwrote a later holder's write (see Mark.lost). */
  lost: boolean;
}

export interface TimelineModel {
  lanes: Lane[];
  marks: Mark[];
  connectors: Connector[];
  /** The last event's time. */
  endMs: number;
}

function num(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

/** A storage that ignores tokens keeps its fence at 0: only a raised fence is worth a word. */
function raisedFence(fence: unknown, before: number | null): boolean {
  const f = num(fence);
  return f !== null && f > 0 && f !== before;
}

/** The server that revokes leases on its own schedule, by name. */
function serverName(trace: Trace): string {
  return trace.params.lock === 'etcd' || trace.backend.includes('etcd') ? 'etcd' : 'the server';
}

/** Why the storage refused a write, as the replay says it: "token 33 is lower than the fence 34". */
function rejectedWhy(token: number | null, fenceBefore: number | null, reason: unknown): string {
  if (token !== null && fenceBefore !== null)
    return `token ${token} is lower than the fence ${fenceBefore}`;
  // No token fails the fence check whatever the fence: fence <= NULL holds for no row.
  if (token === null && reason === 'stale-token') return 'the write carries no token';
  return typeof reason === 'string' ? reason.replace(/-/g, ' ') : 'no reason given';
}

function quoted(x: unknown): string {
  return typeof x === 'string' ? `“${x}”` : 'an update';
}

/**
 * Reads the story out of a trace. Hold intervals end at the release, or at acquire ok t + TTL
 * when the lock simply ran out; a write is stale when it reaches the storage after its writer's
 * hold ended or another client took the lock.
 */
export function timelineModel(trace: Trace): TimelineModel {
  const marks: Mark[] = [];
  const connectors: Connector[] = [];
  // A TTL of 0 means none: an advisory lock lives as long as its transaction.
  const positive = (x: unknown) => {
    const n = num(x);
    return n !== null && n > 0 ? n : null;
  };
  const defaultTtl = positive(trace.params.ttlMs);
  // Redlock has no one lock service: each client counts its own majority, and a second client's
  // majority does not end the first one's. Its holds run to their own end and may overlap.
  const independentHolds = trace.params.lock === 'redlock';
  // etcd revokes a lease at its TTL or later, on its own schedule: its hold runs to the TTL or to
  // the last time the trace shows it still held, and its TTL running out frees nothing by itself.
  const serverRevokes = revokedOnServerSchedule(trace);
  // A Redlock client's grant ends with the validity it counts, a little before the nodes' TTL.
  const ttlWord = serverRevokes ? 'lease TTL' : independentHolds ? 'validity' : 'TTL';
  const clients = [
    ...new Set(trace.events.filter((e) => e.actor !== 'nemesis').map((e) => e.actor)),
  ].sort();
  const hasFaults = trace.events.some((e) => e.actor === 'nemesis');
  const endMs = trace.events.reduce((m, e) => Math.max(m, e.t), 0);
  // Which accepted writes lost someone's update is the checker's call, not the figure's.
  const overwroteOf = overwrittenBy(trace.events);

  const pendingTtl = new Map<string, number>();
  const pauseStart = new Map<string, { t: number; i: number; cause: string }>();
  const workStart = new Map<string, { t: number; i: number }>();
  const blindRelease = new Map<string, boolean>();
  const writeInvoke = new Map<string, { t: number; i: number; body: unknown; token: unknown }>();
  interface Hold {
    actor: string;
    token: number | null;
    t: number;
    expiresAt: number | null;
    i: number;
    ended: number | null;
    /** The last time another client was refused while this hold was the latest: still held. */
    seenHeldAt: number | null;
    /** The event that ended it. */
    endedIdx: number | null;
    /** A step of the lock server's wall clock that moved its expiry, while it ran. */
    jump: LockClockJump | null;
  }
  const holds: Hold[] = [];
  const latestHold = (): Hold | undefined => holds[holds.length - 1];
  const ownHold = (actor: string): Hold | undefined => {
    for (let k = holds.length - 1; k >= 0; k--) if (holds[k]!.actor === actor) return holds[k];
    return undefined;
  };
  // When a hold ends by itself: its TTL, or later where the server revokes on its own schedule and
  // the trace saw it held past the TTL.
  const runsOutAt = (h: Hold): number | null =>
    h.expiresAt !== null && serverRevokes && h.seenHeldAt !== null
      ? Math.max(h.expiresAt, h.seenHeldAt)
      : h.expiresAt;
  const runsAt = (h: Hold, t: number) => {
    const end = runsOutAt(h);
    return h.ended === null && (end === null || t < end);
  };
  let fence: number | null = null;
  let body: string = typeof trace.params.initialBody === 'string' ? trace.params.initialBody : 'v0';

  trace.events.forEach((ev: TraceEvent, i) => {
    const v = ev.value ?? {};
    const id = `e${i}`;
    switch (ev.f) {
      case 'acquire': {
        if (ev.type === 'invoke') {
          const ttl = num(v.ttlMs);
          if (ttl !== null) pendingTtl.set(ev.actor, ttl);
          break;
        }
        if (ev.type === 'ok') {
          const token = num(v.token);
          const ttl =
            positive(v.validityMs) ??
            positive(v.leaseTtlMs) ??
            positive(pendingTtl.get(ev.actor)) ??
            defaultTtl;
          const prev = latestHold();
          if (prev && prev.ended === null && !independentHolds) {
            prev.ended = Math.min(ev.t, runsOutAt(prev) ?? ev.t);
            prev.endedIdx = i;
          }
          holds.push({
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
          marks.push({
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
          const h = latestHold();
          const held = h && h.actor !== ev.actor && h.ended === null ? h : undefined;
          const pastTtl = held !== undefined && held.expiresAt !== null && ev.t >= held.expiresAt;
          if (held && serverRevokes) held.seenHeldAt = ev.t;
          const refusedFor =
            typeof v.reason === 'string' && v.reason !== 'busy'
              ? v.reason.replace(/-/g, ' ')
              : null;
          marks.push({
            id,
            lane: ev.actor,
            kind: 'refused',
            t: ev.t,
            // A refusal for another reason (CROSSSLOT, no majority) says so, as the replay does.
            label: refusedFor === null ? 'busy' : 'refused',
            detail:
              held && pastTtl && serverRevokes
                ? `${actorName(ev.actor)} asks for the lock and is refused: ${actorName(held.actor)}’s lease is past its TTL, but ${serverName(trace)} has not revoked it yet.`
                : `${actorName(ev.actor)} asks for the lock and is refused: ${refusedFor ?? 'it is busy'}.`,
            eventIndex: i,
            actor: ev.actor,
          });
        }
        break;
      }
      case 'extend': {
        if (ev.type === 'invoke') {
          const ttl = num(v.ttlMs);
          if (ttl !== null) pendingTtl.set(ev.actor, ttl);
        } else if (ev.type === 'ok') {
          const h = latestHold();
          const ttl = positive(pendingTtl.get(ev.actor)) ?? defaultTtl;
          if (h && h.actor === ev.actor && ttl !== null) {
            h.expiresAt = ev.t + ttl;
            h.seenHeldAt = null;
            h.jump = null;
          }
        }
        break;
      }
      case 'release': {
        if (ev.type === 'invoke') blindRelease.set(ev.actor, v.blind === true);
        if (ev.type === 'ok') {
          const h = ownHold(ev.actor);
          // A blind DEL that deleted a key, once the releaser's own hold is over, deleted the key
          // of whoever held the lock then (the slow-release failure): that hold ends here.
          const other = latestHold();
          const deletedOf =
            !(h && runsAt(h, ev.t)) &&
            blindRelease.get(ev.actor) === true &&
            (num(v.released) ?? 0) > 0 &&
            other !== undefined &&
            other.actor !== ev.actor &&
            runsAt(other, ev.t)
              ? other
              : undefined;
          const ended = deletedOf ?? (h && runsAt(h, ev.t) ? h : undefined);
          if (ended) {
            ended.ended = ev.t;
            ended.endedIdx = i;
          }
          marks.push({
            id,
            lane: ev.actor,
            kind: 'release',
            t: ev.t,
            label: 'release',
            detail: deletedOf
              ? `${actorName(ev.actor)}’s blind DEL deletes ${actorName(deletedOf.actor)}’s key: the lock is free, and ${actorName(deletedOf.actor)} is not told.`
              : `${actorName(ev.actor)} releases the lock.`,
            eventIndex: i,
            actor: ev.actor,
          });
        }
        break;
      }
      case 'work': {
        // Work is a client running, not stalled: drawn so a lock that ends under it, with no
        // pause anywhere, shows as what it is.
        if (ev.type === 'invoke') {
          workStart.set(ev.actor, { t: ev.t, i });
          break;
        }
        const w = workStart.get(ev.actor);
        workStart.delete(ev.actor);
        if (w && ev.t > w.t) {
          marks.push({
            id: `e${w.i}`,
            lane: ev.actor,
            kind: 'work',
            t: w.t,
            t2: ev.t,
            label: `works ${Math.round(ev.t - w.t)} ms`,
            detail: `${actorName(ev.actor)} works from ${fmt(w.t)} to ${fmt(ev.t)}, running all the while.`,
            eventIndex: w.i,
            actor: ev.actor,
          });
        }
        break;
      }
      case 'pause':
        pauseStart.set(ev.actor, {
          t: ev.t,
          i,
          cause: typeof v.cause === 'string' ? v.cause : 'pause',
        });
        break;
      case 'resume': {
        const p = pauseStart.get(ev.actor);
        if (p) pauseStart.delete(ev.actor);
        // A pause of 0 ms (the what-if's slider at 0) is in the trace as the script's step, but
        // nothing stopped: it is neither drawn nor told as a pause.
        if (p && ev.t > p.t) {
          marks.push({
            id: `e${p.i}`,
            lane: ev.actor,
            kind: 'pause',
            t: p.t,
            t2: ev.t,
            // A long cause ("a stop-the-world GC pause") stays in the detail, not on the bar.
            label: `paused ${Math.round(ev.t - p.t)} ms${p.cause.length <= 12 ? ` (${p.cause})` : ''}`,
            detail: `${actorName(ev.actor)} is paused from ${fmt(p.t)} to ${fmt(ev.t)} (${p.cause}). It cannot see its lock ${defaultTtl === null ? 'end' : 'expire'}.`,
            eventIndex: p.i,
            actor: ev.actor,
          });
        }
        break;
      }
      case 'write': {
        if (ev.type === 'invoke') {
          writeInvoke.set(ev.actor, { t: ev.t, i, body: v.body, token: v.token });
          break;
        }
        const inv = writeInvoke.get(ev.actor);
        writeInvoke.delete(ev.actor);
        const startT = inv?.t ?? ev.t;
        const sentAt = inv?.t ?? ev.t;
        const sentIdx = inv?.i ?? i;
        const own = ownHold(ev.actor);
        // Whether a hold ran at the moment the write was sent: a grant, release or takeover that
        // came between the send and the reply does not change what the writer knew then.
        const heldAt = (h: Hold, t: number) =>
          h.i < sentIdx &&
          (h.expiresAt === null || t < h.expiresAt) &&
          (h.endedIdx === null || h.endedIdx > sentIdx);
        // With one lock service a later grant to another client ends the writer's hold; with
        // Redlock's own majorities, another client's live hold beside the writer's makes two.
        const alongside = holds.find((h) => h.actor !== ev.actor && heldAt(h, sentAt));
        const takenBy =
          own === undefined
            ? undefined
            : holds.find((h) => h.actor !== ev.actor && h.i > own.i && h.i < sentIdx);
        const ownHeld = own !== undefined && heldAt(own, sentAt);
        const holdsIt =
          ownHeld && (independentHolds ? alongside === undefined : takenBy === undefined);
        const twoHolders = ownHeld && alongside !== undefined;
        const stale = !holdsIt;
        // Why it is stale, in the words of what had happened when it was sent.
        const why = !stale
          ? ''
          : own === undefined
            ? 'it never held the lock'
            : own.expiresAt !== null && sentAt >= own.expiresAt
              ? own.jump !== null
                ? `${serverWord(own.jump.node)}’s clock jump ended its lock at ${fmt(own.expiresAt)}`
                : `its lock ran out at ${fmt(own.expiresAt)}`
              : takenBy !== undefined
                ? `${actorName(takenBy.actor)} had taken the lock at ${fmt(takenBy.t)}`
                : twoHolders
                  ? `${actorName(alongside!.actor)} holds the lock too`
                  : 'its lock is gone';
        const overwrote = overwroteOf(ev);
        const isLost = overwrote !== undefined;
        const token = num(v.token);
        const accepted = ev.type === 'ok';
        const fenceBefore = fence;
        const bodyBefore = body;
        if (accepted) {
          body = typeof v.body === 'string' ? v.body : body;
          if ('fence' in v) fence = num(v.fence);
        }
        marks.push({
          id: `w${i}`,
          lane: ev.actor,
          kind: 'write',
          t: startT,
          // Beside another live majority the write is not late, it is one of two holders'.
          label:
            twoHolders && independentHolds
              ? `write ${typeof v.body === 'string' ? v.body : ''} (2 holders)`
              : `${stale ? 'stale ' : ''}write ${typeof v.body === 'string' ? v.body : ''}`.trim(),
          detail: `${actorName(ev.actor)} sends ${quoted(v.body)} with ${token !== null ? `token ${token}` : 'no token'}${twoHolders && independentHolds ? `, while ${actorName(alongside!.actor)} holds the lock too` : stale ? `, though ${why}` : ''}.`,
          eventIndex: inv?.i ?? i,
          actor: ev.actor,
          stale,
          ...(isLost ? { lost: true } : {}),
        });
        marks.push({
          id,
          lane: 'storage',
          kind: accepted ? 'stored' : 'rejected',
          t: ev.t,
          label:
            v.pending === true
              ? `${typeof v.body === 'string' ? v.body : ''} in a transaction`
              : accepted
                ? `stores ${typeof v.body === 'string' ? v.body : ''}${raisedFence(v.fence, fenceBefore) ? `, fence ${num(v.fence)}` : ''}`
                : `rejects ${typeof v.body === 'string' ? v.body : ''}`,
          detail:
            v.pending === true
              ? `The storage holds ${quoted(v.body)} in ${actorName(ev.actor)}’s open transaction: it lands only if that transaction commits.`
              : accepted
                ? isLost
                  ? `The storage accepts ${stale ? 'the stale ' : ''}${quoted(v.body)} and overwrites ${actorName(overwrote.actor)}’s ${quoted(overwrote.body)}: an update is lost.`
                  : stale
                    ? `The storage accepts ${quoted(v.body)} in place of ${quoted(bodyBefore)}, though ${why.replace(/^its /, `${actorName(ev.actor)}’s `)}: no later holder had written, so nothing is lost this time.`
                    : `The storage stores ${quoted(v.body)}${raisedFence(v.fence, fenceBefore) ? ` and raises the fence to ${num(v.fence)}` : ''}.`
                : `The storage rejects ${quoted(v.body)}: ${rejectedWhy(token, fenceBefore, v.reason)}. The writer learns it lost the lock.`,
          eventIndex: i,
          actor: ev.actor,
          stale,
          ...(isLost ? { lost: true } : {}),
        });
        connectors.push({
          id: `c${i}`,
          fromLane: ev.actor,
          toLane: 'storage',
          fromMark: `w${i}`,
          toMark: id,
          t: startT,
          t2: ev.t,
          stale,
          accepted,
          lost: isLost,
        });
        break;
      }
      case 'stop':
      case 'crash':
        marks.push({
          id,
          lane: ev.actor,
          kind: ev.f,
          t: ev.t,
          label: ev.f === 'crash' ? 'crash' : 'stops',
          detail: `${actorName(ev.actor)} ${ev.f === 'crash' ? 'crashes' : 'stops'}${ev.note ? `: ${prose(ev.note)}` : ''}.`,
          eventIndex: i,
          actor: ev.actor,
        });
        break;
      case 'clock-jump':
      case 'failover':
      case 'terminate': {
        // The lock server's wall clock stepped: a live grant's expiry moves with it.
        const jump = lockClockJump(trace, ev);
        const h = latestHold();
        if (jump && h && h.expiresAt !== null && runsAt(h, ev.t)) {
          h.expiresAt = expiryAfterJump(h.expiresAt, jump);
          h.jump = jump;
        }
        if (ev.f === 'terminate' && ev.type !== 'invoke') {
          // The target's session is gone, and with it a lock that lived in that session.
          const h = latestHold();
          if (h && h.actor === v.target && h.ended === null) {
            h.ended = Math.min(ev.t, h.expiresAt ?? ev.t);
            h.endedIdx = i;
          }
        }
        if (promotedWithoutLock(ev)) {
          // The promoted replica never had the key: the hold that ran ends with the failover.
          const h = latestHold();
          if (h && runsAt(h, ev.t)) {
            h.ended = ev.t;
            h.endedIdx = i;
          }
        }
        if (ev.type === 'invoke') {
          marks.push({
            id,
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
        break;
      }
      default:
        break;
    }
  });

  // Holds become intervals on the lock lane; a hold that ran out gets an expiry mark. A hold
  // that begins while another still runs (only Redlock's can) takes the lane's second row.
  const holdEnds: number[] = [];
  holds.forEach((h, k) => {
    const runsOut = runsOutAt(h) ?? endMs;
    const end = h.ended === null ? Math.min(runsOut, Math.max(endMs, h.t)) : h.ended;
    holdEnds.push(end);
    const heldAtEnd = h.ended === null && (h.expiresAt === null || h.expiresAt > endMs);
    const until = heldAtEnd
      ? `from ${fmt(h.t)}, still held when the run ends${h.expiresAt !== null ? `; its TTL runs to ${fmt(h.expiresAt)}` : ''}`
      : `from ${fmt(h.t)} to ${fmt(Math.max(end, h.t))}`;
    const overlaps = holds.slice(0, k).some((e, j) => e.t <= h.t && h.t < holdEnds[j]!);
    marks.push({
      ...(overlaps ? { row: 1 as const } : {}),
      ...(heldAtEnd ? { heldAtEnd: true as const } : {}),
      id: `h${h.i}`,
      lane: 'lock',
      kind: 'hold',
      t: h.t,
      t2: Math.max(end, h.t),
      label: `${actorName(h.actor)}${h.token !== null ? ` (${h.token})` : ''}`,
      detail: `${overlaps ? `${actorName(h.actor)} holds the lock too` : `The lock belongs to ${actorName(h.actor)}`}${h.token !== null ? ` with token ${h.token}` : ''} ${until}.`,
      eventIndex: h.i,
      actor: h.actor,
    });
    // A hold ran out when nothing ended it before its TTL did, within the run.
    const expired =
      h.expiresAt !== null && (h.ended === null ? h.expiresAt <= endMs : h.ended >= h.expiresAt);
    if (expired && h.expiresAt !== null) {
      marks.push({
        ...(overlaps ? { row: 1 as const } : {}),
        id: `x${h.i}`,
        lane: 'lock',
        kind: 'expire',
        t: h.expiresAt,
        label:
          h.jump !== null
            ? 'clock jump frees it'
            : independentHolds
              ? 'validity runs out'
              : 'TTL runs out',
        detail: h.jump
          ? ranOutByJump(h.actor, h.expiresAt, h.jump)
          : serverRevokes
            ? `${actorName(h.actor)}’s ${ttlWord} runs out at ${fmt(h.expiresAt)}; ${serverName(trace)} revokes the lease on its own schedule, and ${actorName(h.actor)} is not told.`
            : `${actorName(h.actor)}’s ${ttlWord} runs out at ${fmt(h.expiresAt)}: the lock is free, and ${actorName(h.actor)} is not told.`,
        eventIndex: h.i,
        actor: h.actor,
      });
    }
  });

  const laneIds: { id: string; label: string }[] = [
    ...clients.map((c) => ({ id: c, label: actorName(c) })),
    ...(hasFaults ? [{ id: 'nemesis', label: 'faults' }] : []),
    { id: 'lock', label: 'the lock' },
    { id: 'storage', label: 'the storage' },
  ];
  return {
    lanes: laneIds.map((l) => ({ ...l, y: 0 })),
    marks: marks.sort((a, b) => a.t - b.t || a.id.localeCompare(b.id)),
    connectors,
    endMs,
  };
}

/**
 * The colour class of a mark: red only for harm (a write that lost another holder's update),
 * amber for a write sent without the lock that harmed nobody, green for a stale write the
 * storage turned away.
 */
export function markTone(
  m: Pick<Mark, 'kind' | 'stale' | 'lost'>,
): '' | 'is-bad' | 'is-stale' | 'is-late' | 'is-ok' {
  if (m.kind === 'write') return m.lost ? 'is-stale' : m.stale ? 'is-late' : '';
  if (m.kind === 'stored') return m.lost ? 'is-bad' : m.stale ? 'is-late' : '';
  if (m.kind === 'rejected') return m.stale ? 'is-ok' : '';
  return '';
}

/** The same for the line from a write to the storage's answer. */
export function connectorTone(
  c: Pick<Connector, 'stale' | 'accepted' | 'lost'>,
): '' | 'is-bad' | 'is-late' | 'is-ok' {
  if (c.lost) return 'is-bad';
  if (!c.stale) return '';
  return c.accepted ? 'is-late' : 'is-ok';
}

/** The nemesis's step, in the terms of the lock it hits. */
function clockJumpDetail(trace: Trace, v: Record<string, unknown>): string {
  const node = typeof v.node === 'string' ? v.node : '?';
  const by = `${num(v.byMs) ?? '?'} ms`;
  if (node === wallClockServer(trace))
    return node === 'postgres'
      ? `Postgres’s wall clock jumps ${by} forward: now() runs ${by} ahead, so every lease row expires ${by} sooner.`
      : `${serverWord(node)}’s wall clock jumps ${by} forward: every key on it expires ${by} sooner.`;
  if (trace.params.lock === 'etcd' && node === 'etcd')
    return `The etcd server’s wall clock jumps ${by} forward, but etcd times leases on a monotonic clock: no lease ends sooner.`;
  return `A clock on node ${node} jumps ${by} forward.`;
}

/** How a grant ran out when its server's wall clock stepped while it ran. */
function ranOutByJump(actor: string, expiresAt: number, jump: LockClockJump): string {
  const server = serverWord(jump.node);
  const who = actorName(actor);
  const stepped = `${server}’s wall clock jumped ${jump.byMs} ms forward at ${fmt(jump.t)}`;
  return expiresAt <= jump.t
    ? `${stepped}, past ${who}’s expiry: the lock is free at once, and ${who} is not told.`
    : `${stepped}, so ${who}’s TTL runs out at ${fmt(expiresAt)}, ${jump.byMs} ms early: the lock is free, and ${who} is not told.`;
}

export function fmt(t: number): string {
  return `${Math.round(t * 10) / 10} ms`;
}
