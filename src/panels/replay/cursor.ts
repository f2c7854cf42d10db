// The replay cursor: time travel over a trace, RaftScope style. The trace never changes, so the
// state after every step is a pure function of the step; checkpoints keep a seek to any step
// within a few event applications instead of a replay from the start.
import type { Trace, TraceEvent } from '../../sim/trace/schema';
import {
  expiryAfterJump,
  lockClockJump,
  revokedOnServerSchedule,
  type LockClockJump,
} from '../../viz/expiry';
import { promotedWithoutLock } from '../../viz/failover';
import { overwrittenBy, type OverwrittenWrite } from '../../viz/lostWrites';

export interface DocumentNow {
  body: string;
  /** The highest token that has written, or null while the storage stores none. */
  fence: number | null;
}

/** The lock as the lock service sees it: the last grant, and when it runs out. */
export interface LockNow {
  holder: string | null;
  token: number | null;
  /** When the grant's TTL runs out (acquire ok t + TTL), or null when none. */
  expiresAt: number | null;
  /**
   * The last time another client was refused the lock while this grant stood: the trace's own
   * word that it was still held then, past its TTL or not (etcd revokes on its own schedule).
   */
  seenHeld?: { t: number; by: string };
  /** What freed the lock before its TTL ran out, when something did. */
  freed?: LockFreed;
  /** The step of the server's wall clock that moved this grant's expiry (Redis, the lease row). */
  jumped?: LockClockJump;
}

/**
 * How a lock came to be free while its holder's TTL still ran: another client's blind DEL
 * deleted its key (`deleter`), the database ended the session it lived in (an advisory lock), or
 * a failover promoted a replica that never had its key. `of` is the client that held it.
 */
export type LockFreed =
  | { by: 'blind-delete'; t: number; of: string; deleter: string }
  | { by: 'session-end'; t: number; of: string }
  | { by: 'failover'; t: number; of: string };

/**
 * How a client's latest grant ended without its knowing, for the cases that end it at once: the
 * database ended its session, or a failover lost its key. The client is not told: paused, it
 * still believes it holds the lock.
 */
export type GrantLoss = { by: 'session-end' | 'failover'; t: number };

/** No holder: states share it, as they never mutate one another. */
const FREE_LOCK: LockNow = Object.freeze({ holder: null, token: null, expiresAt: null });

export interface ReplayState {
  /** Events applied so far: 0 is before the first event, `length` is after the last. */
  step: number;
  /** The time of the last applied event, in ms since the start; 0 before any event. */
  t: number;
  document: DocumentNow;
  lock: LockNow;
  /** Clients that believe they hold the lock, with the token they hold (null where none). */
  believers: Readonly<Record<string, number | null>>;
  /** Clients paused right now. */
  paused: readonly string[];
  /** Clients that stopped or crashed. */
  stopped: readonly string[];
  /** Writes made inside a client's open transaction, not yet in the document. */
  pending: Readonly<Record<string, DocumentNow>>;
  /** When each client's own latest grant runs out (null: never), whoever holds the lock now. */
  grantEnds: Readonly<Record<string, number | null>>;
  /** The clock step that moved a client's latest grant's end, for the clients it moved. */
  grantJumps: Readonly<Record<string, LockClockJump>>;
  /** How each client's latest grant was lost, for the clients whose grant a session end or a
   *  failover took (see `GrantLoss`). */
  grantLosses: Readonly<Record<string, GrantLoss>>;
  /**
   * Each client's latest event: when, which operation, and whether it still waits for its answer.
   * A client that holds on after its TTL ran out is either paused, waiting, or done and idle.
   */
  lastStep: Readonly<Record<string, { t: number; f: string; waiting: boolean }>>;
}

/**
 * What a write meant when it reached the storage. `stale` is true when the writer no longer held
 * the lock by the lock service's account: it expired, or another client took it since.
 */
export interface WriteVerdict {
  actor: string;
  body: string;
  token: number | null;
  accepted: boolean;
  stale: boolean;
  /** The fence the storage held just before the write. */
  fenceBefore: number | null;
  /** The body the write replaced (accepted) or kept (rejected). */
  bodyBefore: string;
  /** Who the lock service said held the lock when the write was sent (null: nobody). */
  holder: string | null;
  /**
   * For a stale write, how its writer had lost the lock: its own grant ran out (`expired`);
   * another client was given the very token it writes with (`token-repeated`: a failover lost
   * the counter's last step), which the storage's check cannot tell apart; the lock server's
   * wall clock stepped past the grant's expiry (`clock-jump`, with the step in `jump`); or the
   * lock went to another before the writer's grant ran out (`taken`: a clock jump let a Redlock
   * node free it early).
   */
  lost?: 'expired' | 'token-repeated' | 'clock-jump' | 'taken';
  jump?: LockClockJump;
  /**
   * True when the storage took the write without checking its token (fencing off, Redlock, the
   * advisory lock): a storage that checks tokens stores the writer's token, 1 or more, as the
   * fence, so an accepted write that reports fence 0 went to one that ignores them.
   */
  unfenced?: boolean;
  /**
   * For an accepted write that overwrote a later holder's write, whose write it was: only then is
   * an update lost (the engine's lost-update checker decides, as on the timeline). A late write
   * that replaced the starting document, or its own writer's, loses nothing.
   */
  overwrote?: OverwrittenWrite;
  reason?: string;
}

export const DEFAULT_INITIAL_BODY = 'v0';

function num(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

function str(x: unknown): string | null {
  return typeof x === 'string' ? x : null;
}

/** The body the document starts with: `params.initialBody` when it is a string, else "v0". */
export function initialBody(trace: Trace): string {
  return str(trace.params.initialBody) ?? DEFAULT_INITIAL_BODY;
}

export function initialState(trace: Trace): ReplayState {
  return {
    step: 0,
    t: 0,
    document: { body: initialBody(trace), fence: null },
    lock: FREE_LOCK,
    believers: {},
    paused: [],
    stopped: [],
    pending: {},
    grantEnds: {},
    grantJumps: {},
    grantLosses: {},
    lastStep: {},
  };
}

/**
 * Who holds the lock at time t, counting expiry: a grant past its TTL holds nothing, unless the
 * trace saw it still held then (another client refused at or after t).
 */
export function lockHolderAt(lock: LockNow, t: number): string | null {
  if (lock.holder === null) return null;
  const seenHeld = lock.seenHeld !== undefined && t <= lock.seenHeld.t;
  if (lock.expiresAt !== null && t >= lock.expiresAt && !seenHeld) return null;
  return lock.holder;
}

function dropPending(
  pending: Readonly<Record<string, DocumentNow>>,
  actor: string,
): Readonly<Record<string, DocumentNow>> {
  if (!(actor in pending)) return pending;
  const next = { ...pending };
  delete next[actor];
  return next;
}

function without(list: readonly string[], actor: string): readonly string[] {
  return list.includes(actor) ? list.filter((a) => a !== actor) : list;
}

function withActor(list: readonly string[], actor: string): readonly string[] {
  return list.includes(actor) ? list : [...list, actor];
}

function forget(
  believers: Readonly<Record<string, number | null>>,
  actor: string,
): Readonly<Record<string, number | null>> {
  if (!(actor in believers)) return believers;
  const next = { ...believers };
  delete next[actor];
  return next;
}

/**
 * The TTL an acquire asked for: from its invoke, else the scenario's `ttlMs`. A TTL of 0 means
 * the lock has none (an advisory lock lives as long as its transaction), so it never expires.
 */
function ttlOf(trace: Trace, pendingTtl: Map<string, number>, ev: TraceEvent): number | null {
  const ttl = num(ev.value?.ttlMs) ?? pendingTtl.get(ev.actor) ?? num(trace.params.ttlMs);
  return ttl !== null && ttl > 0 ? ttl : null;
}

/** Whether the release this event answers (the actor's last release before event `index`) was blind. */
function releaseWasBlind(trace: Trace, index: number, actor: string): boolean {
  for (let i = index - 1; i >= 0; i--) {
    const e = trace.events[i]!;
    if (e.actor === actor && e.f === 'release' && e.type === 'invoke')
      return e.value?.blind === true;
  }
  return false;
}

function withoutKey<T>(
  record: Readonly<Record<string, T>>,
  key: string,
): Readonly<Record<string, T>> {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}

function positive(x: unknown): number | null {
  const n = num(x);
  return n !== null && n > 0 ? n : null;
}

/**
 * Applies one event. Returns a new state and never mutates the old one, so checkpoints can share
 * structure with the states that follow them.
 */
function apply(
  trace: Trace,
  s: ReplayState,
  ev: TraceEvent,
  pendingTtl: Map<string, number>,
): ReplayState {
  const next: ReplayState = { ...s, step: s.step + 1, t: ev.t };
  const v = ev.value ?? {};
  if (ev.actor !== 'nemesis') {
    const last = { t: ev.t, f: ev.f, waiting: ev.type === 'invoke' };
    next.lastStep = { ...s.lastStep, [ev.actor]: last };
  }
  switch (ev.f) {
    case 'acquire':
      if (ev.type === 'invoke') {
        const ttl = num(v.ttlMs);
        if (ttl !== null) pendingTtl.set(ev.actor, ttl);
      } else if (ev.type === 'ok') {
        const token = num(v.token);
        // What the server granted (etcd rounds up to whole seconds), else what was asked for.
        const ttl =
          positive(v.validityMs) ?? positive(v.leaseTtlMs) ?? ttlOf(trace, pendingTtl, ev);
        const expiresAt = ttl === null ? null : ev.t + ttl;
        next.lock = { holder: ev.actor, token, expiresAt };
        next.believers = { ...s.believers, [ev.actor]: token };
        next.grantEnds = { ...s.grantEnds, [ev.actor]: expiresAt };
        next.grantJumps = withoutKey(s.grantJumps, ev.actor);
        next.grantLosses = withoutKey(s.grantLosses, ev.actor);
      } else if (ev.type === 'fail' && s.lock.holder !== null && s.lock.holder !== ev.actor) {
        next.lock = { ...s.lock, seenHeld: { t: ev.t, by: ev.actor } };
      }
      break;
    case 'extend':
      if (ev.type === 'invoke') {
        const ttl = num(v.ttlMs);
        if (ttl !== null) pendingTtl.set(ev.actor, ttl);
      } else if (ev.type === 'ok' && s.lock.holder === ev.actor) {
        const ttl = ttlOf(trace, pendingTtl, ev);
        const expiresAt = ttl === null ? null : ev.t + ttl;
        next.lock = { holder: s.lock.holder, token: s.lock.token, expiresAt };
        next.grantEnds = { ...s.grantEnds, [ev.actor]: expiresAt };
        next.grantJumps = withoutKey(s.grantJumps, ev.actor);
      } else if (ev.type === 'fail') {
        // A failed extend means the lock is gone: the client must stop believing it holds it.
        next.believers = forget(s.believers, ev.actor);
      }
      break;
    case 'release':
      if (ev.type === 'invoke') next.believers = forget(s.believers, ev.actor);
      // The holder's own release frees the lock. So does a blind DEL that deleted a key, whoever
      // held it: that is the slow-release failure, where the key was another client's. A release
      // that checks the token and let go of keys (Redlock's, on the nodes still its own) frees
      // nothing another client holds.
      if (ev.type === 'ok') {
        const holder = lockHolderAt(s.lock, ev.t);
        if (holder === ev.actor) {
          next.lock = FREE_LOCK;
        } else if (positive(v.released) !== null && releaseWasBlind(trace, s.step, ev.actor)) {
          next.lock =
            holder === null
              ? FREE_LOCK
              : {
                  ...FREE_LOCK,
                  freed: { by: 'blind-delete', t: ev.t, of: holder, deleter: ev.actor },
                };
        }
      }
      if (ev.actor in s.pending) {
        // A release that commits applies the transaction's writes; any other end drops them.
        const held = s.pending[ev.actor] as DocumentNow;
        if (ev.type === 'ok' && v.committed === true) next.document = held;
        if (ev.type !== 'invoke') next.pending = dropPending(s.pending, ev.actor);
      }
      break;
    case 'write':
      if (ev.type === 'ok') {
        const body = str(v.body) ?? s.document.body;
        // Fencing off stores no fence: the write carries none, and the old fence (null) stays.
        const fence = 'fence' in v ? num(v.fence) : s.document.fence;
        // A write inside an open transaction is not in the document until the commit.
        if (v.pending === true) next.pending = { ...s.pending, [ev.actor]: { body, fence } };
        else next.document = { body, fence };
      } else if (ev.type === 'fail') {
        // The storage said no: the client learns here that it lost the lock.
        next.believers = forget(s.believers, ev.actor);
      }
      break;
    case 'pause':
      next.paused = withActor(s.paused, ev.actor);
      break;
    case 'resume':
      next.paused = without(s.paused, ev.actor);
      break;
    case 'crash':
    case 'stop':
      next.pending = dropPending(s.pending, ev.actor);
      next.paused = without(s.paused, ev.actor);
      next.believers = forget(s.believers, ev.actor);
      next.stopped = withActor(s.stopped, ev.actor);
      break;
    case 'clock-jump': {
      // The lock server's wall clock stepped: the grant that still runs ends that much sooner.
      const jump = lockClockJump(trace, ev);
      const { holder, expiresAt } = s.lock;
      if (jump && holder !== null && expiresAt !== null && lockHolderAt(s.lock, ev.t) !== null) {
        const movedTo = expiryAfterJump(expiresAt, jump);
        next.lock = { ...s.lock, expiresAt: movedTo, jumped: jump };
        next.grantEnds = { ...s.grantEnds, [holder]: movedTo };
        next.grantJumps = { ...s.grantJumps, [holder]: jump };
      }
      break;
    }
    case 'failover': {
      // The promoted replica serves the lock from now on, and one that never received the holder's
      // key has no lock at all. The holder is not told and still believes it holds the lock.
      const holder = lockHolderAt(s.lock, ev.t);
      if (holder !== null && promotedWithoutLock(ev)) {
        next.lock = { ...FREE_LOCK, freed: { by: 'failover', t: ev.t, of: holder } };
        next.grantLosses = { ...s.grantLosses, [holder]: { by: 'failover', t: ev.t } };
      }
      break;
    }
    case 'terminate': {
      // Once the session is ended (the completion, not the request): its transaction rolls back
      // and a lock that lived in it ends. The client itself is not told, so a paused client stays
      // paused and still believes it holds the lock; it learns otherwise on its next call.
      const target = str(v.target);
      if (target && ev.type !== 'invoke') {
        next.pending = dropPending(s.pending, target);
        if (s.lock.holder === target)
          next.lock = { ...FREE_LOCK, freed: { by: 'session-end', t: ev.t, of: target } };
        next.grantLosses = { ...s.grantLosses, [target]: { by: 'session-end', t: ev.t } };
      }
      break;
    }
    default:
      break;
  }
  return next;
}

export interface CursorOptions {
  /** Keep a full state every this many steps. */
  checkpointEvery?: number;
}

export class ReplayCursor {
  readonly trace: Trace;
  readonly length: number;
  /** The lock's server revokes expired grants on its own schedule (etcd), not at the TTL. */
  readonly serverRevokes: boolean;
  private readonly every: number;
  private readonly checkpoints: ReplayState[] = [];
  /** Pending TTLs per actor at each checkpoint, so a seek resumes with the same knowledge. */
  private readonly checkpointTtls: Map<string, number>[] = [];
  private readonly verdicts = new Map<number, WriteVerdict>();
  private current: ReplayState;

  constructor(trace: Trace, options: CursorOptions = {}) {
    this.trace = trace;
    this.length = trace.events.length;
    this.serverRevokes = revokedOnServerSchedule(trace);
    this.every = Math.max(1, Math.floor(options.checkpointEvery ?? 16));
    // One pass over the trace builds the checkpoints and judges every write once.
    let s = initialState(trace);
    const ttls = new Map<string, number>();
    // A write is judged at the moment it was sent, not when the storage answered.
    const sentAt = new Map<string, number>();
    const overwroteOf = overwrittenBy(trace.events);
    this.checkpoints.push(s);
    this.checkpointTtls.push(new Map(ttls));
    trace.events.forEach((ev, i) => {
      if (ev.f === 'write' && ev.type === 'invoke') sentAt.set(ev.actor, ev.t);
      if (ev.f === 'write' && (ev.type === 'ok' || ev.type === 'fail')) {
        const verdict = this.judge(s, ev, sentAt.get(ev.actor) ?? ev.t);
        const overwrote = overwroteOf(ev);
        if (overwrote) verdict.overwrote = overwrote;
        this.verdicts.set(i, verdict);
      }
      s = apply(trace, s, ev, ttls);
      if (s.step % this.every === 0) {
        this.checkpoints.push(s);
        this.checkpointTtls.push(new Map(ttls));
      }
    });
    this.current = this.checkpoints[0] as ReplayState;
  }

  private judge(before: ReplayState, ev: TraceEvent, sentAtMs: number): WriteVerdict {
    const v = ev.value ?? {};
    const holder = lockHolderAt(before.lock, sentAtMs);
    const token = num(v.token);
    const verdict: WriteVerdict = {
      actor: ev.actor,
      body: str(v.body) ?? '',
      token,
      accepted: ev.type === 'ok',
      stale: holder !== ev.actor,
      fenceBefore: before.document.fence,
      bodyBefore: before.document.body,
      holder,
    };
    if (verdict.accepted && num(v.fence) === 0) verdict.unfenced = true;
    if (verdict.stale) {
      // When the writer's own latest grant runs out, to tell how it lost the lock.
      const ownEndMs = before.grantEnds[ev.actor];
      if (holder !== null && token !== null && before.lock.token === token)
        verdict.lost = 'token-repeated';
      // By the time the write reached the storage (a held write was sent in time, and waited):
      // its reply is the nearest time the trace has.
      else if (ownEndMs === undefined || (ownEndMs !== null && ev.t >= ownEndMs)) {
        const jump = before.grantJumps[ev.actor];
        if (jump) {
          verdict.lost = 'clock-jump';
          verdict.jump = jump;
        } else verdict.lost = 'expired';
      } else verdict.lost = 'taken';
    }
    const reason = str(v.reason);
    if (reason !== null) verdict.reason = reason;
    return verdict;
  }

  /** The state after `step` events, without moving the cursor. */
  stateAt(step: number): ReplayState {
    const target = this.clamp(step);
    const k = Math.floor(target / this.every);
    let s = this.checkpoints[k] as ReplayState;
    const ttls = new Map(this.checkpointTtls[k]);
    for (let i = s.step; i < target; i++) {
      s = apply(this.trace, s, this.trace.events[i] as TraceEvent, ttls);
    }
    return s;
  }

  clamp(step: number): number {
    if (!Number.isFinite(step)) return 0;
    return Math.min(this.length, Math.max(0, Math.round(step)));
  }

  get step(): number {
    return this.current.step;
  }

  state(): ReplayState {
    return this.current;
  }

  seek(step: number): ReplayState {
    this.current = this.stateAt(step);
    return this.current;
  }

  forward(): ReplayState {
    return this.seek(this.current.step + 1);
  }

  back(): ReplayState {
    return this.seek(this.current.step - 1);
  }

  /** The event the cursor has just applied, or null at step 0. */
  eventAt(step: number): TraceEvent | null {
    const i = this.clamp(step) - 1;
    return i >= 0 ? (this.trace.events[i] ?? null) : null;
  }

  /** How the storage judged the write at event index `i` (0-based), when it is a write reply. */
  verdict(i: number): WriteVerdict | null {
    return this.verdicts.get(i) ?? null;
  }

  /** The index of the first write reply that came from a client that no longer held the lock. */
  staleWriteIndex(): number | null {
    for (const [i, v] of [...this.verdicts].sort((a, b) => a[0] - b[0])) {
      if (v.stale) return i;
    }
    return null;
  }

  /** The step at which all events up to time t have happened. */
  stepAtTime(t: number): number {
    let step = 0;
    for (const ev of this.trace.events) {
      if (ev.t > t) break;
      step++;
    }
    return step;
  }
}

/** An event's part in its operation: the request, or what came of it (a reply, or a lone event). */
function phase(ev: TraceEvent): 'invoke' | 'done' {
  return ev.type === 'invoke' ? 'invoke' : 'done';
}

/**
 * The index in `to` of the event that plays the same part as `from.events[i]`: the k-th event of
 * the same actor, operation and phase. A reply matches a reply whatever it said, so client 1's
 * late write matches whether the storage took it (fencing off) or refused it (fencing on).
 */
function matchingEvent(from: Trace, i: number, to: Trace): number | null {
  const ev = from.events[i];
  if (!ev) return null;
  const same = (e: TraceEvent) => e.actor === ev.actor && e.f === ev.f && phase(e) === phase(ev);
  let k = 0;
  for (let j = 0; j < i; j++) if (same(from.events[j] as TraceEvent)) k++;
  for (let j = 0; j < to.events.length; j++) {
    if (!same(to.events[j] as TraceEvent)) continue;
    if (k === 0) return j;
    k--;
  }
  return null;
}

/** The number of events of `trace` at or before time t. */
function stepsUpTo(trace: Trace, t: number): number {
  let step = 0;
  for (const ev of trace.events) {
    if (ev.t > t) break;
    step++;
  }
  return step;
}

/**
 * The step of `to` that shows the same moment of the story as `step` of `from`: another variant
 * or lock of one scenario, so the reader who flips fencing at the stale write sees the stale
 * write again, with the other outcome. The event just applied is matched by who did what (its
 * k-th occurrence); one with no counterpart (a release the other run never sends) falls back to
 * the last matched event before it, or to time when that is later, and a last event with none to
 * the other run's end. The start maps to the start.
 */
export function correspondingStep(from: Trace, step: number, to: Trace): number {
  if (!Number.isFinite(step) || step <= 0) return 0;
  const at = Math.min(from.events.length, Math.round(step)) - 1;
  const exact = matchingEvent(from, at, to);
  if (exact !== null) return exact + 1;
  if (at === from.events.length - 1) return to.events.length;
  let anchor = 0;
  for (let i = at - 1; i >= 0; i--) {
    const j = matchingEvent(from, i, to);
    if (j !== null) {
      anchor = j + 1;
      break;
    }
  }
  const byTime = stepsUpTo(to, (from.events[at] as TraceEvent).t);
  return Math.min(to.events.length, Math.max(anchor, byTime));
}
