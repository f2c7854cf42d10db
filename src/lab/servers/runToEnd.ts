// A command the lab runs to its end rather than as a server (initdb). While it runs it is
// registered for clean-up like every server, so a signal or an exit in the middle stops it
// instead of leaving it behind, writing into a folder that is being removed.
import { spawn } from 'node:child_process';
import { dieWithParent } from './parentDeath';
import { interruptThenKill } from './interruptThenKill';
import { registerCleanup } from './registry';
import { isNotFound, missingProgram } from './errors';

export interface RunToEndOptions {
  /** Its name in messages: "initdb". */
  name: string;
  /** How long SIGINT gets before SIGKILL when it is stopped. */
  stopTimeoutMs?: number;
}

export interface CommandOutput {
  stdout: string;
  stderr: string;
}

/** It failed or was stopped; `stderr` is what it printed (nothing when it was stopped). */
export class CommandFailedError extends Error {
  override name = 'CommandFailedError';
  constructor(
    message: string,
    readonly stderr: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const OUTPUT_LIMIT_CHARS = 16_384;

export function runToEnd(
  command: string,
  args: string[],
  options: RunToEndOptions,
): Promise<CommandOutput> {
  const { name } = options;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
  return new Promise((resolve, reject) => {
    // Dies with the lab if the lab is killed outright (initdb can take seconds).
    const spawned = dieWithParent(command, args);
    const child = spawn(spawned.command, spawned.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString('utf8')).slice(-OUTPUT_LIMIT_CHARS);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-OUTPUT_LIMIT_CHARS);
    });

    let running = true;
    let stopped = false;
    // 'error' without 'exit' when it could not be spawned at all.
    const exited = new Promise<void>((resolveExit) => {
      const gone = () => {
        running = false;
        forget();
        resolveExit();
      };
      child.once('exit', gone);
      child.once('error', gone);
    });

    // As for the servers: initdb then ends its step, waits for the postgres it runs and
    // removes its data folder itself.
    const stop = async (): Promise<void> => {
      if (!running) return;
      stopped = true;
      await interruptThenKill(child, exited, () => running, stopTimeoutMs);
    };
    const forget = registerCleanup({
      label: `${name} (pid ${child.pid ?? 'none'})`,
      stop,
      killNow() {
        if (running && child.pid) process.kill(child.pid, 'SIGKILL');
      },
    });

    child.once('error', (error) => {
      const detail = isNotFound(error) ? missingProgram(command) : error.message;
      reject(new CommandFailedError(`${name}: ${detail}`, stderr, { cause: error }));
    });
    // 'close' rather than 'exit': by then everything it printed has been read.
    child.once('close', (code, signal) => {
      if (stopped) reject(new CommandFailedError(`${name} was stopped before it finished`, ''));
      else if (code === 0) resolve({ stdout, stderr });
      else {
        const how = code === null ? `was killed by ${signal}` : `exited with code ${code}`;
        reject(new CommandFailedError(`${name} ${how}`, stderr));
      }
    });
  });
}
