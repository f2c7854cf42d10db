// One real server's wall clock under the LD_PRELOAD clock shim, as the simulator's NodeClock
// keeps it: an offset and a drift from the run's start (a script's `clocks`), plus every step a
// `clock-jump` adds. The shim file holds the whole setting, so a second step adds to the first.
import type { Backend, OpResult } from '../../sim/run/backend';
import type { NodeClockSetting, Script } from '../../sim/run/script';
import { TRUE_CLOCK, type ShimClockSetting } from '../servers';
import { cannotInject, sleepMs, type ActorCalls } from './realBackend';

/** The shim re-reads its file at most every 10 ms; past this every process has the new one. */
const SHIM_REREAD_MS = 15;
/** How long to wait for a setting to show in the server's own clock before giving up. */
const VISIBLE_WITHIN_MS = 1_000;
/** How far the server's reading may stray from the setting: a round trip on a busy machine. */
const READING_TOLERANCE_MS = 50;
/**
 * How far ahead of now a drifting clock's zero is put: more than setting the clocks takes (the
 * shim's re-read and a reading, some 20 ms), so that the run can begin exactly there. When the
 * setting takes longer (a loaded machine), it is done again with twice the lead, a few times.
 */
const DRIFT_ZERO_LEAD_MS = [60, 120, 240, 480] as const;

/**
 * Sets the clocks a run starts with, one per server, and returns the wall time (ms since the
 * epoch, as `Date.now`) at which the run must begin: every drift counts from there, as the
 * engine's count from t = 0. Null when no clock drifts: an offset alone does not depend on when
 * the run begins.
 */
export async function startClocks(
  clocks: readonly ServerClock[],
  settings: Script['clocks'],
): Promise<number | null> {
  const drifts = Object.values(settings ?? {}).some((c) => (c.driftPpm ?? 0) !== 0);
  let zeroWallMs: number | null = null;
  for (const leadMs of drifts ? DRIFT_ZERO_LEAD_MS : [null]) {
    zeroWallMs = leadMs === null ? null : Date.now() + leadMs;
    await Promise.all(clocks.map((clock) => clock.start(settings?.[clock.node], zeroWallMs)));
    if (zeroWallMs === null || Date.now() <= zeroWallMs) return zeroWallMs;
  }
  // Still late after the longest lead: the drift counts from a little before the run's t = 0.
  return zeroWallMs;
}

export interface ServerClockOptions {
  /** The node's name in scripts and messages: `redis`, `postgres`, `redis-3`. */
  node: string;
  /** Writes the whole setting to the shim's file. */
  write(setting: ShimClockSetting): Promise<void>;
  /** The server's own wall clock, in ms since the epoch (Redis TIME, clock_timestamp()). */
  readMs(): Promise<number>;
}

export class ServerClock {
  private setting: ShimClockSetting = TRUE_CLOCK;

  constructor(private readonly options: ServerClockOptions) {}

  get node(): string {
    return this.options.node;
  }

  /** How far ahead of true time the server's clock should read at true wall time `wallMs`. */
  expectedAheadMs(wallMs: number): number {
    const { offsetMs, driftPpm, anchorMs } = this.setting;
    return offsetMs + ((wallMs - anchorMs) * driftPpm) / 1e6;
  }

  /**
   * Sets the clock a run starts with (true time when `clock` is undefined), its drift counted
   * from `zeroWallMs`, the wall time the run will begin at (see `startClocks`). Returns once the
   * server's clock reads it.
   */
  async start(clock: NodeClockSetting | undefined, zeroWallMs: number | null): Promise<void> {
    await this.apply({
      offsetMs: clock?.offsetMs ?? 0,
      driftPpm: clock?.driftPpm ?? 0,
      anchorMs: zeroWallMs ?? Date.now(),
    });
  }

  /** Steps the clock by byMs on top of what it reads now, and waits until the server shows it. */
  async step(byMs: number): Promise<OpResult> {
    const aheadMs = await this.apply({ ...this.setting, offsetMs: this.setting.offsetMs + byMs });
    return {
      type: 'info',
      value: { node: this.node, byMs, nodeClockAheadMs: Math.round(aheadMs) },
      note: `${this.node}'s wall clock now reads ${Math.round(aheadMs)} ms ahead (LD_PRELOAD clock shim)`,
    };
  }

  /** Back to true time, so the next run on this server starts true. Does not wait. */
  async reset(): Promise<void> {
    this.setting = TRUE_CLOCK;
    await this.options.write(TRUE_CLOCK);
  }

  /** Writes the setting and returns how far ahead the server then read, once it agrees. */
  private async apply(setting: ShimClockSetting): Promise<number> {
    this.setting = setting;
    await this.options.write(setting);
    await sleepMs(SHIM_REREAD_MS);
    const deadline = performance.now() + VISIBLE_WITHIN_MS;
    for (;;) {
      const beforeMs = Date.now();
      const serverMs = await this.options.readMs();
      const wallMs = (beforeMs + Date.now()) / 2;
      const aheadMs = serverMs - wallMs;
      if (Math.abs(aheadMs - this.expectedAheadMs(wallMs)) < READING_TOLERANCE_MS) return aheadMs;
      if (performance.now() > deadline) {
        throw new Error(
          `${this.node}'s clock reads ${Math.round(aheadMs)} ms ahead, not the ${Math.round(this.expectedAheadMs(wallMs))} ms its clock shim was set to, after ${VISIBLE_WITHIN_MS} ms`,
        );
      }
      await sleepMs(5);
    }
  }
}

/**
 * The nemesis's faults on a backend whose one server may run under the clock shim: a clock jump
 * on that server steps its clock (through `calls`, so a failure is the run's, named after the
 * server); any other fault, or a jump where no clock is shimmed, cannot be injected.
 */
export function clockJumpFault(
  clock: () => ServerClock | null,
  calls: ActorCalls,
  server: () => { name: string; address: string },
): Backend['fault'] {
  return (op, done) => {
    const shimmed = clock();
    if (op.f !== 'clock-jump' || shimmed === null) {
      cannotInject(op, done);
      return;
    }
    if (op.node !== shimmed.node) {
      done({ type: 'fail', value: { node: op.node }, note: `no node named ${op.node}` });
      return;
    }
    calls.call(null, server(), () => shimmed.step(op.byMs), done);
  };
}
