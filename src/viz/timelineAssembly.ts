// The lane timeline's last step, once every event is read: the holds become bars (and expiry
// marks) on the lock lane, and the lanes, the marks in time order and the run's end make the model.
import { actorName } from '../content/actorWords';
import { serverWord, type LockClockJump } from './expiry';
import type { TimelineModel } from './timeline';
import type { Trace } from '../sim/trace/schema';
import { runsOutAt, type Hold, type TimelineState } from './timelineState';
import { fmt, serverName } from './timelineWords';
import { endsLocksEarly, stepWords } from './clockStepWords';
import { compareCodeUnits } from './compareCodeUnits';

/** How a grant ran out when its server's wall clock stepped while it ran (forward or back). */
function ranOutByJump(actor: string, expiresAt: number, jump: LockClockJump): string {
  const server = serverWord(jump.node);
  const who = actorName(actor);
  const stepped = `${server}’s wall clock jumped ${stepWords(jump.byMs)} at ${fmt(jump.t)}`;
  if (!endsLocksEarly(jump.byMs))
    return `${stepped}, so ${who}’s TTL runs out by that clock at ${fmt(expiresAt)}, ${-jump.byMs} ms late: the lock is free, and ${who} is not told.`;
  return expiresAt <= jump.t
    ? `${stepped}, past ${who}’s expiry: the lock is free at once, and ${who} is not told.`
    : `${stepped}, so ${who}’s TTL runs out at ${fmt(expiresAt)}, ${jump.byMs} ms early: the lock is free, and ${who} is not told.`;
}

/** Pushes each hold's bar, and its expiry mark where it ran out, onto the lock lane. */
function pushHoldBars(s: TimelineState, endMs: number): void {
  const { trace, holds, marks, independentHolds, serverRevokes } = s;
  // A Redlock client's grant ends with the validity it counts, a little before the nodes' TTL.
  const ttlWord = serverRevokes ? 'lease TTL' : independentHolds ? 'validity' : 'TTL';
  // Holds become intervals on the lock lane; a hold that ran out gets an expiry mark. A hold
  // that begins while another still runs (only Redlock's can) takes the lane's second row.
  const holdEnds: number[] = [];
  holds.forEach((h, k) => {
    const runsOut = runsOutAt(s, h) ?? endMs;
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
          h.jump !== null && endsLocksEarly(h.jump.byMs)
            ? 'clock jump frees it'
            : independentHolds
              ? 'validity runs out'
              : 'TTL runs out',
        detail: h.jump
          ? ranOutByJump(h.actor, h.expiresAt, h.jump)
          : `${actorName(h.actor)}’s ${ttlWord} runs out at ${fmt(h.expiresAt)}${serverRevokes ? `; ${serverName(trace)} revokes the lease on its own schedule` : ': the lock is free'}, ${crashedFirst(trace, h) ?? `and ${actorName(h.actor)} is not told`}.`,
        eventIndex: h.i,
        actor: h.actor,
      });
    }
  });
}

/** The model, from the state once every event is read: hold bars, lanes, marks in order, end. */
export function assembleTimeline(s: TimelineState): TimelineModel {
  const { trace, marks, connectors } = s;
  const clients = [
    ...new Set(trace.events.filter((e) => e.actor !== 'nemesis').map((e) => e.actor)),
  ].sort();
  const hasFaults = trace.events.some((e) => e.actor === 'nemesis');
  const endMs = trace.events.reduce((m, e) => Math.max(m, e.t), 0);
  pushHoldBars(s, endMs);
  const laneIds: { id: string; label: string }[] = [
    ...clients.map((c) => ({ id: c, label: actorName(c) })),
    ...(hasFaults ? [{ id: 'nemesis', label: 'faults' }] : []),
    { id: 'lock', label: 'the lock' },
    { id: 'storage', label: 'the storage' },
  ];
  return {
    lanes: laneIds.map((l) => ({ ...l, y: 0 })),
    marks: marks.sort((a, b) => a.t - b.t || compareCodeUnits(a.id, b.id)),
    connectors,
    endMs,
  };
}

/**
 * "client 1 having crashed at 54.9 ms": said of a holder that crashed before its TTL ran out, in
 * place of "is not told", which would suggest it was still there to be told.
 */
function crashedFirst(trace: Trace, h: Hold): string | null {
  const crash = trace.events.find(
    (ev) =>
      ev.f === 'crash' && ev.actor === h.actor && ev.t >= h.t && ev.t <= (h.expiresAt ?? ev.t),
  );
  return crash ? `${actorName(h.actor)} having crashed at ${fmt(crash.t)}` : null;
}
