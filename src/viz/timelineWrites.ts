// The lane timeline's reading of a write: the client's send, the storage's answer, and the line
// between them. A write is stale when it reaches the storage after its writer's hold ended or
// another client took the lock; it is lost harm only where the engine's checker says so.
import type { TraceEvent } from '../sim/trace/schema';
import { actorName } from '../content/actorWords';
import { serverWord } from './expiry';
import { endsLocksEarly } from './clockStepWords';
import { num, ownHold, type Hold, type TimelineState } from './timelineState';
import { fmt } from './timelineWords';

/** A storage that ignores tokens keeps its fence at 0: only a raised fence is worth a word. */
function raisedFence(fence: unknown, before: number | null): boolean {
  const f = num(fence);
  return f !== null && f > 0 && f !== before;
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

export function readWrite(s: TimelineState, ev: TraceEvent, i: number): void {
  const v = ev.value ?? {};
  const id = `e${i}`;
  if (ev.type === 'invoke') {
    s.writeInvoke.set(ev.actor, { t: ev.t, i, body: v.body, token: v.token });
    return;
  }
  const { holds, independentHolds } = s;
  const inv = s.writeInvoke.get(ev.actor);
  s.writeInvoke.delete(ev.actor);
  const startT = inv?.t ?? ev.t;
  const sentAt = inv?.t ?? ev.t;
  const sentIdx = inv?.i ?? i;
  const own = ownHold(s, ev.actor);
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
  const holdsIt = ownHeld && (independentHolds ? alongside === undefined : takenBy === undefined);
  const twoHolders = ownHeld && alongside !== undefined;
  const stale = !holdsIt;
  // The body as the labels say it: empty where the trace gave none.
  const body = typeof v.body === 'string' ? v.body : '';
  // Why it is stale, in the words of what had happened when it was sent.
  const why = !stale
    ? ''
    : own === undefined
      ? 'it never held the lock'
      : own.expiresAt !== null && sentAt >= own.expiresAt
        ? own.jump !== null && endsLocksEarly(own.jump.byMs)
          ? `${serverWord(own.jump.node)}’s clock jump ended its lock at ${fmt(own.expiresAt)}`
          : `its lock ran out at ${fmt(own.expiresAt)}`
        : takenBy !== undefined
          ? `${actorName(takenBy.actor)} had taken the lock at ${fmt(takenBy.t)}`
          : twoHolders
            ? `${actorName(alongside!.actor)} also believes it holds the lock`
            : 'its lock is gone';
  const overwrote = s.overwroteOf(ev);
  const isLost = overwrote !== undefined;
  const token = num(v.token);
  const accepted = ev.type === 'ok';
  const fenceBefore = s.fence;
  const bodyBefore = s.body;
  if (accepted) {
    s.body = typeof v.body === 'string' ? v.body : s.body;
    if ('fence' in v) s.fence = num(v.fence);
  }
  s.marks.push({
    id: `w${i}`,
    lane: ev.actor,
    kind: 'write',
    t: startT,
    // Beside another live majority the write is not late, it is one of two holders'.
    label:
      twoHolders && independentHolds
        ? `write ${body} (2 holders)`
        : `${stale ? 'stale ' : ''}write ${body}`.trim(),
    // At a phone's width, where the write's own words find no room: still said stale.
    ...(stale && !(twoHolders && independentHolds) && typeof v.body === 'string'
      ? { shorter: [`stale ${v.body}`] }
      : {}),
    detail: `${actorName(ev.actor)} sends ${quoted(v.body)} with ${token !== null ? `token ${token}` : 'no token'}${twoHolders && independentHolds ? `, while ${actorName(alongside!.actor)} also believes it holds the lock` : stale ? `, though ${why}` : ''}.`,
    eventIndex: inv?.i ?? i,
    actor: ev.actor,
    stale,
    ...(isLost ? { lost: true } : {}),
  });
  s.marks.push({
    id,
    lane: 'storage',
    kind: accepted ? 'stored' : 'rejected',
    t: ev.t,
    label:
      v.pending === true
        ? `${body} in a transaction`
        : accepted
          ? `stores ${body}${raisedFence(v.fence, fenceBefore) ? `, fence ${num(v.fence)}` : ''}`
          : `rejects ${body}`,
    // Where the full words find no room, the raised fence is what to keep: without it the figure
    // shows only the older fence, and a later write rejected at that same token reads as wrong
    // (fence 34 drawn, "rejects v2b" with token 34). The body goes first, then the verb.
    ...(accepted && v.pending !== true && raisedFence(v.fence, fenceBefore)
      ? {
          shorter: [`${body}, fence ${num(v.fence)}`, `fence ${num(v.fence)}`],
        }
      : {}),
    detail:
      v.pending === true
        ? `The storage holds ${quoted(v.body)} in ${actorName(ev.actor)}’s open transaction: it lands only if that transaction commits.`
        : accepted
          ? isLost
            ? `The storage accepts ${stale ? 'the stale ' : ''}${quoted(v.body)} and overwrites ${actorName(overwrote.actor)}’s ${quoted(overwrote.body)}: an update is lost.`
            : stale
              ? `The storage accepts ${quoted(v.body)} in place of ${quoted(bodyBefore)}, though ${why.replace(/^its /, `${actorName(ev.actor)}’s `)}: ${
                  // A storage that checks no tokens (its fence stays 0), or a write with none:
                  // no token could have stopped it, newer or not. The replay's caption says the same.
                  token === null || num(v.fence) === 0
                    ? 'no other client has written yet, and this storage checks no tokens'
                    : 'no newer token has written yet'
                }. Nothing is lost only because the clients here write without reading: a holder that had read the document before this write landed, and built its own from what it read, would lose this update without anyone seeing it, unless its read was fenced.`
              : `The storage stores ${quoted(v.body)}${raisedFence(v.fence, fenceBefore) ? ` and raises the fence to ${num(v.fence)}` : ''}.`
          : `The storage rejects ${quoted(v.body)}: ${rejectedWhy(token, fenceBefore, v.reason)}. The writer learns it lost the lock.`,
    eventIndex: i,
    actor: ev.actor,
    stale,
    ...(isLost ? { lost: true } : {}),
  });
  s.connectors.push({
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
}
