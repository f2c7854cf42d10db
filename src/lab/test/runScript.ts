// Runs one of the project's TypeScript commands as `npm run …` would (node with tsx, from the
// project's root), so a test sees what a person sees: the exit code, stdout and stderr.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** npm runs scripts from here; `--import tsx` and relative paths resolve from it too. */
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runScript(
  scriptPath: string,
  args: readonly string[],
  { env = {}, timeoutMs = 60_000 }: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ScriptResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', scriptPath, ...args],
      { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, timeout: timeoutMs },
      (error, stdout, stderr) =>
        resolve({ code: child.exitCode ?? (error ? 1 : 0), stdout, stderr }),
    );
  });
}
