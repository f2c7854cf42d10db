import { EventQueue, type Callback } from './eventQueue';
import { createPrng, type Prng } from './prng';

/**
 * What the scenario interpreter needs of time: the current time and a way to run something
 * later. The simulator implements it in virtual time; the lab implements it with real timers.
 */
export interface Scheduler {
  nowMs(): number;
  /** Runs `fn` at `timeMs` (ms since the run started), or as soon as possible if that has passed. */
  at(timeMs: number, fn: Callback): void;
}

/** The simulated world: virtual time, one event queue, one seeded PRNG. */
export class World implements Scheduler {
  readonly queue = new EventQueue();
  readonly prng: Prng;
  private currentMs = 0;
  /** How many queued events have run: the engine's unit of work for the benchmark. */
  eventsRun = 0;
  /**
   * The queue's size as each event was taken (itself included), summed: over `eventsRun`, the
   * mean depth the heap worked at, so that the benchmark's bare heap loop can work at the same.
   */
  queueDepthSum = 0;

  constructor(readonly seed: number) {
    this.prng = createPrng(seed);
  }

  nowMs(): number {
    return this.currentMs;
  }

  at(timeMs: number, fn: Callback): void {
    this.queue.push(timeMs < this.currentMs ? this.currentMs : timeMs, fn);
  }

  after(delayMs: number, fn: Callback): void {
    this.queue.push(this.currentMs + delayMs, fn);
  }

  /** Runs events in time order until none are left or `untilMs` is passed. */
  run(untilMs = Infinity): void {
    const q = this.queue;
    while (q.size > 0) {
      const timeMs = q.peekTime();
      if (timeMs > untilMs) return;
      this.currentMs = timeMs;
      this.eventsRun++;
      this.queueDepthSum += q.size;
      q.pop()();
    }
  }
}
