// The paused client's story in numbers, read from the run the figure draws, so the sentence under
// the figure always matches its marks.
import type { TimelineModel } from '../../viz/timeline';
import { fmt } from '../../viz/timeline';

export interface PausedClientStory {
  lockTakenMs: number | null;
  ttlRunsOutMs: number | null;
  pause: { fromMs: number; toMs: number } | null;
  secondAcquireMs: number | null;
  secondWriteMs: number | null;
  /**
   * The write sent without the lock, and what the storage did with it; `lost` when it overwrote
   * a later holder's write (the engine's lost-update checker decides, through the marks).
   */
  staleWrite: { atMs: number; accepted: boolean; lost: boolean } | null;
  /**
   * Client 1's write stored while its lock still held (a TTL longer than the pause), and when it
   * let go: the figure draws both, so the sentence under it tells them too.
   */
  heldWrite: { atMs: number; releaseMs: number | null } | null;
}

export function pausedClientStory(model: TimelineModel): PausedClientStory {
  const first = model.marks.find((m) => m.kind === 'acquire');
  const firstActor = first?.actor;
  const second = model.marks.find((m) => m.kind === 'acquire' && m.actor !== firstActor);
  const expiry = model.marks.find((m) => m.kind === 'expire' && m.actor === firstActor);
  const pause = model.marks.find((m) => m.kind === 'pause' && m.actor === firstActor);
  const secondWrite = model.marks.find(
    (m) => m.kind === 'write' && m.actor === second?.actor && !m.stale,
  );
  const staleReply = model.marks.find(
    (m) => (m.kind === 'stored' || m.kind === 'rejected') && m.stale,
  );
  const heldStored = model.marks.find(
    (m) => m.kind === 'stored' && m.actor === firstActor && !m.stale,
  );
  const release = model.marks.find((m) => m.kind === 'release' && m.actor === firstActor);
  return {
    lockTakenMs: first?.t ?? null,
    ttlRunsOutMs: expiry?.t ?? null,
    pause: pause && pause.t2 !== undefined ? { fromMs: pause.t, toMs: pause.t2 } : null,
    secondAcquireMs: second?.t ?? null,
    secondWriteMs: secondWrite?.t ?? null,
    staleWrite: staleReply
      ? {
          atMs: staleReply.t,
          accepted: staleReply.kind === 'stored',
          lost: staleReply.lost === true,
        }
      : null,
    heldWrite: heldStored ? { atMs: heldStored.t, releaseMs: release?.t ?? null } : null,
  };
}

/** Whether the lock ran out while its holder was paused. */
export function expiredMidPause(s: PausedClientStory): boolean {
  return (
    s.ttlRunsOutMs !== null &&
    s.pause !== null &&
    s.pause.fromMs <= s.ttlRunsOutMs &&
    s.ttlRunsOutMs <= s.pause.toMs
  );
}

/**
 * One paragraph a reader can check against the figure, in the order things happened: with other
 * numbers (the figure's "try other numbers"), client 1 may write before client 2 asks.
 */
export function storySentence(s: PausedClientStory): string {
  const sentences: string[] = [];
  const opening: string[] = [];
  if (s.lockTakenMs !== null) opening.push(`Client 1 takes the lock at ${fmt(s.lockTakenMs)}`);
  if (s.pause && s.pause.toMs > s.pause.fromMs)
    opening.push(`pauses from ${fmt(s.pause.fromMs)} to ${fmt(s.pause.toMs)}`);
  let first = opening.join(' and ');
  if (s.ttlRunsOutMs !== null) {
    const when = expiredMidPause(s) ? ', mid-pause' : ', before client 1 lets go';
    first += `${first ? '. ' : ''}Its TTL runs out at ${fmt(s.ttlRunsOutMs)}${when}`;
  }
  if (first) sentences.push(first);
  const later: { t: number; text: string }[] = [];
  if (s.secondAcquireMs !== null) {
    // Shown to the tenth of a ms, the write often reads the same as the grant: say "at once".
    const writes =
      s.secondWriteMs === null
        ? ''
        : fmt(s.secondWriteMs) === fmt(s.secondAcquireMs)
          ? ' and writes at once'
          : ` and writes at ${fmt(s.secondWriteMs)}`;
    later.push({
      t: s.secondAcquireMs,
      text: `Client 2 takes the lock at ${fmt(s.secondAcquireMs)}${writes}`,
    });
  }
  if (s.staleWrite) {
    // Accepted is harm only when it overwrote a later holder's write. A late write that lands
    // before the new holder's first write gets past the fence, and loses nothing here only
    // because client 2 writes without reading.
    const secondHeldFirst = s.secondAcquireMs !== null && s.secondAcquireMs <= s.staleWrite.atMs;
    const what = !s.staleWrite.accepted
      ? 'rejects the stale write'
      : s.staleWrite.lost
        ? 'accepts the stale write and overwrites client 2’s: an update is lost'
        : secondHeldFirst
          ? 'accepts the late write, since no newer token has written yet. Nothing is lost, but only because client 2 writes without reading: had it read before this write landed and built its own from what it read, client 1’s update would be lost without anyone seeing it'
          : 'accepts the late write, as nobody else holds the lock yet: nothing is lost';
    // Told from the wake, where the sentence starts: client 1 may wake and send just before
    // client 2 is granted the lock, and its write land just after.
    later.push({
      t: s.pause?.toMs ?? s.staleWrite.atMs,
      text: `Client 1 wakes and writes anyway; at ${fmt(s.staleWrite.atMs)} the storage ${what}`,
    });
  }
  if (s.heldWrite) {
    // Without a pause, client 1's grant is the sentence just before this one (client 2 asks
    // only after the TTL), so "it" is client 1.
    const { atMs, releaseMs } = s.heldWrite;
    const paused = s.pause !== null && s.pause.toMs > s.pause.fromMs;
    const lets =
      releaseMs === null ? '' : `, and ${paused ? 'client 1' : 'it'} lets go at ${fmt(releaseMs)}`;
    later.push({
      t: paused ? s.pause!.toMs : atMs,
      text: `${paused ? 'Client 1 wakes with its lock still live and writes' : 'It writes'}; at ${fmt(atMs)} the storage stores it${lets}`,
    });
  }
  later.sort((a, b) => a.t - b.t);
  for (const l of later) sentences.push(l.text);
  return sentences.length > 0 ? `${sentences.join('. ')}.` : '';
}
