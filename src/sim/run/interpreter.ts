import type { Scheduler } from '../core/world';
import type { Prng } from '../core/prng';
import type { StoredDocument, TraceEvent } from '../trace/schema';
import type { Backend, OpResult } from './backend';
import type { Script, Step } from './script';

/** Trace times are kept to the microsecond so that runs print the same on every machine. */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

interface ActorState {
  name: string;
  steps: Step[];
  pc: number;
  token: number | null;
  done: boolean;
}

/** A step whose actor waits for a signal that has not been emitted yet. */
interface Waiting {
  signal: string;
  actor: ActorState;
  step: Step;
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
  /** Signals emitted so far, and steps waiting for one; scenarios have a handful at most. */
  private signals: string[] | null = null;
  private waiting: Waiting[] | null = null;

  constructor(
    private readonly script: Script,
    private readonly backend: Backend,
    private readonly scheduler: Scheduler,
    private readonly prng: Prng,
    private readonly finish: (events: TraceEvent[], document: StoredDocument) => void,
  ) {
    for (const name in script.actors) {
      this.actors.push({ name, steps: script.actors[name]!, pc: 0, token: null, done: false });
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

  private complete(actor: string, f: TraceEvent['f'], r: OpResult): void {
    this.record(actor, f, r.type, r.value, r.note);
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
    for (const w of ready) this.begin(w.actor, w.step);
  }

  private advance(a: ActorState, step: Step): void {
    this.emit(step);
    a.pc++;
    this.next(a);
  }

  /** The client learned it lost the lock: it stops, as a correct client must. */
  private stop(a: ActorState, why: string): void {
    this.record(a.name, 'stop', 'info', undefined, why);
    this.finishActor(a);
  }

  private next(a: ActorState): void {
    if (a.done) return;
    const step = a.steps[a.pc];
    if (step === undefined) {
      this.finishActor(a);
      return;
    }
    if (step.waitFor !== undefined && !this.emitted(step.waitFor)) {
      (this.waiting ??= []).push({ signal: step.waitFor, actor: a, step });
    } else {
      this.begin(a, step);
    }
  }

  /** Starts a step now, or at its `atMs` if that is still ahead. */
  private begin(a: ActorState, step: Step): void {
    if (step.atMs !== undefined && this.scheduler.nowMs() < step.atMs) {
      this.scheduler.at(step.atMs, () => this.run(a, step));
    } else {
      this.run(a, step);
    }
  }

  private failed(a: ActorState, step: Step, r: OpResult, why: string): boolean {
    if (r.type !== 'ok' && step.stopOnFail) {
      this.stop(a, why);
      // Whoever waits for this step must not wait forever: the step is over, if badly.
      this.emit(step);
      return true;
    }
    return false;
  }

  private run(a: ActorState, step: Step): void {
    const op = step.op;
    const { backend, scheduler } = this;
    switch (op.f) {
      case 'acquire':
        this.acquire(a, step, op);
        return;
      case 'write': {
        const invoke: Record<string, unknown> = { body: op.body, token: a.token };
        if (op.heldMs) invoke.heldMs = op.heldMs;
        this.record(a.name, 'write', 'invoke', invoke);
        backend.write(
          a.name,
          { body: op.body, token: a.token, fencing: this.script.fencing, heldMs: op.heldMs ?? 0 },
          (r) => {
            this.complete(a.name, 'write', r);
            if (
              this.failed(a, step, r, 'the storage rejected its token: it lost the lock and stops')
            )
              return;
            this.advance(a, step);
          },
        );
        return;
      }
      case 'release': {
        this.record(a.name, 'release', 'invoke', { token: a.token, blind: op.blind === true });
        backend.release(a.name, a.token, op.blind === true, (r) => {
          this.complete(a.name, 'release', r);
          this.advance(a, step);
        });
        return;
      }
      case 'extend': {
        this.record(a.name, 'extend', 'invoke', { token: a.token, ttlMs: op.ttlMs });
        backend.extend(a.name, a.token, op.ttlMs, (r) => {
          this.complete(a.name, 'extend', r);
          if (this.failed(a, step, r, 'the extend failed: the lock is gone, so the job stops'))
            return;
          this.advance(a, step);
        });
        return;
      }
      case 'work': {
        this.record(a.name, 'work', 'invoke', { workMs: op.workMs });
        scheduler.at(scheduler.nowMs() + op.workMs, () => {
          this.record(a.name, 'work', 'ok');
          this.advance(a, step);
        });
        return;
      }
      case 'pause': {
        this.record(a.name, 'pause', 'info', { pauseMs: op.pauseMs, cause: op.cause });
        scheduler.at(scheduler.nowMs() + op.pauseMs, () => {
          this.record(a.name, 'resume', 'info');
          this.advance(a, step);
        });
        return;
      }
      case 'crash': {
        this.record(a.name, 'crash', 'info');
        backend.crash(a.name);
        this.finishActor(a);
        return;
      }
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
        backend.fault(op, (r) => {
          this.complete(a.name, op.f, r);
          this.advance(a, step);
        });
        return;
      }
    }
  }

  private acquire(a: ActorState, step: Step, op: Extract<Step['op'], { f: 'acquire' }>): void {
    const { scheduler } = this;
    const attempt = () => {
      this.record(a.name, 'acquire', 'invoke', { ttlMs: op.ttlMs });
      this.backend.acquire(a.name, op, (r) => {
        this.complete(a.name, 'acquire', r);
        if (r.type === 'ok') {
          const token = r.value?.token;
          a.token = typeof token === 'number' ? token : null;
          this.advance(a, step);
          return;
        }
        if (op.retryEveryMs !== undefined) {
          // A random delay keeps waiting clients from retrying in lockstep.
          const delayMs = op.retryEveryMs * (0.5 + this.prng.float());
          if (op.giveUpAtMs === undefined || scheduler.nowMs() + delayMs <= op.giveUpAtMs) {
            scheduler.at(scheduler.nowMs() + delayMs, attempt);
            return;
          }
        }
        if (this.failed(a, step, r, 'could not take the lock: no work starts')) return;
        this.advance(a, step);
      });
    };
    attempt();
  }
}
