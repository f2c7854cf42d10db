// Runs one server process: spawn it, wait until it answers, and stop it (SIGINT, then SIGKILL if
// it hangs), removing its temp folder. Every process is registered, so an exit, a signal or an
// uncaught error still stops it; and it dies with the lab if the lab is killed outright.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { interruptThenKill } from './interruptThenKill';
import { dieWithParent } from './parentDeath';
import { registerCleanup } from './registry';
import { ServerStartError, isNotFound, missingProgram, oneLine } from './errors';
import type { TempDir } from './tempDir';

export interface SuperviseOptions {
  /** The server's name in messages: "Redis", "Postgres", "etcd". */
  server: string;
  /** Where it listens, for messages: "127.0.0.1:6390". */
  address: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Removed after the process exits. */
  tempDir?: TempDir;
  /** Resolves true once the server answers; called every pollMs until readyTimeoutMs. */
  isReady: () => Promise<boolean>;
  readyTimeoutMs?: number;
  pollMs?: number;
  /** How long SIGINT gets before SIGKILL. */
  stopTimeoutMs?: number;
}

export interface SupervisedProcess {
  server: string;
  address: string;
  pid: number;
  /** The last lines the process printed, for error messages. */
  output(): string;
  isRunning(): boolean;
  /** Resolves with the exit code (or null after a signal) once the process is gone. */
  exited: Promise<number | null>;
  /** Kill at once with SIGKILL (used to simulate a crash); the temp folder stays until stop(). */
  kill(signal?: NodeJS.Signals): void;
  /** SIGINT, wait, SIGKILL if still there, then remove the temp folder. Safe to call twice. */
  stop(): Promise<void>;
}

const OUTPUT_LIMIT_CHARS = 16_384;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The most useful line of a server's output for a one-line error: its last non-empty one. */
export function lastLine(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.at(-1) ?? '';
}

export async function supervise(options: SuperviseOptions): Promise<SupervisedProcess> {
  const { server, address, tempDir } = options;
  const readyTimeoutMs = options.readyTimeoutMs ?? 15_000;
  const pollMs = options.pollMs ?? 20;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5_000;

  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT_CHARS);
  };

  let child: ChildProcess;
  try {
    const { command, args } = dieWithParent(options.command, options.args, options.env);
    child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    await tempDir?.remove();
    throw new ServerStartError(server, address, `${options.command}: ${String(error)}`, {
      cause: error,
    });
  }
  // Output is read continuously: a full pipe would block the server.
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let running = true;
  let spawnError: Error | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      spawnError = error;
      running = false;
      resolve(null);
    });
    child.once('exit', (code) => {
      running = false;
      resolve(code);
    });
  });

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      await interruptThenKill(child, exited, () => running, stopTimeoutMs);
      await tempDir?.remove();
      forget();
    })();
    return stopped;
  };

  const forget = registerCleanup({
    label: `${server} at ${address}`,
    stop,
    killNow() {
      if (running && child.pid) process.kill(child.pid, 'SIGKILL');
    },
  });

  const handle: SupervisedProcess = {
    server,
    address,
    pid: child.pid ?? -1,
    output: () => output,
    isRunning: () => running,
    exited,
    kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (running) child.kill(signal);
    },
    stop,
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (!running) {
      await stop();
      const code = await exited;
      // spawn says ENOENT for a missing folder to run in, too: only the program's own is news.
      const why = !spawnError
        ? lastLine(output) || `exited with code ${code}`
        : isNotFound(spawnError) && (options.cwd === undefined || existsSync(options.cwd))
          ? missingProgram(options.command)
          : `${options.command}: ${spawnError.message}`;
      throw new ServerStartError(server, address, why, spawnError && { cause: spawnError });
    }
    if (await options.isReady().catch(() => false)) return handle;
    if (Date.now() > deadline) {
      const tail = lastLine(output);
      await stop();
      throw new ServerStartError(
        server,
        address,
        `not ready after ${readyTimeoutMs} ms${tail ? `; last output: ${oneLine(tail, 120)}` : ''}`,
      );
    }
    await sleep(pollMs);
  }
}
