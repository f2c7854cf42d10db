// Draws runs of several clients contending for one lock (the engine's property-test schedules:
// pauses, held writes, second writes, and on Redis and Postgres clock jumps and a lock clock set
// off or drifting, which the lab plays under its clock shim) from a printed seed, and keeps only those whose outcome
// wall-clock jitter cannot decide. More than the drawn numbers decides a run: how late each real
// step starts (tens of ms on a loaded machine), which waiting client retries first once the lock
// is free (each retry waits a random 0.5–1.5 × 25 ms), and on etcd when the leader's next expiry
// pass comes (every 500 ms, from whenever etcd started). So a drawn run is kept only if the engine
// gives it the same outcome on several seeds (the seed draws the retries and the passes) and with
// any one client's start, TTL, pause or hold, any clock jump's time or size, or the lock clock's
// offset moved by up to ±marginMs. A drift is not moved: the shim runs it exactly, and the
// margin on each TTL already covers the time it shifts.
import { createPrng, type Prng } from '../../sim/core/prng';
import {
  contentionScript,
  type ContenderSpec,
  type ContentionSpec,
} from '../../sim/scenarios/contention';
import type { Params } from '../../sim/scenarios/index';
import { simulateScript } from '../../sim/simulate';
import type { Trace } from '../../sim/trace/schema';
import type { MsRange } from '../../state/urlParams';
import { nearestOutcomeChange, type OutcomeChange } from '../../panels/shared/nearOutcomeChange';
import { outcomeShape } from '../record/compareOutcomes';
import { JITTER_MARGIN_MS } from './drawParams';

/** The locks whose contention the lab can run: one server each, already started for the run. */
export const CONTENTION_LOCKS = ['redis', 'pg-lease', 'etcd'] as const;

/**
 * The locks whose server the lab can run under its clock shim, so that their runs can have clock
 * jumps and a lock clock set off or drifting. etcd cannot: the shim does not reach a Go binary's
 * clock, and etcd's leases run on the monotonic clock anyway.
 */
const CLOCK_SHIMMED_LOCKS: readonly ContentionSpec['lock'][] = ['redis', 'pg-lease'];

/** The engine's property tests' clock draws: up to 2 jumps, and a clock off and drifting. */
const CLOCK_DRAW = {
  jumps: { min: 0, max: 2 },
  jumpAtMs: { min: 0, max: 1500 },
  jumpByMs: { min: -500, max: 3000 },
  offsetMs: { min: -1000, max: 1000 },
  driftPpm: { min: -200_000, max: 200_000 },
} as const;

/** Any value: a jump's size and a clock's offset can be moved anywhere. */
const ANY_MS: MsRange = {
  min: Number.MIN_SAFE_INTEGER,
  max: Number.MAX_SAFE_INTEGER,
  step: 1,
};

/** The timings of one client that a probe moves. */
const TIMINGS = ['startMs', 'ttlMs', 'pauseMs', 'heldMs'] as const;
type Timing = (typeof TIMINGS)[number];

/** Where each timing is drawn from: the engine's property tests' ranges. */
const DRAW_RANGE_MS: Record<Timing, { min: number; max: number }> = {
  startMs: { min: 0, max: 800 },
  ttlMs: { min: 50, max: 600 },
  pauseMs: { min: 1, max: 1500 },
  heldMs: { min: 1, max: 1000 },
};

/**
 * How far a probe may move each timing: anywhere the real world can put it, not only where the
 * draw does. Lateness has no upper bound; a TTL stays above 0 and the rest at 0 or more.
 */
const PROBE_RANGE_MS: Record<Timing, MsRange> = {
  startMs: { min: 0, max: Number.MAX_SAFE_INTEGER, step: 1 },
  ttlMs: { min: 1, max: Number.MAX_SAFE_INTEGER, step: 1 },
  pauseMs: { min: 0, max: Number.MAX_SAFE_INTEGER, step: 1 },
  heldMs: { min: 0, max: Number.MAX_SAFE_INTEGER, step: 1 },
};

/** The probes' step: the margin in 15 steps. */
const PROBE_STEP_MS = 10;
/** Seeds a drawn run must agree on before it is probed at all. */
const SEEDS_AT_POINT = 16;
/** Seeds each probe runs on: fewer, as there are some 500 probes a run. */
const SEEDS_PER_PROBE = 3;

export interface ContentionCase {
  spec: ContentionSpec;
  /** The engine's run of it, on the first seed (every seed tried gives this outcome). */
  sim: Trace;
}

/**
 * One name per timing, `client-2.pauseMs`, `jump-1.atMs`, `lockClock.offsetMs`: the probes' knobs
 * and the trace's params. The lock clock's drift is in the trace as `clock.<node>` already.
 */
export function specParams(spec: ContentionSpec): Params {
  const params: Params = {};
  spec.clients.forEach((c, i) => {
    for (const timing of TIMINGS) params[`client-${i + 1}.${timing}`] = c[timing];
  });
  spec.clockJumps.forEach((j, i) => {
    params[`jump-${i + 1}.atMs`] = j.atMs;
    params[`jump-${i + 1}.byMs`] = j.byMs;
  });
  if (spec.lockClock) params['lockClock.offsetMs'] = spec.lockClock.offsetMs ?? 0;
  return params;
}

/** The spec with its timings taken from `params` (names as `specParams` gives them). */
export function withParams(spec: ContentionSpec, params: Params): ContentionSpec {
  return {
    ...spec,
    clients: spec.clients.map((c, i) => {
      const moved: ContenderSpec = { ...c };
      for (const timing of TIMINGS) moved[timing] = params[`client-${i + 1}.${timing}`]!;
      return moved;
    }),
    clockJumps: spec.clockJumps.map((_, i) => ({
      atMs: params[`jump-${i + 1}.atMs`]!,
      byMs: params[`jump-${i + 1}.byMs`]!,
    })),
    ...(spec.lockClock
      ? { lockClock: { ...spec.lockClock, offsetMs: params['lockClock.offsetMs']! } }
      : {}),
  };
}

/** How far a probe may move each knob: a client's timing, a jump's time or size, an offset. */
function probeRange(name: string): MsRange {
  if (name === 'jump-1.atMs' || name === 'jump-2.atMs') return PROBE_RANGE_MS.startMs;
  if (name.startsWith('jump-') || name === 'lockClock.offsetMs') return ANY_MS;
  return PROBE_RANGE_MS[name.slice(name.indexOf('.') + 1) as Timing];
}

/** The engine's run of a spec on one seed, named as the real run will be. */
export function simulateContention(spec: ContentionSpec, seed: number): Trace {
  return simulateScript(contentionScript(spec), seed, {
    scenario: 'contention',
    variant: spec.fencing ? 'fencing-on' : 'fencing-off',
    params: specParams(spec),
  }).trace;
}

const shapeOf = (trace: Trace) => JSON.stringify(outcomeShape(trace.outcome));

/** The outcome all `seeds` agree on, or null when the retries' timing splits them. */
function agreedOutcome(spec: ContentionSpec, seeds: number): string | null {
  const first = shapeOf(simulateContention(spec, 1));
  for (let seed = 2; seed <= seeds; seed++)
    if (shapeOf(simulateContention(spec, seed)) !== first) return null;
  return first;
}

/** A split outcome is never equal to a firm one, so a probe that splits counts as a change. */
const SPLIT = 'split across seeds';

/**
 * Why this run is no fair test of the real servers: the seeds split its outcome, or one timing
 * moved by up to ±marginMs changes it (the nearest such move). Null when it is a fair test.
 */
export function nearbyContentionFlip(
  spec: ContentionSpec,
  marginMs = JITTER_MARGIN_MS,
): 'split' | OutcomeChange<string> | null {
  if (agreedOutcome(spec, SEEDS_AT_POINT) === null) return 'split';
  const params = specParams(spec);
  const ranges: Record<string, MsRange> = {};
  for (const name of Object.keys(params)) ranges[name] = probeRange(name);
  return nearestOutcomeChange(
    params,
    ranges,
    (moved) => agreedOutcome(withParams(spec, moved), SEEDS_PER_PROBE) ?? SPLIT,
    marginMs,
    PROBE_STEP_MS,
  );
}

function drawIn(prng: Prng, range: { min: number; max: number }): number {
  return prng.int(range.min, range.max);
}

/** One client, as the property tests draw it: no pause, no hold, one write, each half the time. */
function drawContender(prng: Prng): ContenderSpec {
  return {
    startMs: drawIn(prng, DRAW_RANGE_MS.startMs),
    ttlMs: drawIn(prng, DRAW_RANGE_MS.ttlMs),
    pauseMs: prng.float() < 0.5 ? 0 : drawIn(prng, DRAW_RANGE_MS.pauseMs),
    heldMs: prng.float() < 0.5 ? 0 : drawIn(prng, DRAW_RANGE_MS.heldMs),
    writeTwice: prng.float() < 0.5,
  };
}

/**
 * `clientCount` clients on one lock, fencing on or off. On a lock whose server runs under the
 * clock shim, up to two clock jumps and, half the time, a lock clock set off and drifting, as the
 * property tests draw them; etcd keeps true time.
 */
export function drawContentionSpec(
  prng: Prng,
  lock: (typeof CONTENTION_LOCKS)[number],
  fencing: boolean,
  clientCount: number,
): ContentionSpec {
  const spec: ContentionSpec = {
    lock,
    fencing,
    clients: Array.from({ length: clientCount }, () => drawContender(prng)),
    clockJumps: [],
  };
  if (!CLOCK_SHIMMED_LOCKS.includes(lock)) return spec;
  const jumps = drawIn(prng, CLOCK_DRAW.jumps);
  for (let i = 0; i < jumps; i++)
    spec.clockJumps.push({
      atMs: drawIn(prng, CLOCK_DRAW.jumpAtMs),
      byMs: drawIn(prng, CLOCK_DRAW.jumpByMs),
    });
  if (prng.float() < 0.5)
    spec.lockClock = {
      offsetMs: drawIn(prng, CLOCK_DRAW.offsetMs),
      driftPpm: drawIn(prng, CLOCK_DRAW.driftPpm),
    };
  return spec;
}

/** The fewest and most clients a run has, as in the engine's property tests. */
const CLIENTS = { min: 2, max: 4 } as const;

/**
 * The i-th run's lock, fencing and number of clients, taken in turn rather than drawn: most
 * runs of three or four clients are left out (two of them wait for the lock at once, and which
 * retries first is chance), so drawn freely the kept runs would be nearly all of two clients.
 * Every 18 runs cover each lock, fencing on and off, and 2, 3 and 4 clients once.
 */
function shapeOfCase(i: number) {
  const locks = CONTENTION_LOCKS.length;
  return {
    lock: CONTENTION_LOCKS[i % locks]!,
    fencing: Math.floor(i / locks) % 2 === 0,
    clientCount: CLIENTS.min + (Math.floor(i / (2 * locks)) % (CLIENTS.max - CLIENTS.min + 1)),
  };
}

/** What a search for kept runs cost, for the test's report. */
export interface DrawTally {
  drawn: number;
  split: number;
  nearFlip: number;
}

/** Draws for one kept run before giving up: four clients on etcd keep about one in 500. */
const MAX_DRAWS_PER_CASE = 20_000;

/**
 * `count` runs drawn from `seed` (their locks, fencing and sizes in turn), each kept only when no
 * seed or nearby timing changes its engine outcome. Deterministic: the same seed gives the same
 * runs.
 */
export function drawContentionCases(
  seed: number,
  count: number,
  marginMs = JITTER_MARGIN_MS,
): { cases: ContentionCase[]; tally: DrawTally } {
  const prng = createPrng(seed);
  const cases: ContentionCase[] = [];
  const tally: DrawTally = { drawn: 0, split: 0, nearFlip: 0 };
  for (let i = 0; i < count; i++) {
    const { lock, fencing, clientCount } = shapeOfCase(i);
    for (let tries = 0; ; tries++) {
      if (tries === MAX_DRAWS_PER_CASE) {
        throw new Error(
          `no run of ${clientCount} clients on ${lock} ${marginMs} ms from a boundary in ${tries} draws`,
        );
      }
      const spec = drawContentionSpec(prng, lock, fencing, clientCount);
      tally.drawn++;
      const flip = nearbyContentionFlip(spec, marginMs);
      if (flip === 'split') tally.split++;
      else if (flip !== null) tally.nearFlip++;
      else {
        cases.push({ spec, sim: simulateContention(spec, 1) });
        break;
      }
    }
  }
  return { cases, tally };
}
