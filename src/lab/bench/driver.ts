// Runs a case's workers for a slice of wall time. Each worker keeps one unit of work (a lock
// and release pair, or one try) in flight, as each redis-benchmark or pgbench client keeps one
// request in flight; when a unit finishes, the driver records its latency and starts the next
// at once. No promise or closure is made per unit: the hot path is callbacks on fixed objects.
import { LatencyHistogram } from './histogram';

/** What a worker reports to: one call per finished unit, or a failure. */
export interface OpSink {
  /** Unit done; `won` is false only for a try that found the lock busy. */
  done(worker: number, won: boolean): void;
  fail(error: Error): void;
}

/** One client: start() begins one unit and must end in sink.done or sink.fail. */
export interface Worker {
  start(): void;
}

export interface SliceResult {
  /** Finished units (pairs, or tries). */
  ops: number;
  /** Units that won (pairs always win; tries win when they got the lock). */
  wins: number;
  elapsedMs: number;
}

export class Driver implements OpSink {
  readonly histogram = new LatencyHistogram();
  private readonly failed = new AbortController();
  /** Aborts with the first failure, e.g. to stop a C tool running against a dead server. */
  readonly signal: AbortSignal = this.failed.signal;
  private workers: Worker[] = [];
  private startedAt: Float64Array = new Float64Array(0);
  private running = false;
  private idle = 0;
  private ops = 0;
  private wins = 0;
  private record = true;
  private failure: Error | undefined;
  private finish: ((error?: Error) => void) | undefined;

  setWorkers(workers: Worker[]): void {
    this.workers = workers;
    this.startedAt = new Float64Array(workers.length);
  }

  done(worker: number, won: boolean): void {
    const now = performance.now();
    if (this.record) this.histogram.recordMs(now - (this.startedAt[worker] as number));
    this.ops++;
    if (won) this.wins++;
    if (this.running) {
      this.startedAt[worker] = now;
      (this.workers[worker] as Worker).start();
    } else if (++this.idle === this.workers.length) {
      this.finish?.();
    }
  }

  fail(error: Error): void {
    // A dead server fails every connection at once: keep the first error, report it once.
    this.failure ??= error;
    this.running = false;
    if (!this.failed.signal.aborted) this.failed.abort(this.failure);
    this.finish?.(this.failure);
  }

  /**
   * Run every worker for durationMs, then let in-flight units finish. With record false (the
   * warm-up) latencies are not kept.
   */
  runSlice(durationMs: number, record = true): Promise<SliceResult> {
    if (this.failure) return Promise.reject(this.failure);
    this.record = record;
    this.ops = 0;
    this.wins = 0;
    this.idle = 0;
    this.running = true;
    const begin = performance.now();
    return new Promise<SliceResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.running = false;
      }, durationMs);
      this.finish = (error?: Error) => {
        this.finish = undefined;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve({ ops: this.ops, wins: this.wins, elapsedMs: performance.now() - begin });
      };
      for (let i = 0; i < this.workers.length; i++) {
        this.startedAt[i] = performance.now();
        (this.workers[i] as Worker).start();
      }
    });
  }
}
