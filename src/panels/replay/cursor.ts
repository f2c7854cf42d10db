// The replay cursor: time travel over a trace, RaftScope style. The trace never changes, so the
// state after every step is a pure function of the step (replayState.ts); checkpoints keep a seek
// to any step within a few event applications instead of a replay from the start.
import { endsLocksEarly } from '../../viz/clockStepWords';
import type { Trace, TraceEvent } from '../../sim/trace/schema';
import { revokedOnServerSchedule, type LockClockJump } from '../../viz/expiry';
import { overwrittenBy, type OverwrittenWrite } from '../../viz/lostWrites';
import { createStepNoter, type StepNote } from './stepNotes';
import {
  applyEvent,
  finiteNumber,
  initialState,
  lockHolderAt,
  stringOrNull,
  type ReplayState,
} from './replayState';

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
  /** For a stale write the network held on its way: when it was sent, and for how long it was held. */
  held?: { sentAt: number; heldMs: number };
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

export interface CursorOptions {
  /** Keep a full state every this many steps. */
  checkpointEvery?: number;
}

export class ReplayCursor {
  readonly trace: Trace;
  readonly length: number;
  /** The lock's server revokes expired grants on its own schedule (etcd), not at the TTL. */
  readonly serverRevokes: boolean;
  /**
   * The storage keeps a fence: some write it took stored its token (1 or more). One that ignores
   * tokens stores none (fencing off) or 0 (Redlock's, the advisory lock's).
   */
  readonly storesFence: boolean;
  private readonly every: number;
  private readonly checkpoints: ReplayState[] = [];
  /** Pending TTLs per actor at each checkpoint, so a seek resumes with the same knowledge. */
  private readonly checkpointTtls: Map<string, number>[] = [];
  private readonly verdicts = new Map<number, WriteVerdict>();
  private readonly notes = new Map<number, StepNote>();
  private current: ReplayState;

  constructor(trace: Trace, options: CursorOptions = {}) {
    this.trace = trace;
    this.length = trace.events.length;
    this.serverRevokes = revokedOnServerSchedule(trace);
    this.storesFence = trace.events.some(
      (ev) => ev.f === 'write' && ev.type === 'ok' && (finiteNumber(ev.value?.fence) ?? 0) >= 1,
    );
    this.every = Math.max(1, Math.floor(options.checkpointEvery ?? 16));
    // One pass over the trace builds the checkpoints and judges every write once.
    let s = initialState(trace);
    const ttls = new Map<string, number>();
    // A write is judged at the moment it was sent, not when the storage answered.
    const sent = new Map<string, TraceEvent>();
    const overwroteOf = overwrittenBy(trace.events);
    const noteOf = createStepNoter();
    this.checkpoints.push(s);
    this.checkpointTtls.push(new Map(ttls));
    trace.events.forEach((ev, i) => {
      if (ev.f === 'write' && ev.type === 'invoke') sent.set(ev.actor, ev);
      if (ev.f === 'write' && (ev.type === 'ok' || ev.type === 'fail')) {
        const verdict = this.judge(s, ev, sent.get(ev.actor));
        const overwrote = overwroteOf(ev);
        if (overwrote) verdict.overwrote = overwrote;
        this.verdicts.set(i, verdict);
      }
      const before = s;
      s = applyEvent(trace, s, ev, ttls);
      const note = noteOf(ev, before, s);
      if (note) this.notes.set(i, note);
      if (s.step % this.every === 0) {
        this.checkpoints.push(s);
        this.checkpointTtls.push(new Map(ttls));
      }
    });
    this.current = this.checkpoints[0] as ReplayState;
  }

  private judge(before: ReplayState, ev: TraceEvent, request?: TraceEvent): WriteVerdict {
    const v = ev.value ?? {};
    const holder = lockHolderAt(before.lock, request?.t ?? ev.t);
    const token = finiteNumber(v.token);
    const verdict: WriteVerdict = {
      actor: ev.actor,
      body: stringOrNull(v.body) ?? '',
      token,
      accepted: ev.type === 'ok',
      stale: holder !== ev.actor,
      fenceBefore: before.document.fence,
      bodyBefore: before.document.body,
      holder,
    };
    if (verdict.accepted && finiteNumber(v.fence) === 0) verdict.unfenced = true;
    if (verdict.stale) {
      // When the writer's own latest grant runs out, to tell how it lost the lock.
      const ownEndMs = before.grantEnds[ev.actor];
      if (holder !== null && token !== null && before.lock.token === token)
        verdict.lost = 'token-repeated';
      // By the time the write reached the storage (a held write was sent in time, and waited):
      // its reply is the nearest time the trace has.
      else if (ownEndMs === undefined || (ownEndMs !== null && ev.t >= ownEndMs)) {
        const jump = before.grantJumps[ev.actor];
        // A step back made the grant last longer: it still ran out, by its TTL, not the step.
        if (jump && endsLocksEarly(jump.byMs)) {
          verdict.lost = 'clock-jump';
          verdict.jump = jump;
        } else verdict.lost = 'expired';
      } else verdict.lost = 'taken';
    }
    const reason = stringOrNull(v.reason);
    if (reason !== null) verdict.reason = reason;
    // A write the network held (the delayed write), sent while the writer's own grant still ran.
    const heldMs = finiteNumber(request?.value?.heldMs);
    const grantEnd = before.grantEnds[ev.actor];
    const validWhenSent =
      request !== undefined &&
      (grantEnd === null || (grantEnd !== undefined && grantEnd > request.t));
    if (verdict.stale && validWhenSent && heldMs !== null && heldMs > 0)
      verdict.held = { sentAt: request.t, heldMs };
    return verdict;
  }

  /** The state after `step` events, without moving the cursor. */
  stateAt(step: number): ReplayState {
    const target = this.clamp(step);
    const k = Math.floor(target / this.every);
    let s = this.checkpoints[k] as ReplayState;
    const ttls = new Map(this.checkpointTtls[k]);
    for (let i = s.step; i < target; i++) {
      s = applyEvent(this.trace, s, this.trace.events[i] as TraceEvent, ttls);
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

  /** What the run before it adds to the event at index `i` (0-based), when anything does. */
  note(i: number): StepNote | null {
    return this.notes.get(i) ?? null;
  }

  /** The index of the first write reply that came from a client that no longer held the lock. */
  staleWriteIndex(): number | null {
    for (const [i, v] of [...this.verdicts].sort((a, b) => a[0] - b[0])) {
      if (v.stale) return i;
    }
    return null;
  }

  /**
   * The step that shows the first event at or after time t: the moment something happened, even
   * when more events share its ms (a client that takes the lock and writes in the same ms).
   */
  stepOfFirstEventAt(t: number): number {
    const i = this.trace.events.findIndex((ev) => ev.t >= t);
    return i < 0 ? this.trace.events.length : i + 1;
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
