// The benchmark's run written out by hand, as the floor the engine is measured against: the
// paused client (Redis lock, fencing on, default parameters) as one object with none of the
// engine's generality. No script, no interpreter, no backend interface, no models: a handful of
// fields for the lock, the counter and the document, and one handler per kind of message, made
// once, so no run makes a closure.
//
// It must produce the engine's trace byte for byte (handWrittenPausedClient.test.ts holds it to
// that over many seeds): the same network draws in the same order, the same events and values,
// the same outcome. Its speed is what the run costs once nothing is general; the gap between it
// and the engine is the price of the engine being one.
import { EventQueue, type Callback } from './core/eventQueue';
import { createPrng } from './core/prng';
import { Network } from './models/network';
import { roundMs } from './run/interpreter';
import { deriveOutcome } from './run/outcome';
import type { SimulatedRun } from './simulate';
import { pausedClient } from './scenarios/pausedClient';
import {
  TRACE_FORMAT,
  TRACE_VERSION,
  type EventFunction,
  type EventType,
  type StoredDocument,
  type Trace,
  type TraceEvent,
} from './trace/schema';
import type { OpResult } from './run/backend';
import { refusedWrite } from './run/answers';

const { ttlMs, pauseMs } = pausedClient.defaults as { ttlMs: number; pauseMs: number };
const PAUSE_AT_MS = 10;
const CLIENT_2_AT_MS = ttlMs + 20;
const INITIAL_TOKEN = 32;
const INITIAL_BODY = 'v0';
const PAUSE_CAUSE = 'a stop-the-world GC pause';

export class HandWrittenPausedClient {
  /**
   * A fresh queue per run, as the engine's world has. One queue kept across runs (old and
   * trimmed arrays) made the heap's shared code slower for all its users, the bare loop the
   * benchmark compares with included: that would flatter both the engine and this.
   */
  private queue = new EventQueue();
  private nowMs = 0;
  /** Made anew for each seed, with that seed's PRNG, as the engine makes its world. */
  private network = new Network(createPrng(0));
  private events: TraceEvent[] = [];
  private eventsRun = 0;
  private queueDepthSum = 0;
  private trace: Trace | null = null;
  private seed = 0;
  // Redis: the lock key (its token, or null when absent) with its expiry, and the fence counter.
  private lockToken: number | null = null;
  private lockExpiresAtMs = 0;
  private fenceCounter = INITIAL_TOKEN;
  // Postgres: the documents row and the count of writes applied.
  private body = INITIAL_BODY;
  private documentFence = 0;
  private writesApplied = 0;
  // Each client's token, and the answer on its way back to it (a client waits on one at a time).
  private token1: number | null = null;
  private token2: number | null = null;
  private answer1: OpResult | null = null;
  private answer2: OpResult | null = null;
  private document: StoredDocument | null = null;
  private clientsRunning = 0;

  /** Plays one seed; the same seed gives the engine's trace for the paused client. */
  run(seed: number): SimulatedRun {
    this.seed = seed;
    this.queue = new EventQueue();
    this.network = new Network(createPrng(seed));
    this.nowMs = 0;
    this.events = [];
    this.eventsRun = 0;
    this.queueDepthSum = 0;
    this.trace = null;
    this.lockToken = null;
    this.fenceCounter = INITIAL_TOKEN;
    this.body = INITIAL_BODY;
    this.documentFence = 0;
    this.writesApplied = 0;
    this.clientsRunning = 2;
    this.record('client-1', 'acquire', 'invoke', { ttlMs });
    this.send(this.client1AcquireArrives);
    this.queue.push(CLIENT_2_AT_MS, this.client2Starts);
    const q = this.queue;
    while (q.size > 0) {
      this.nowMs = q.peekTime();
      this.eventsRun++;
      this.queueDepthSum += q.size;
      q.pop()();
    }
    if (this.trace === null) throw new Error('the hand-written paused client did not finish');
    return { trace: this.trace, events: this.eventsRun, queueDepthSum: this.queueDepthSum };
  }

  private record(
    actor: string,
    f: EventFunction,
    type: EventType,
    value?: Record<string, unknown>,
    note?: string,
  ): void {
    this.events.push({ t: roundMs(this.nowMs), actor, f, type, value, note });
  }

  private recordAnswer(actor: string, f: EventFunction, r: OpResult): void {
    this.record(actor, f, r.type, r.value, r.note);
  }

  /** One network delay from now, as the engine's backend sends every request and answer. */
  private send(arrive: Callback): void {
    this.queue.push(this.nowMs + this.network.delayMs(), arrive);
  }

  /** acquire.lua: the lock if it is absent or expired, valued with the next token. */
  private acquire(): OpResult {
    if (this.lockToken !== null && this.nowMs > this.lockExpiresAtMs) this.lockToken = null;
    if (this.lockToken !== null)
      return { type: 'fail', value: { reason: 'busy' }, note: 'the lock is held' };
    const token = ++this.fenceCounter;
    this.lockToken = token;
    this.lockExpiresAtMs = this.nowMs + ttlMs;
    return { type: 'ok', value: { token } };
  }

  /** The fenced write: `fence <= token`, or rejected with the fence it met. */
  private write(body: string, token: number): OpResult {
    const fence = this.documentFence;
    if (fence <= token) {
      this.body = body;
      this.documentFence = token;
      this.writesApplied++;
      return { type: 'ok', value: { body, token, fence: token, seq: this.writesApplied } };
    }
    return refusedWrite(body, token, fence);
  }

  private clientDone(): void {
    if (--this.clientsRunning === 0) this.send(this.documentReadArrives);
  }

  // Client 1: acquire at 0, pause at 10 for pauseMs, then write v1 with its token.
  private readonly client1AcquireArrives = (): void => {
    this.answer1 = this.acquire();
    this.send(this.client1AcquireAnswered);
  };
  private readonly client1AcquireAnswered = (): void => {
    this.recordAnswer('client-1', 'acquire', this.answer1!);
    this.token1 = this.answer1!.value!.token as number;
    if (this.nowMs < PAUSE_AT_MS) this.queue.push(PAUSE_AT_MS, this.client1Pauses);
    else this.client1Pauses();
  };
  private readonly client1Pauses = (): void => {
    this.record('client-1', 'pause', 'info', { pauseMs, cause: PAUSE_CAUSE });
    this.queue.push(this.nowMs + pauseMs, this.client1Resumes);
  };
  private readonly client1Resumes = (): void => {
    this.record('client-1', 'resume', 'info');
    this.record('client-1', 'write', 'invoke', { body: 'v1', token: this.token1 });
    this.send(this.client1WriteArrives);
  };
  private readonly client1WriteArrives = (): void => {
    this.answer1 = this.write('v1', this.token1!);
    this.send(this.client1WriteAnswered);
  };
  private readonly client1WriteAnswered = (): void => {
    this.recordAnswer('client-1', 'write', this.answer1!);
    if (this.answer1!.type !== 'ok') {
      const why = 'the storage rejected its token, so it has lost the lock';
      this.record('client-1', 'stop', 'info', undefined, why);
    }
    this.clientDone();
  };

  // Client 2: acquire at ttl + 20 (the lock has expired by then), then write v2.
  private readonly client2Starts = (): void => {
    this.record('client-2', 'acquire', 'invoke', { ttlMs });
    this.send(this.client2AcquireArrives);
  };
  private readonly client2AcquireArrives = (): void => {
    this.answer2 = this.acquire();
    this.send(this.client2AcquireAnswered);
  };
  private readonly client2AcquireAnswered = (): void => {
    this.recordAnswer('client-2', 'acquire', this.answer2!);
    this.token2 = this.answer2!.value!.token as number;
    this.record('client-2', 'write', 'invoke', { body: 'v2', token: this.token2 });
    this.send(this.client2WriteArrives);
  };
  private readonly client2WriteArrives = (): void => {
    this.answer2 = this.write('v2', this.token2!);
    this.send(this.client2WriteAnswered);
  };
  private readonly client2WriteAnswered = (): void => {
    this.recordAnswer('client-2', 'write', this.answer2!);
    this.clientDone();
  };

  // Both done: the document is read, and the trace and its outcome are made.
  private readonly documentReadArrives = (): void => {
    this.document = { body: this.body, fence: this.documentFence };
    this.send(this.documentReadAnswered);
  };
  private readonly documentReadAnswered = (): void => {
    const events = this.events;
    this.trace = {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      scenario: pausedClient.name,
      variant: 'fencing-on',
      backend: 'sim',
      seed: this.seed,
      params: { lock: 'redis', ttlMs, pauseMs, initialBody: INITIAL_BODY },
      events,
      outcome: deriveOutcome(events, this.document!),
    };
  };
}
