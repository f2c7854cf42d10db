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
  staleWrite: { atMs: number; accepted: boolean } | null;
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
  return {
    lockTakenMs: first?.t ?? null,
    ttlRunsOutMs: expiry?.t ?? null,
    pause: pause && pause.t2 !== undefined ? { fromMs: pause.t, toMs: pause.t2 } : null,
    secondAcquireMs: second?.t ?? null,
    secondWriteMs: secondWrite?.t ?? null,
    staleWrite: staleReply ? { atMs: staleReply.t, accepted: staleReply.kind === 'stored' } : null,
  };
}

/** One paragraph a reader can check against the figure. */
export function storySentence(s: PausedClientStory): string {
  const parts: string[] = [];
  if (s.lockTakenMs !== null) parts.push(`Client 1 takes the lock at ${fmt(s.lockTakenMs)}`);
  if (s.pause) parts.push(`pauses from ${fmt(s.pause.fromMs)} to ${fmt(s.pause.toMs)}`);
  let text = parts.join(' and ');
  if (s.ttlRunsOutMs !== null) text += `. Its TTL runs out at ${fmt(s.ttlRunsOutMs)}, mid-pause`;
  if (s.secondAcquireMs !== null) {
    text += `. Client 2 takes the lock at ${fmt(s.secondAcquireMs)}`;
    if (s.secondWriteMs !== null) text += ` and writes at ${fmt(s.secondWriteMs)}`;
  }
  if (s.staleWrite) {
    text += `. Client 1 wakes and writes anyway; at ${fmt(s.staleWrite.atMs)} the storage ${
      s.staleWrite.accepted ? 'accepts the stale write' : 'rejects the stale write'
    }`;
  }
  return text ? `${text}.` : '';
}
