// What every real backend adds to the engine's Backend: a name for the trace, the servers it
// ran on, and a way to close its connections. Calls into real servers are promises; this file
// turns them into the engine's callbacks and turns an unexpected server error into a failed
// run rather than a made-up result.
import type { Backend, Done } from '../../sim/run/backend';
import type { Script } from '../../sim/run/script';
import { oneLine, ServerDownError } from '../servers';

export interface RealBackend extends Backend {
  /** The servers the run used, for the trace: `redis+postgres`, `postgres`, `etcd+postgres`, … */
  readonly name: string;
  /** Closes every connection (and proxy) it opened. Safe to call twice. */
  close(): Promise<void>;
  /**
   * The wall time (`Date.now`) the run must begin at, when a server's clock drifts: the drift
   * counts from there, as the engine's counts from t = 0. Absent when no clock drifts.
   */
  readonly zeroWallMs?: number;
}

/** The first unexpected error of a run: the run fails with it instead of inventing an answer. */
export type FatalHandler = (error: Error) => void;

/** A server that failed in the middle of a run: names the server, its address and what it said. */
export class ServerFailedError extends Error {
  override name = 'ServerFailedError';
  constructor(
    readonly server: string,
    readonly address: string,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(`${server} at ${address} failed: ${oneLine(detail)}`, options);
  }
}

/** An error from a server's driver, named after the server unless it already names one. */
export function failedOn(server: string, address: string, error: unknown): Error {
  if (error instanceof ServerFailedError || error instanceof ServerDownError) return error;
  return new ServerFailedError(
    server,
    address,
    error instanceof Error ? error.message : String(error),
    { cause: error },
  );
}

/**
 * Runs a backend's setup on one server so that an error names it: a driver says only
 * "Connection is closed." when the server dies between two setup commands.
 */
export async function onServer<T>(
  server: string,
  address: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw failedOn(server, address, error);
  }
}

/** Every actor in a script except the nemesis, which only injects faults. */
export function clientActors(script: Script): string[] {
  return Object.keys(script.actors).filter((name) => name !== 'nemesis');
}

/**
 * Runs the actors' calls: an answer to a client that has crashed is dropped (nobody is there to
 * hear it, as in the simulator), and an error goes to `fatal` with the server's name on it.
 */
export class ActorCalls {
  private readonly crashed = new Set<string>();

  constructor(private readonly fatal: FatalHandler) {}

  isCrashed(actor: string): boolean {
    return this.crashed.has(actor);
  }

  markCrashed(actor: string): void {
    this.crashed.add(actor);
  }

  call<T>(
    actor: string | null,
    server: { name: string; address: string },
    work: () => Promise<T>,
    done: Done<T>,
  ): void {
    let promise: Promise<T>;
    try {
      promise = work();
    } catch (error) {
      promise = Promise.reject(error);
    }
    promise.then(
      (result) => {
        if (actor !== null && this.crashed.has(actor)) return;
        try {
          done(result);
        } catch (error) {
          // A throw in the engine's callback is a bug, not a server's fault: fail the run with
          // it rather than leave an unhandled rejection to kill the process.
          this.fatal(error instanceof Error ? error : new Error(String(error)));
        }
      },
      (error: unknown) => {
        if (actor !== null && this.crashed.has(actor)) return;
        this.fatal(failedOn(server.name, server.address, error));
      },
    );
  }
}

// The answers every backend gives in the same shapes, simulated or real (the trace carries them).
export { busy, extended, released } from '../../sim/run/answers';

/**
 * The nemesis's fault on a backend that has no way to inject it: a failed step in the trace,
 * as the simulator records it, not an error of the run.
 */
export const cannotInject: Backend['fault'] = (op, done) =>
  done({ type: 'fail', note: `${op.f} is not a fault this backend can inject` });

export const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
