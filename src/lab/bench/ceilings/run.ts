// Runs a C benchmark tool and collects its output; a missing tool becomes CeilingUnavailable,
// so the case still runs and reports a null ceiling instead of failing.
import { spawn } from 'node:child_process';
import { dieWithParent } from '../../servers/parentDeath';
import { oneLine, registerCleanup } from '../../servers';
import { CeilingUnavailable } from './types';

export interface ToolOutput {
  stdout: string;
  stderr: string;
}

export interface RunToolOptions {
  env?: NodeJS.ProcessEnv;
  /** Kill the tool when this aborts (the case's server died: redis-benchmark would spin on). */
  signal?: AbortSignal;
  /** Kill the tool after this long; a benchmark slice should never take it. */
  timeoutMs?: number;
}

export function runTool(
  command: string,
  args: string[],
  options: RunToolOptions = {},
): Promise<ToolOutput> {
  const { signal, timeoutMs } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    // A tool must not outlive the lab: not after Ctrl-C (the cleanup below), nor after kill -9.
    const env = options.env ?? process.env;
    const spawned = dieWithParent(command, args, env);
    const child = spawn(spawned.command, spawned.args, {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const forget = registerCleanup({
      label: command,
      stop: async () => {
        child.kill('SIGKILL');
      },
      killNow: () => child.kill('SIGKILL'),
    });
    let stdout = '';
    let stderr = '';
    let stopReason: Error | undefined;
    const stop = (reason: Error) => {
      stopReason ??= reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop(signal?.reason as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = timeoutMs
      ? setTimeout(
          () => stop(new Error(`${command} did not finish within ${timeoutMs / 1000} s`)),
          timeoutMs,
        )
      : undefined;
    const cleanUp = () => {
      forget();
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', (error: NodeJS.ErrnoException) => {
      cleanUp();
      reject(
        error.code === 'ENOENT'
          ? new CeilingUnavailable(`${command} is not installed (not on PATH)`, { cause: error })
          : error,
      );
    });
    child.once('exit', (code) => {
      cleanUp();
      if (stopReason) reject(stopReason);
      else if (code === 0) resolve({ stdout, stderr });
      else {
        const detail = (stderr.trim() || stdout.trim()).split('\n').find(Boolean) ?? '';
        reject(new Error(`${command} exited with code ${code}: ${oneLine(detail)}`));
      }
    });
  });
}

/** The tool's version line, or undefined when it is not installed. */
export async function toolVersion(command: string): Promise<string | undefined> {
  try {
    const { stdout, stderr } = await runTool(command, ['--version']);
    return (stdout.trim() || stderr.trim()).split('\n')[0];
  } catch {
    return undefined;
  }
}
