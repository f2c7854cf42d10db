import { World } from './core/world';
import { playScript } from './run/interpreter';
import { deriveOutcome } from './run/outcome';
import type { LockKind, Script } from './run/script';
import { SimBackend } from './simBackend';
import { findScenario, scenarios, type Params, type Scenario } from './scenarios/index';
import { TRACE_FORMAT, TRACE_VERSION, type Trace } from './trace/schema';

export interface SimulateOptions {
  scenario: string;
  variant: string;
  seed?: number;
  lock?: LockKind;
  params?: Params;
}

/** A clear error for a caller that named something that does not exist. */
export class UnknownNameError extends Error {}

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
      `unknown scenario "${options.scenario}"; valid scenarios: ${scenarios.map((s) => s.name).join(', ')}`,
    );
  }
  if (!scenario.variants.includes(options.variant)) {
    throw new UnknownNameError(
      `scenario ${scenario.name} has no variant "${options.variant}"; valid variants: ${scenario.variants.join(', ')}`,
    );
  }
  const lock = options.lock ?? scenario.locks[0]!;
  if (!scenario.locks.includes(lock)) {
    throw new UnknownNameError(
      `scenario ${scenario.name} does not run on "${lock}"; valid locks: ${scenario.locks.join(', ')}`,
    );
  }
  const params = { ...scenario.defaults, ...options.params };
  for (const [key, value] of Object.entries(params)) {
    if (!Number.isFinite(value) || value < 0) {
      throw new UnknownNameError(
        `parameter ${key} must be a finite number of ms, 0 or more; got ${value}`,
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
  return simulateCountingEvents(options).trace;
}

/** The trace, and how many queued events the run took (the benchmark's unit of work). */
export function simulateCountingEvents(options: SimulateOptions): { trace: Trace; events: number } {
  return prepareRun(options).run(options.seed ?? 1);
}

/** A scenario with its names checked, its defaults filled in and its script built. */
export interface PreparedRun {
  scenario: Scenario;
  variant: string;
  lock: LockKind;
  params: Params;
  script: Script;
  /** Plays the script on one seed: a fresh world, backend, interpreter, trace and outcome. */
  run(seed: number): { trace: Trace; events: number };
}

/**
 * Resolves a scenario once for many seeds (the property tests, the page's seed sweeps, the
 * benchmark): what does not depend on the seed is not redone for each.
 */
export function prepareRun(options: Omit<SimulateOptions, 'seed'>): PreparedRun {
  const { scenario, variant, lock, params } = resolveRun(options);
  const script = scenario.script(params, variant, lock);
  const meta = { scenario: scenario.name, variant, params };
  return {
    scenario,
    variant,
    lock,
    params,
    script,
    run: (seed) => simulateScript(script, seed, meta),
  };
}

/** Runs any script (a scenario's, or one a property test generated) in virtual time. */
export function simulateScript(
  script: Script,
  seed: number,
  meta: { scenario: string; variant: string; params: Params },
): { trace: Trace; events: number } {
  const world = new World(seed);
  let trace: Trace | null = null;
  playScript(script, new SimBackend(script, world), world, world.prng, (events, document) => {
    trace = {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      scenario: meta.scenario,
      variant: meta.variant,
      backend: 'sim',
      seed,
      params: { lock: script.lock, ...meta.params, initialBody: script.initialBody },
      events,
      outcome: deriveOutcome(events, document),
    };
  });
  world.run();
  if (trace === null) {
    throw new Error(
      `scenario ${meta.scenario} (${meta.variant}) did not finish: an actor waits for a signal nobody sends`,
    );
  }
  return { trace, events: world.eventsRun };
}
