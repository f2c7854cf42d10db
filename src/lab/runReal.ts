// One scenario on real servers: the engine's own interpreter (playScript) drives a real backend
// in wall time, and the result is a trace in the simulator's format, validated before anyone
// sees it.
import { arch, cpus, platform, release } from 'node:os';
import { createPrng } from '../sim/core/prng';
import { playScript } from '../sim/run/interpreter';
import { deriveOutcome } from '../sim/run/outcome';
import type { Script } from '../sim/run/script';
import type { Params } from '../sim/scenarios/index';
import { resolveRun, traceParams, type SimulateOptions } from '../sim/simulate';
import {
  TRACE_FORMAT,
  TRACE_VERSION,
  type StoredDocument,
  type Trace,
  type TraceEnvironment,
  type TraceEvent,
} from '../sim/trace/schema';
import { validateTrace } from '../sim/trace/validate';
import { openRealBackend, type OpenedBackend, type ServerPool } from './backends';
import { oneLine } from './servers';
import { untilWallMs, WallScheduler } from './wallScheduler';

export interface RunRealOptions extends Omit<SimulateOptions, 'seed'> {
  /** Seeds the retry jitter only; wall time decides the rest. */
  jitterSeed?: number;
  /** A run that has not finished by then failed: a server stopped answering. */
  timeoutMs?: number;
}

/** A run that could not finish: names the scenario, the variant and the lock, then why. */
export class ScenarioFailedError extends Error {
  override name = 'ScenarioFailedError';
  constructor(
    readonly scenario: string,
    readonly variant: string,
    readonly lock: string,
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`scenario ${scenario} (${variant}, ${lock}) failed: ${oneLine(reason, 300)}`, options);
  }
}

/** Every scenario is over in a few seconds; far longer means a server stopped answering. */
const DEFAULT_TIMEOUT_MS = 30_000;

function environment(servers: OpenedBackend['servers']): TraceEnvironment {
  const settings: Record<string, string> = {};
  for (const [server, info] of Object.entries(servers)) {
    for (const [name, value] of Object.entries(info?.settings ?? {}))
      settings[`${server}.${name}`] = value;
  }
  const env: TraceEnvironment = {
    node: process.version,
    os: `${platform()} ${release()} ${arch()}`,
    cpus: cpus().length,
    recordedAt: new Date().toISOString(),
    settings,
  };
  if (servers.redis) env.redis = servers.redis.version;
  env.postgres = servers.postgres.version;
  if (servers.etcd) env.etcd = servers.etcd.version;
  return env;
}

export async function runReal(options: RunRealOptions, pool: ServerPool): Promise<Trace> {
  const { scenario, variant, lock, params } = resolveRun(options);
  return runRealScript(
    scenario.script(params, variant, lock),
    { scenario: scenario.name, variant, params },
    pool,
    options,
  );
}

/** What names a run that is not one of the scenarios: the trace's scenario, variant and params. */
export interface ScriptMeta {
  scenario: string;
  variant: string;
  params: Params;
}

/**
 * Plays any script on the real servers (a scenario's, or one a test generated), as
 * `simulateScript` plays it on the engine: the same steps, in wall time.
 */
export async function runRealScript(
  script: Script,
  meta: ScriptMeta,
  pool: ServerPool,
  options: Pick<RunRealOptions, 'jitterSeed' | 'timeoutMs'> = {},
): Promise<Trace> {
  const { scenario, variant, params } = meta;
  const { lock } = script;
  const failed = (reason: unknown) =>
    new ScenarioFailedError(
      scenario,
      variant,
      lock,
      reason instanceof Error ? reason.message : String(reason),
      { cause: reason },
    );

  let fatal: (error: Error) => void = () => {};
  let opened: OpenedBackend;
  try {
    opened = await openRealBackend(script, pool, (error) => fatal(error));
  } catch (error) {
    throw failed(error);
  }
  // The clock starts only now, with every connection open: t = 0 is the scenario's first step,
  // and where a server's clock drifts, the moment its drift counts from.
  if (opened.backend.zeroWallMs !== undefined) await untilWallMs(opened.backend.zeroWallMs);
  const scheduler = new WallScheduler(opened.backend.zeroWallMs);
  try {
    const { events, document } = await new Promise<{
      events: TraceEvent[];
      document: StoredDocument;
    }>((resolve, reject) => {
      const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const timer = setTimeout(
        () =>
          reject(new Error(`did not finish within ${timeoutMs} ms: a server stopped answering`)),
        timeoutMs,
      );
      fatal = (error) => {
        clearTimeout(timer);
        reject(error);
      };
      playScript(
        script,
        opened.backend,
        scheduler,
        createPrng(options.jitterSeed ?? 1),
        (events, document) => {
          clearTimeout(timer);
          resolve({ events, document });
        },
      );
    });
    const trace: Trace = {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      scenario,
      variant,
      backend: opened.backend.name,
      // The same params the simulator records, the clocks the script sets among them.
      params: traceParams(script, params),
      environment: environment(opened.servers),
      events,
      outcome: deriveOutcome(events, document),
    };
    const valid = validateTrace(JSON.parse(JSON.stringify(trace)));
    if (!valid.ok) throw new Error(`the trace is not valid: ${valid.errors.join('; ')}`);
    return trace;
  } catch (error) {
    throw failed(error);
  } finally {
    scheduler.cancelAll();
    await opened.close().catch(() => {});
  }
}
