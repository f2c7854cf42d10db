import { MAX_SEED } from './core/prng';
import { World } from './core/world';
import { playScript } from './run/interpreter';
import { deriveOutcome } from './run/outcome';
import type { LockKind, Script } from './run/script';
import { SimBackend } from './simBackend';
import { findScenario, scenarios, type Params, type Scenario } from './scenarios/index';
import { TRACE_FORMAT, TRACE_VERSION, type Trace } from './trace/schema';
import { shownValue } from './trace/shown';

export interface SimulateOptions {
  scenario: string;
  variant: string;
  seed?: number;
  lock?: LockKind;
  params?: Params;
}

/** A run's trace, with what the benchmark counts: queued events, and the queue's depth. */
export interface SimulatedRun {
  trace: Trace;
  /** Queued events the run took. */
  events: number;
  /** The queue's size as each event was taken, summed (see `World.queueDepthSum`). */
  queueDepthSum: number;
}

/** A clear error for a caller that named something that does not exist, or a bad parameter. */
export class UnknownNameError extends Error {}

/**
 * The largest parameter, in ms: ten minutes of virtual time. A run's events grow with its times
 * (holder-crash's second client polls the lock until the TTL runs out: a 600,000 ms TTL is 23,743
 * events, a second's work), and a TTL of 1e9 ms ran for minutes; at 1e20 the clock no longer
 * moves when a millisecond is added, and the run never ended.
 */
export const MAX_PARAM_MS = 600_000;

/** A name as a message quotes it: a caller's text can be anything, a line break or a page long. */
const shownName = (name: string) => shownValue(name, 60);

/** Checks the names and fills in defaults; throws an UnknownNameError that lists the valid names. */
export function resolveRun(options: SimulateOptions): {
  scenario: Scenario;
  variant: string;
  lock: LockKind;
  params: Params;
} {
  const scenario = findScenario(options.scenario);
  if (!scenario) {
    throw new UnknownNameError(
      `unknown scenario ${shownName(options.scenario)}; valid scenarios: ${scenarios.map((s) => s.name).join(', ')}`,
    );
  }
  if (!scenario.variants.includes(options.variant)) {
    throw new UnknownNameError(
      `scenario ${scenario.name} has no variant ${shownName(options.variant)}; valid variants: ${scenario.variants.join(', ')}`,
    );
  }
  const lock = options.lock ?? scenario.locks[0]!;
  if (!scenario.locks.includes(lock)) {
    throw new UnknownNameError(
      `scenario ${scenario.name} does not run on ${shownName(lock)}; valid locks: ${scenario.locks.join(', ')}`,
    );
  }
  // A misspelt name would otherwise run with the default and look like a result.
  for (const key of Object.keys(options.params ?? {})) {
    if (!Object.hasOwn(scenario.defaults, key)) {
      const names = Object.keys(scenario.defaults);
      throw new UnknownNameError(
        `scenario ${scenario.name} has no parameter ${shownName(key)}; ` +
          (names.length > 0 ? `its parameters: ${names.join(', ')}` : 'it takes none'),
      );
    }
  }
  const params = { ...scenario.defaults, ...options.params };
  for (const [key, value] of Object.entries(params)) {
    if (!Number.isFinite(value) || value < 0 || value > MAX_PARAM_MS) {
      throw new UnknownNameError(
        `parameter ${key} must be a number of ms from 0 to ${MAX_PARAM_MS}; got ${value}`,
      );
    }
    if (key === 'ttlMs' && (value < 1 || !Number.isInteger(value))) {
      throw new UnknownNameError(
        `parameter ttlMs must be a whole number of ms, 1 or more, as the locks take it; got ${value}`,
      );
    }
  }
  return { scenario, variant: options.variant, lock, params };
}

/**
 * Runs one scenario on the simulated backends in virtual time and returns its trace. The same
 * options and seed always give the same trace, byte for byte.
 */
export function simulate(options: SimulateOptions): Trace {
  return prepareRun(options).run(options.seed ?? 1).trace;
}

/** A scenario with its names checked, its defaults filled in and its script built. */
export interface PreparedRun {
  scenario: Scenario;
  variant: string;
  lock: LockKind;
  params: Params;
  script: Script;
  /** Plays the script on one seed: a fresh world, backend, interpreter, trace and outcome. */
  run(seed: number): SimulatedRun;
}

/**
 * Resolves a scenario once for many seeds (a seed sweep, the benchmark): what does not depend on
 * the seed is not redone for each. Runs share the script, never state: the determinism tests play
 * every seed through one prepared run and compare it with a fresh `simulate`.
 */
export function prepareRun(options: Omit<SimulateOptions, 'seed'>): PreparedRun {
  const { scenario, variant, lock, params } = resolveRun(options);
  const script = scenario.script(params, variant, lock);
  const paramsInTrace = traceParams(script, params);
  return {
    scenario,
    variant,
    lock,
    params,
    script,
    run: (seed) => playSeed(script, seed, scenario.name, variant, { ...paramsInTrace }),
  };
}

/**
 * What a trace records of its run's settings: the lock, the scenario's parameters, the body, and
 * any server clock the script sets apart from true time (`clock.redis: "offset 0 ms, drift
 * 20000 ppm"`), so that the trace says everything its run depended on.
 */
export function traceParams(script: Script, params: Params): Trace['params'] {
  const out: Trace['params'] = { lock: script.lock, ...params, initialBody: script.initialBody };
  for (const [node, { offsetMs = 0, driftPpm = 0 }] of Object.entries(script.clocks ?? {}))
    out[`clock.${node}`] = `offset ${offsetMs} ms, drift ${driftPpm} ppm`;
  return out;
}

/** Runs any script (a scenario's, or one a property test generated) in virtual time. */
export function simulateScript(
  script: Script,
  seed: number,
  meta: { scenario: string; variant: string; params: Params },
): SimulatedRun {
  return playSeed(script, seed, meta.scenario, meta.variant, traceParams(script, meta.params));
}

function playSeed(
  script: Script,
  seed: number,
  scenario: string,
  variant: string,
  params: Trace['params'],
): SimulatedRun {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw new RangeError(`a seed is a whole number from 0 to ${MAX_SEED}; got ${seed}`);
  const world = new World(seed);
  let trace: Trace | null = null;
  playScript(script, new SimBackend(script, world), world, world.prng, (events, document) => {
    trace = {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      scenario,
      variant,
      backend: 'sim',
      seed,
      params,
      events,
      outcome: deriveOutcome(events, document),
    };
  });
  world.run();
  if (trace === null) {
    throw new Error(
      `scenario ${scenario} (${variant}) did not finish: an actor waits for a signal nobody sends`,
    );
  }
  return { trace, events: world.eventsRun, queueDepthSum: world.queueDepthSum };
}
