// The engine's Scheduler in wall time: a 500 ms pause in a scenario is a real 500 ms of the
// client doing nothing while a 300 ms lock really expires on the server.
import type { Scheduler } from '../sim/core/world';

export class WallScheduler implements Scheduler {
  private readonly startMs: number;
  private readonly timers = new Set<NodeJS.Timeout>();
  private cancelled = false;

  /**
   * t = 0 is now, or the wall-clock moment `zeroWallMs` (Date.now's ms, already past) where the
   * servers' drifting clocks count from: a loaded machine can wake the run several ms after it,
   * and a t = 0 taken then would put every reading of a drifting clock that far off the engine's.
   */
  constructor(zeroWallMs?: number) {
    const nowMs = performance.now();
    this.startMs = zeroWallMs === undefined ? nowMs : nowMs - Math.max(0, Date.now() - zeroWallMs);
  }

  /** Ms since the scheduler was made: the trace's `t`. */
  nowMs(): number {
    return performance.now() - this.startMs;
  }

  at(timeMs: number, fn: () => void): void {
    if (this.cancelled) return;
    const waitMs = timeMs - this.nowMs();
    if (waitMs <= 0) {
      // Still asynchronous, like a timer: a callback never runs inside the code that asked for it.
      this.arm(0, fn);
      return;
    }
    this.arm(waitMs, () => {
      // Node's timers count whole ms on their own clock and can fire a fraction early against
      // performance.now; a step must never start before its atMs, so wait out the remainder.
      if (this.nowMs() < timeMs) this.at(timeMs, fn);
      else fn();
    });
  }

  /** Drops every pending timer: the run failed or was given up, and nothing more may happen. */
  cancelAll(): void {
    this.cancelled = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** How many timers are still waiting; a finished run has none. */
  get pending(): number {
    return this.timers.size;
  }

  private arm(delayMs: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.cancelled) fn();
    }, delayMs);
    this.timers.add(timer);
  }
}

/**
 * Waits until the wall clock (`Date.now`) reads `wallMs`, to begin a run where its servers'
 * drifting clocks count from. Timers for most of the wait, then a spin of a ms or two, since a
 * timer may fire a ms late. A time already past returns at once.
 */
export async function untilWallMs(wallMs: number): Promise<void> {
  const leftMs = wallMs - Date.now();
  if (leftMs > 2) await new Promise((resolve) => setTimeout(resolve, leftMs - 2));
  while (Date.now() < wallMs) {
    // Spin: the last ms or two.
  }
}
