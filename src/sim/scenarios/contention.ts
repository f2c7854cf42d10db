import type { NodeClockSetting, Script, Step } from '../run/script';
import { story } from './scenario';
import { LOCK_SERVER, type SingleServerLock } from './lockServer';

/** One client's part in a generated contention run. */
export interface ContenderSpec {
  startMs: number;
  ttlMs: number;
  /** A pause between taking the lock and writing (a GC pause, swap); 0 for none. */
  pauseMs: number;
  /** How long the network holds the write; 0 for none. */
  heldMs: number;
  /** Write a second time after the first, as a longer job would. */
  writeTwice: boolean;
}

export interface ContentionSpec {
  lock: SingleServerLock;
  fencing: boolean;
  clients: ContenderSpec[];
  /** Clock steps on the lock's server: they move its expiries, never the storage's check. */
  clockJumps: { atMs: number; byMs: number }[];
  /** The lock server's clock from the start: an offset and a drift (fast or slow). */
  lockClock?: NodeClockSetting;
}

/**
 * A script built from generated numbers, for the property tests: several clients
 * contend for one lock under pauses, held writes, clock jumps and a drifting clock. Every client stops when the
 * storage rejects it, as a correct client must.
 */
export function contentionScript(spec: ContentionSpec): Script {
  const actors: Record<string, Step[]> = {};
  spec.clients.forEach((c, i) => {
    const steps: Step[] = [
      {
        atMs: c.startMs,
        op: { f: 'acquire', ttlMs: c.ttlMs, retryEveryMs: 25, giveUpAtMs: c.startMs + 2000 },
        stopOnFail: true,
      },
    ];
    if (c.pauseMs > 0)
      steps.push({ op: { f: 'pause', pauseMs: c.pauseMs, cause: 'a generated pause' } });
    const write: Step = {
      op:
        c.heldMs > 0
          ? { f: 'write', body: `v${i + 1}`, heldMs: c.heldMs }
          : { f: 'write', body: `v${i + 1}` },
      stopOnFail: true,
    };
    steps.push(write);
    if (c.writeTwice) steps.push({ op: { f: 'write', body: `v${i + 1}b` }, stopOnFail: true });
    steps.push({ op: { f: 'release' } });
    actors[`client-${i + 1}`] = steps;
  });
  if (spec.clockJumps.length > 0) {
    actors.nemesis = [...spec.clockJumps]
      .sort((a, b) => a.atMs - b.atMs)
      .map((j) => ({
        atMs: j.atMs,
        op: { f: 'clock-jump', node: LOCK_SERVER[spec.lock], byMs: j.byMs },
      }));
  }
  return story(
    spec.lock,
    spec.fencing,
    actors,
    spec.lockClock ? { clocks: { [LOCK_SERVER[spec.lock]]: spec.lockClock } } : {},
  );
}
