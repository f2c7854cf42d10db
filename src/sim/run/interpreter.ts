import type { Scheduler } from '../core/world';
import type { Prng } from '../core/prng';
import type { StoredDocument, TraceEvent } from '../trace/schema';
import type { Backend, OpResult } from './backend';
import type { Script, Step } from './script';

/** Trace times are kept to the microsecond so that runs print the same on every machine. */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** Why an actor's timer is set: it fires `onTimer`, which reads this to know what comes next. */
type TimerFor = 'start' | 'resume' | 'work-done' | 'retry';

/**
 * One actor: where it is in its steps, the token it holds, and its two entry points. An actor
 * waits for one thing at a time (a timer or one answer), so one answer handler and one timer
 * handler, made once per actor, serve every step instead of a fresh closure per step.
 */
interface ActorState {
  name: string;
  steps: Step[];
  pc: number;
  token: number | null;
  done: boolean;
  timerFor: TimerFor;
  /** The backend's answer to the current step. */
  onAnswer: (r: OpResult) => void;
  /** The actor's timer fired. */
  onTimer: () => void;
}

/** A step whose actor waits for a signal that has not been emitted yet. */
interface Waiting {
  signal: string;
  actor: ActorState;
}

/** Each script's actors as a list, made once per script: a seed sweep plays one script often. */
const actorLists = new WeakMap<Script, readonly (readonly [string, Step[]])[]>();

function actorsOf(script: Script): readonly (readonly [string, Step[]])[] {
  let list = actorLists.get(script);
  if (list === undefined) {
    list = Object.entries(script.actors);
    actorLists.set(script, list);
  }
  return list;
}

/**
 * Plays a script against a backend. Each actor runs its steps in order; `atMs` and `waitFor`
 * line actors up with each other. When every actor is done, the stored document is read and
 * `finish` gets the events and the document.
 */
export function playScript(
  script: Script,
  backend: Backend,
  scheduler: Scheduler,
  prng: Prng,
  finish: (events: TraceEvent[], document: StoredDocument) => void,
): void {
  new ScriptPlayer(script, backend, scheduler, prng, finish).start();
}

/**
 * One playing of a script. A class rather than a nest of closures: the simulator plays a script
 * per run, hundreds of thousands of times a second, and its methods are shared by every run.
 */
class ScriptPlayer {
  private readonly events: TraceEvent[] = [];
  private readonly actors: ActorState[] = [];
  private running = 0;
  /** Signals emitted so far, and actors waiting for one; scenarios have a handful at most. */
  private signals: string[] | null = null;
  private waiting: Waiting[] | null = null;

  constructor(
    private readonly script: Script,
    private readonly backend: Backend,
    private readonly scheduler: Scheduler,
    private readonly prng: Prng,
    private readonly finish: (events: TraceEvent[], document: StoredDocument) => void,
  ) {
    // Indexed rather than destructured: destructuring an array walks its iterator, which made
    // the PRNG's constructor three times slower (see core/prng.ts).
    for (const entry of actorsOf(script)) {
      const a: ActorState = {
        name: entry[0],
        steps: entry[1],
        pc: 0,
        token: null,
        done: false,
        timerFor: 'start',
        onAnswer: (r) => this.answered(a, r),
        onTimer: () => this.timerFired(a),
      };
      this.actors.push(a);
    }
    this.running = this.actors.length;
  }

  start(): void {
    if (this.actors.length === 0) {
      this.readDocument();
      return;
    }
    for (const a of this.actors) this.next(a);
  }

  private readDocument(): void {
    this.backend.readDocument((doc) => this.finish(this.events, doc));
  }

  /** Every event has the same six fields (absent ones undefined, which JSON leaves out), so the
   *  code that reads traces sees one shape. */
  private record(
    actor: string,
    f: TraceEvent['f'],
    type: TraceEvent['type'],
    value?: Record<string, unknown>,
    note?: string,
  ): void {
    this.events.push({ t: roundMs(this.scheduler.nowMs()), actor, f, type, value, note });
  }

  private finishActor(a: ActorState): void {
    if (a.done) return;
    a.done = true;
    this.running--;
    if (this.running === 0) this.readDocument();
  }

  private emitted(signal: string): boolean {
    return this.signals !== null && this.signals.includes(signal);
  }

  private emit(step: Step): void {
    const signal = step.signal;
    if (signal === undefined || this.emitted(signal)) return;
    (this.signals ??= []).push(signal);
    const waiting = this.waiting;
    if (waiting === null) return;
    const ready = waiting.filter((w) => w.signal === signal);
    if (ready.length === 0) return;
    this.waiting = waiting.filter((w) => w.signal !== signal);
    for (const w of ready) this.begin(w.actor);
  }

  private advance(a: ActorState): void {
    this.emit(a.steps[a.pc]!);
    a.pc++;
    this.next(a);
  }

  /**
   * The client learned it lost the lock (or never got it): it stops, as a correct client must.
   * Whoever waits for this step or a later one of this actor must not wait forever: those steps
   * are over, if badly, so their signals go out now.
   */
  private stop(a: ActorState, why: string): void {
    this.record(a.name, 'stop', 'info', undefined, why);
    this.finishActor(a);
    for (let pc = a.pc; pc < a.steps.length; pc++) this.emit(a.steps[pc]!);
  }

  private next(a: ActorState): void {
    if (a.done) return;
    const step = a.steps[a.pc];
    if (step === undefined) {
      this.finishActor(a);
      return;
    }
    if (step.waitFor !== undefined && !this.emitted(step.waitFor)) {
      (this.waiting ??= []).push({ signal: step.waitFor, actor: a });
    } else {
      this.begin(a);
    }
  }

  /** Starts the actor's step now, or at its `atMs` if that is still ahead. */
  private begin(a: ActorState): void {
    const atMs = a.steps[a.pc]!.atMs;
    if (atMs !== undefined && this.scheduler.nowMs() < atMs) {
      this.setTimer(a, 'start', atMs);
    } else {
      this.run(a);
    }
  }

  private setTimer(a: ActorState, timerFor: TimerFor, atMs: number): void {
    a.timerFor = timerFor;
    this.scheduler.at(atMs, a.onTimer);
  }

  private timerFired(a: ActorState): void {
    switch (a.timerFor) {
      case 'start':
        this.run(a);
        return;
      case 'resume':
        this.record(a.name, 'resume', 'info');
        this.advance(a);
        return;
      case 'work-done':
        this.record(a.name, 'work', 'ok');
        this.advance(a);
        return;
      case 'retry':
        this.tryAcquire(a);
        return;
    }
  }

  /** A failed step ends the actor's work when the step says so; true if it did. */
  private failed(a: ActorState, r: OpResult, why: string): boolean {
    const step = a.steps[a.pc]!;
    if (r.type !== 'ok' && step.stopOnFail) {
      this.stop(a, why);
      return true;
    }
    return false;
  }

  /** Runs the actor's current step: records its invocation and starts it. */
  private run(a: ActorState): void {
    const op = a.steps[a.pc]!.op;
    const { backend, scheduler } = this;
    switch (op.f) {
      case 'acquire':
        this.tryAcquire(a);
        return;
      case 'write': {
        const invoke: Record<string, unknown> = { body: op.body, token: a.token };
        if (op.heldMs) invoke.heldMs = op.heldMs;
        this.record(a.name, 'write', 'invoke', invoke);
        const request = {
          body: op.body,
          token: a.token,
          fencing: this.script.fencing,
          heldMs: op.heldMs ?? 0,
        };
        backend.write(a.name, request, a.onAnswer);
        return;
      }
      case 'release':
        this.record(a.name, 'release', 'invoke', { token: a.token, blind: op.blind === true });
        backend.release(a.name, a.token, op.blind === true, a.onAnswer);
        return;
      case 'extend':
        this.record(a.name, 'extend', 'invoke', { token: a.token, ttlMs: op.ttlMs });
        backend.extend(a.name, a.token, op.ttlMs, a.onAnswer);
        return;
      case 'work':
        this.record(a.name, 'work', 'invoke', { workMs: op.workMs });
        this.setTimer(a, 'work-done', scheduler.nowMs() + op.workMs);
        return;
      case 'pause':
        this.record(a.name, 'pause', 'info', { pauseMs: op.pauseMs, cause: op.cause });
        this.setTimer(a, 'resume', scheduler.nowMs() + op.pauseMs);
        return;
      case 'crash':
        this.record(a.name, 'crash', 'info');
        backend.crash(a.name);
        this.finishActor(a);
        return;
      case 'clock-jump':
      case 'failover':
      case 'terminate': {
        const value: Record<string, unknown> =
          op.f === 'clock-jump'
            ? { node: op.node, byMs: op.byMs }
            : op.f === 'terminate'
              ? { target: op.target }
              : {};
        this.record(a.name, op.f, 'invoke', value);
        backend.fault(op, a.onAnswer);
        return;
      }
    }
  }

  private tryAcquire(a: ActorState): void {
    const op = a.steps[a.pc]!.op as AcquireOp;
    this.record(a.name, 'acquire', 'invoke', { ttlMs: op.ttlMs });
    this.backend.acquire(a.name, op, a.onAnswer);
  }

  /** The backend answered the actor's current step. */
  private answered(a: ActorState, r: OpResult): void {
    const op = a.steps[a.pc]!.op;
    this.record(a.name, op.f, r.type, r.value, r.note);
    switch (op.f) {
      case 'acquire':
        this.acquireAnswered(a, op, r);
        return;
      case 'write':
        if (this.failed(a, r, 'the storage rejected its token, so it has lost the lock')) return;
        break;
      case 'extend':
        if (this.failed(a, r, 'the extend failed, so the lock is gone')) return;
        break;
      default:
        break;
    }
    this.advance(a);
  }

  private acquireAnswered(a: ActorState, op: AcquireOp, r: OpResult): void {
    if (r.type === 'ok') {
      const token = r.value?.token;
      a.token = typeof token === 'number' ? token : null;
      this.advance(a);
      return;
    }
    if (op.retryEveryMs !== undefined) {
      // A random delay keeps waiting clients from retrying in lockstep.
      const delayMs = op.retryEveryMs * (0.5 + this.prng.float());
      const atMs = this.scheduler.nowMs() + delayMs;
      if (op.giveUpAtMs === undefined || atMs <= op.giveUpAtMs) {
        this.setTimer(a, 'retry', atMs);
        return;
      }
    }
    // Without the lock a correct client does no work, whatever the step says: going on would
    // write with no token (or an old one) as if it held the lock.
    a.token = null;
    this.stop(a, 'it could not take the lock');
  }
}

type AcquireOp = Extract<Step['op'], { f: 'acquire' }>;
