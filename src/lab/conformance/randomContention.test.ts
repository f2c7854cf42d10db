// Differential test over generated contention. The engine's property tests play thousands of
// random schedules of several clients on one lock (pauses, held writes, second writes, clock
// jumps, a drifting lock clock), but only on the simulator; conformance runs only each
// scenario's defaults on the real servers. Here such schedules, drawn from a printed seed, run on
// the real Redis, Postgres and etcd and on the engine, and the outcomes must agree. Redis's and
// Postgres's clocks are moved by the lab's clock shim; etcd keeps true time.
//
// Replay a failure with its seed: RANDOM_CONTENTION_SEED=<seed> npx vitest run --project lab
// src/lab/conformance/randomContention.test.ts (RANDOM_CONTENTION_COUNT sets how many runs,
// RANDOM_CONTENTION_RETRY the retries, RANDOM_CONTENTION_MARGIN_MS a narrower margin, to see how
// near a boundary the engine still holds).
import { describe, expect, it } from 'vitest';
import { contentionScript, type ContentionSpec } from '../../sim/scenarios/contention';
import type { Trace } from '../../sim/trace/schema';
import { outcomeDifferences } from '../record/compareOutcomes';
import { runRealScript } from '../runReal';
import { providedServerPool, skipWithoutClockShim } from './conformance';
import { drawContentionCases, nearbyContentionFlip, specParams } from './drawContention';
import { JITTER_MARGIN_MS } from './drawParams';
import { envInt } from './envInt';

/** A fixed seed, so a run of the suite is repeatable; any other can be given to explore. */
const DEFAULT_SEED = 20_261_202;
/**
 * Runs per lab run, the three locks in turn: a kept run lasts about 1.2 s of wall time on
 * average (up to 3 s), so 18 of them take some 25 s on a 2-core machine.
 */
const DEFAULT_COUNT = 18;

const seed = envInt('RANDOM_CONTENTION_SEED', DEFAULT_SEED);
const count = envInt('RANDOM_CONTENTION_COUNT', DEFAULT_COUNT);
// One retry by default, as in conformance: a run can miss a margin once on a busy machine; the
// outcome itself is never loosened. RANDOM_CONTENTION_RETRY=0 shows every miss.
const retry = envInt('RANDOM_CONTENTION_RETRY', 1);
const marginMs = envInt('RANDOM_CONTENTION_MARGIN_MS', JITTER_MARGIN_MS);
const replay = `RANDOM_CONTENTION_SEED=${seed} RANDOM_CONTENTION_COUNT=${count} RANDOM_CONTENTION_MARGIN_MS=${marginMs}`;

/**
 * `c1 at 0 ttl 300 pause 500 twice; c2 at …; jump +800 at 400; clock -120 ms, +35000 ppm`: the
 * clients, the lock clock's jumps and its offset and drift, as the test's name shows them.
 */
const describeSpec = (spec: ContentionSpec) =>
  [
    ...spec.clients.map(
      (c, i) =>
        `c${i + 1} at ${c.startMs} ttl ${c.ttlMs}` +
        (c.pauseMs > 0 ? ` pause ${c.pauseMs}` : '') +
        (c.heldMs > 0 ? ` held ${c.heldMs}` : '') +
        (c.writeTwice ? ' twice' : ''),
    ),
    ...spec.clockJumps.map((j) => `jump ${j.byMs >= 0 ? '+' : ''}${j.byMs} at ${j.atMs}`),
    ...(spec.lockClock
      ? [
          `clock ${spec.lockClock.offsetMs ?? 0} ms, ${(spec.lockClock.driftPpm ?? 0) >= 0 ? '+' : ''}${spec.lockClock.driftPpm ?? 0} ppm`,
        ]
      : []),
  ].join('; ');

/**
 * What each client did and when, busy retries left out: a real run cannot be replayed, so a
 * disagreement's message carries both timelines, to tell a late step from a wrong model.
 */
const timeline = (trace: Trace) =>
  trace.events
    .filter((e) => e.type !== 'invoke' && !(e.f === 'acquire' && e.type === 'fail'))
    .map((e) => `${Math.round(e.t)} ${e.actor} ${e.f} ${e.type}`)
    .join(', ');

const pool = providedServerPool();
const { cases } = drawContentionCases(seed, count, marginMs);

describe(`generated contention on real servers and the engine (seed ${seed}, margin ${marginMs} ms)`, () => {
  it('keeps only runs the margin and the seeds cannot flip', () => {
    // Two clients that start 5 ms apart: client 1 starting 10 ms late hands client 2 the lock.
    const close: ContentionSpec = {
      lock: 'redis',
      fencing: true,
      clients: [
        { startMs: 100, ttlMs: 300, pauseMs: 0, heldMs: 0, writeTwice: false },
        { startMs: 105, ttlMs: 300, pauseMs: 0, heldMs: 0, writeTwice: false },
      ],
      clockJumps: [],
    };
    expect(nearbyContentionFlip(close, marginMs)).not.toBeNull();
    for (const c of cases)
      expect(nearbyContentionFlip(c.spec, marginMs), describeSpec(c.spec)).toBeNull();
  });

  for (const [i, c] of cases.entries()) {
    const { spec, sim } = c;
    const name = `#${i + 1} ${spec.lock}, fencing ${spec.fencing ? 'on' : 'off'}: ${describeSpec(spec)}; the engine says ${sim.outcome.verdict}`;
    it(name, { retry }, async (context) => {
      // A run with a clock jump or a lock clock needs the clock shim: without gcc, it says so.
      await skipWithoutClockShim(contentionScript(spec), context);
      const real = await runRealScript(
        contentionScript(spec),
        { scenario: 'contention', variant: sim.variant, params: specParams(spec) },
        pool,
        { jitterSeed: seed + i },
      );
      expect(real.params).toEqual(sim.params);
      expect(
        outcomeDifferences(real.outcome, sim.outcome),
        `${name}; replay with ${replay}\nreal: ${timeline(real)}\nengine: ${timeline(sim)}`,
      ).toEqual([]);
    });
  }
});
