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
  const events: TraceEvent[] = [];
  const signals = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const actors: ActorState[] = Object.keys(script.actors).map((name) => ({
    name,
    steps: script.actors[name]!,
    pc: 0,
    token: null,
    done: false,
  }));
  let running = actors.length;

  function record(
    actor: string,
    f: TraceEvent['f'],
    type: TraceEvent['type'],
    value?: Record<string, unknown>,
    note?: string,
  ): void {
    const event: TraceEvent = { t: roundMs(scheduler.nowMs()), actor, f, type };
    if (value !== undefined) event.value = value;
    if (note !== undefined) event.note = note;
    events.push(event);
  }

  function complete(actor: string, f: TraceEvent['f'], r: OpResult): void {
    record(actor, f, r.type, r.value, r.note);
  }

  function finishActor(a: ActorState): void {
    if (a.done) return;
    a.done = true;
    running--;
    if (running === 0) backend.readDocument((doc) => finish(events, doc));
  }

  function emit(step: Step): void {
    if (step.signal === undefined || signals.has(step.signal)) return;
    signals.add(step.signal);
    const list = waiting.get(step.signal);
    if (list) {
      waiting.delete(step.signal);
      for (const resume of list) resume();
    }
  }

  function advance(a: ActorState, step: Step): void {
    emit(step);
    a.pc++;
    next(a);
  }

  /** The client learned it lost the lock: it stops, as a correct client must. */
  function stop(a: ActorState, why: string): void {
    record(a.name, 'stop', 'info', undefined, why);
    finishActor(a);
  }

  function next(a: ActorState): void {
    if (a.done) return;
    const step = a.steps[a.pc];
    if (step === undefined) {
      finishActor(a);
      return;
    }
    const go = () => {
      if (step.atMs !== undefined && scheduler.nowMs() < step.atMs) {
        scheduler.at(step.atMs, () => run(a, step));
      } else {
        run(a, step);
      }
    };
    if (step.waitFor !== undefined && !signals.has(step.waitFor)) {
      const list = waiting.get(step.waitFor) ?? [];
      list.push(go);
      waiting.set(step.waitFor, list);
    } else {
      go();
    }
  }

  function failed(a: ActorState, step: Step, r: OpResult, why: string): boolean {
    if (r.type !== 'ok' && step.stopOnFail) {
      stop(a, why);
      // Whoever waits for this step must not wait forever: the step is over, if badly.
      emit(step);
      return true;
    }
    return false;
  }

  function run(a: ActorState, step: Step): void {
    const op = step.op;
    switch (op.f) {
      case 'acquire': {
        const attempt = () => {
          record(a.name, 'acquire', 'invoke', { ttlMs: op.ttlMs });
          backend.acquire(a.name, op, (r) => {
            complete(a.name, 'acquire', r);
            if (r.type === 'ok') {
              const token = r.value?.token;
              a.token = typeof token === 'number' ? token : null;
              advance(a, step);
              return;
            }
            if (op.retryEveryMs !== undefined) {
              // A random delay keeps waiting clients from retrying in lockstep.
              const delayMs = op.retryEveryMs * (0.5 + prng.float());
              if (op.giveUpAtMs === undefined || scheduler.nowMs() + delayMs <= op.giveUpAtMs) {
                scheduler.at(scheduler.nowMs() + delayMs, attempt);
                return;
              }
            }
            if (failed(a, step, r, 'could not take the lock: no work starts')) return;
            advance(a, step);
          });
        };
        attempt();
        return;
      }
      case 'write': {
        const invoke: Record<string, unknown> = { body: op.body, token: a.token };
        if (op.heldMs) invoke.heldMs = op.heldMs;
        record(a.name, 'write', 'invoke', invoke);
        backend.write(
          a.name,
          { body: op.body, token: a.token, fencing: script.fencing, heldMs: op.heldMs ?? 0 },
          (r) => {
            complete(a.name, 'write', r);
            if (failed(a, step, r, 'the storage rejected its token: it lost the lock and stops'))
              return;
            advance(a, step);
          },
        );
        return;
      }
      case 'release': {
        record(a.name, 'release', 'invoke', { token: a.token, blind: op.blind === true });
        backend.release(a.name, a.token, op.blind === true, (r) => {
          complete(a.name, 'release', r);
          advance(a, step);
        });
        return;
      }
      case 'extend': {
        record(a.name, 'extend', 'invoke', { token: a.token, ttlMs: op.ttlMs });
        backend.extend(a.name, a.token, op.ttlMs, (r) => {
          complete(a.name, 'extend', r);
          if (failed(a, step, r, 'the extend failed: the lock is gone, so the job stops')) return;
          advance(a, step);
        });
        return;
      }
      case 'work': {
        record(a.name, 'work', 'invoke', { workMs: op.workMs });
        scheduler.at(scheduler.nowMs() + op.workMs, () => {
          record(a.name, 'work', 'ok');
          advance(a, step);
        });
        return;
      }
      case 'pause': {
        record(a.name, 'pause', 'info', { pauseMs: op.pauseMs, cause: op.cause });
        scheduler.at(scheduler.nowMs() + op.pauseMs, () => {
          record(a.name, 'resume', 'info');
          advance(a, step);
        });
        return;
      }
      case 'crash': {
        record(a.name, 'crash', 'info');
        backend.crash(a.name);
        finishActor(a);
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
        record(a.name, op.f, 'invoke', value);
        backend.fault(op, (r) => {
          complete(a.name, op.f, r);
          advance(a, step);
        });
        return;
      }
    }
  }

  if (actors.length === 0) {
    backend.readDocument((doc) => finish(events, doc));
    return;
  }
  for (const a of actors) next(a);
}
