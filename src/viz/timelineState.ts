// What the lane timeline keeps while it reads a trace event by event: the marks and connectors
// drawn so far, the holds on the lock, and each client's half-seen steps (a pause, a piece of
// work, a write sent and not yet answered). The event readers (timelineLockEvents.ts,
// timelineClientEvents.ts, timelineWrites.ts, timelineFaults.ts) change it; timelineAssembly.ts
// turns it into the model.
import type { Trace } from '../sim/trace/schema';
import { revokedOnServerSchedule, type LockClockJump } from './expiry';
import { overwrittenBy } from './lostWrites';
import type { Connector, Mark } from './timeline';

/** One client's time holding the lock, as the trace shows it. */
export interface Hold {
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

export interface TimelineState {
  trace: Trace;
  marks: Mark[];
  connectors: Connector[];
  /** The run's TTL, or null where there is none. */
  defaultTtlMs: number | null;
  /** Redlock: each client's holds run to their own end and may overlap another's. */
  independentHolds: boolean;
  /** etcd: the server revokes a lease at its TTL or later, on its own schedule. */
  serverRevokes: boolean;
  /** From a write's ok event, the later holder's write it overwrote, if any. */
  overwroteOf: ReturnType<typeof overwrittenBy>;
  /** Every hold, in the order granted. */
  holds: Hold[];
  /** The TTL each client last asked for, until the lock answers. */
  pendingTtlMs: Map<string, number>;
  pauseStart: Map<string, { t: number; i: number; cause: string }>;
  workStart: Map<string, { t: number; i: number }>;
  /** Whether each client's last release was a blind DEL. */
  blindRelease: Map<string, boolean>;
  writeInvoke: Map<string, { t: number; i: number; body: unknown; token: unknown }>;
  /** Each kind of fault the injector has asked for and that has not yet taken effect: its mark. */
  faultAsked: Map<string, Mark>;
  /** The storage's fence and body after the writes read so far. */
  fence: number | null;
  body: string;
}

export function num(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

// A TTL of 0 means none: an advisory lock lives as long as its transaction.
export const positive = (x: unknown) => {
  const n = num(x);
  return n !== null && n > 0 ? n : null;
};

export function createTimelineState(trace: Trace): TimelineState {
  const defaultTtlMs = positive(trace.params.ttlMs);
  // Redlock has no one lock service: each client counts its own majority, and a second client's
  // majority does not end the first one's. Its holds run to their own end and may overlap.
  const independentHolds = trace.params.lock === 'redlock';
  // etcd revokes a lease at its TTL or later, on its own schedule: its hold runs to the TTL or to
  // the last time the trace shows it still held, and its TTL running out frees nothing by itself.
  const serverRevokes = revokedOnServerSchedule(trace);
  // Which accepted writes lost someone's update is the checker's call, not the figure's.
  const overwroteOf = overwrittenBy(trace.events);
  return {
    trace,
    marks: [],
    connectors: [],
    defaultTtlMs,
    independentHolds,
    serverRevokes,
    overwroteOf,
    holds: [],
    pendingTtlMs: new Map(),
    pauseStart: new Map(),
    workStart: new Map(),
    blindRelease: new Map(),
    writeInvoke: new Map(),
    faultAsked: new Map(),
    fence: null,
    body: typeof trace.params.initialBody === 'string' ? trace.params.initialBody : 'v0',
  };
}

export const latestHold = (s: TimelineState): Hold | undefined => s.holds[s.holds.length - 1];

export const ownHold = (s: TimelineState, actor: string): Hold | undefined => {
  for (let k = s.holds.length - 1; k >= 0; k--) if (s.holds[k]!.actor === actor) return s.holds[k];
  return undefined;
};

// When a hold ends by itself: its TTL, or later where the server revokes on its own schedule and
// the trace saw it held past the TTL.
export const runsOutAt = (s: TimelineState, h: Hold): number | null =>
  h.expiresAt !== null && s.serverRevokes && h.seenHeldAt !== null
    ? Math.max(h.expiresAt, h.seenHeldAt)
    : h.expiresAt;

/** Whether a hold still runs at time t: nothing ended it and it has not run out. */
export const runsAt = (s: TimelineState, h: Hold, t: number) => {
  const end = runsOutAt(s, h);
  return h.ended === null && (end === null || t < end);
};
