// Each simulated node keeps its own clock. Real clocks start at an offset, run a little fast
// or slow (drift), and can be stepped by NTP or an operator; expiry is decided by this clock,
// not by the true time, which is exactly how a clock jump breaks Redlock.

export interface ClockStep {
  /** True (virtual) time at which the clock is stepped. */
  atMs: number;
  /** How far the local clock jumps: positive is forward. */
  byMs: number;
}

export class NodeClock {
  /** Made on the first step: most clocks in most runs are never stepped. */
  private steps: ClockStep[] | null = null;

  constructor(
    private offsetMs = 0,
    /** Parts per million: 100 ppm is 0.1 ms per second. */
    private driftPpm = 0,
  ) {}

  /**
   * Sets the offset and drift before the run starts: a script's `clocks` reach servers the
   * simulated locks have already built with default clocks.
   */
  set(offsetMs: number, driftPpm: number): void {
    this.offsetMs = offsetMs;
    this.driftPpm = driftPpm;
  }

  /** Schedules (or records) a step; steps must be added in time order. */
  step(atMs: number, byMs: number): void {
    (this.steps ??= []).push({ atMs, byMs });
  }

  /**
   * The node's monotonic clock at true time `trueMs`: it runs at the node's rate (drift) but no
   * step or offset moves it. Timeouts that use it (etcd's leases, Go's timers) ignore NTP steps.
   */
  monotonicMs(trueMs: number): number {
    return trueMs + (trueMs * this.driftPpm) / 1e6;
  }

  /** The local reading of this clock at true time `trueMs`. */
  localMs(trueMs: number): number {
    let local = trueMs + this.offsetMs + (trueMs * this.driftPpm) / 1e6;
    if (this.steps !== null) {
      for (const s of this.steps) if (s.atMs <= trueMs) local += s.byMs;
    }
    return local;
  }
}
