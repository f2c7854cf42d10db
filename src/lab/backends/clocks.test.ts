// A script that sets a server's clock apart from true time (an offset, a drift) or steps it (a
// clock jump): the lab runs it where the lock's server can run under the LD_PRELOAD clock shim
// (one Redis, Postgres's lease row, Redlock's nodes), and refuses it elsewhere before it touches a
// server, naming the clock and the reason, rather than record a run that ignored it.
import { describe, expect, it } from 'vitest';
import type { LockKind, Script, Step } from '../../sim/run/script';
import { story } from '../../sim/scenarios/scenario';
import { simulateScript } from '../../sim/simulate';
import { providedServerPool, skipWithoutClockShim } from '../conformance/conformance';
import { outcomeDifferences } from '../record/compareOutcomes';
import { runRealScript } from '../runReal';
import { openRealBackend, type ServerPool } from './index';

/** A pool that fails the test if anyone asks it for a server. */
function untouchablePool(): { pool: ServerPool; asked: () => boolean } {
  let asked = false;
  const pool = new Proxy({} as ServerPool, {
    get() {
      asked = true;
      throw new Error('the pool was asked for a server');
    },
  });
  return { pool, asked: () => asked };
}

const oneAcquire = { 'client-1': [{ op: { f: 'acquire', ttlMs: 300 } }] as Step[] };

describe('a script that sets a server clock the lab cannot move', () => {
  const refusals: [string, Script, string][] = [
    [
      'etcd, whose clock the shim cannot reach',
      story('etcd', true, oneAcquire, { clocks: { etcd: { driftPpm: 20_000 } } }),
      'the script sets or steps the clock of etcd; on real servers etcd cannot have it: etcd is a Go binary that reads the time through the vDSO, not through libc, so the LD_PRELOAD clock shim cannot move its clock (and its leases run on the monotonic clock anyway)',
    ],
    [
      'a clock jump on the replicated primary',
      story('redis-replicated', true, {
        ...oneAcquire,
        nemesis: [{ op: { f: 'clock-jump', node: 'redis', byMs: 1000 } }],
      }),
      'the script sets or steps the clock of redis; on real servers redis-replicated cannot have it: the primary and replica are started fresh for each failover, without the clock shim',
    ],
    [
      "the storage's Postgres beside a Redis lock",
      story('redis', true, oneAcquire, { clocks: { postgres: { offsetMs: 500 } } }),
      'the script sets or steps the clock of postgres; on real servers redis cannot have it: only the clock of redis runs under the clock shim for redis',
    ],
  ];
  for (const [name, script, message] of refusals) {
    it(`is refused for ${name}, naming the clock and why`, async () => {
      const { pool, asked } = untouchablePool();
      await expect(openRealBackend(script, pool, () => {})).rejects.toThrow(message);
      expect(asked()).toBe(false);
    });
  }
});

const pool = providedServerPool();

/**
 * Client 1 takes the lock for 2 s and keeps it; client 2 tries once at 1830 ms, some 170 ms before
 * the lock expires on a true clock. Only a lock clock that runs 20% fast (the lock expires at
 * 1667 ms of true time) or that is stepped 1.5 s forward gives client 2 the lock.
 */
function secondClientInTime(lock: LockKind, node: string, how: 'drift' | 'jump'): Script {
  const unreachable = lock === 'redlock' ? { unreachable: ['redis-4', 'redis-5'] } : {};
  const actors: Record<string, Step[]> = {
    'client-1': [{ atMs: 0, op: { f: 'acquire', ttlMs: 2000 } }],
    'client-2': [{ atMs: 1830, op: { f: 'acquire', ttlMs: 2000, ...unreachable } }],
  };
  if (how === 'jump') actors.nemesis = [{ atMs: 300, op: { f: 'clock-jump', node, byMs: 1500 } }];
  const clocks =
    how === 'drift'
      ? lock === 'redlock'
        ? Object.fromEntries(
            ['redis-1', 'redis-2', 'redis-3'].map((n) => [n, { driftPpm: 200_000 }]),
          )
        : { [node]: { offsetMs: -700, driftPpm: 200_000 } }
      : undefined;
  return story(lock, true, actors, clocks ? { clocks } : {});
}

describe('a script that sets or steps the clock of a server the lab runs under the clock shim', () => {
  const cases: [LockKind, string, 'drift' | 'jump'][] = [
    ['redis', 'redis', 'drift'],
    ['redis', 'redis', 'jump'],
    ['pg-lease', 'postgres', 'drift'],
    ['pg-lease', 'postgres', 'jump'],
    ['redlock', 'redis-3', 'drift'],
  ];
  for (const [lock, node, how] of cases) {
    it(`runs on ${lock} with ${node}'s clock ${how === 'drift' ? 'running 20% fast' : 'stepped 1.5 s'}, as the engine does`, async (context) => {
      const script = secondClientInTime(lock, node, how);
      await skipWithoutClockShim(script, context);
      const meta = { scenario: 'clock-test', variant: 'fencing-on', params: {} };
      const sim = simulateScript(script, 1, meta).trace;
      const real = await runRealScript(script, meta, pool);
      const secondAcquire = (t: typeof real) =>
        t.events.find((e) => e.actor === 'client-2' && e.f === 'acquire' && e.type !== 'invoke')
          ?.type;
      // Client 2 gets the lock only because the clock moved: on a true clock it would not.
      const trueClock = { ...script, clocks: undefined, actors: { ...script.actors } };
      delete trueClock.actors.nemesis;
      expect(secondAcquire(simulateScript(trueClock, 1, meta).trace)).toBe('fail');
      expect(secondAcquire(sim)).toBe('ok');
      expect(secondAcquire(real)).toBe('ok');
      expect(real.params).toEqual(sim.params);
      expect(outcomeDifferences(real.outcome, sim.outcome)).toEqual([]);
    });
  }
});

describe('a drifting server clock on the real servers', () => {
  it("counts its drift from the run's t = 0, as the engine's does", async (context) => {
    // A clock running twice as fast reads as far ahead as time has passed since its zero. The
    // nemesis steps it 1 s at 200 ms, and the step's result says how far ahead the server then
    // read: 1 s plus the run's time at that reading, which lies between the step's invoke and its
    // result. A zero taken before the setup finished read some 15-30 ms more.
    const script = story('redis', true, oneAcquire, {
      clocks: { redis: { driftPpm: 1_000_000 } },
    });
    script.actors.nemesis = [{ atMs: 200, op: { f: 'clock-jump', node: 'redis', byMs: 1000 } }];
    await skipWithoutClockShim(script, context);
    const meta = { scenario: 'clock-test', variant: 'fencing-on', params: {} };
    const real = await runRealScript(script, meta, pool);
    const jump = real.events.filter((e) => e.actor === 'nemesis' && e.f === 'clock-jump');
    const [invoke, result] = jump;
    expect(result?.type).toBe('info');
    const readAtMs = Number(result!.value!.nodeClockAheadMs) - 1000;
    // The reading is rounded to the ms, and the run's zero may be up to a ms past the clock's.
    expect(readAtMs).toBeGreaterThanOrEqual(invoke!.t - 2);
    expect(readAtMs).toBeLessThanOrEqual(result!.t + 2);
  });
});
