// Builds the clock shim (shim.c, next to this file) with gcc into a temp folder at run time, so
// no binary is committed and each machine compiles for itself. Without gcc the scenarios that
// need a clock jump are skipped with a clear reason, never faked.
import { execFile } from 'node:child_process';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SkippedError } from '../errors';

const run = promisify(execFile);

/** The env variable the shim reads its offset file's path from. */
export const CLOCK_OFFSET_FILE_ENV = 'FENCING_LAB_CLOCK_OFFSET_FILE';

export const CLOCK_SHIM_SOURCE = fileURLToPath(new URL('./shim.c', import.meta.url));

/** Throws SkippedError("skipped: no gcc …") when no C compiler is on PATH. */
export async function requireGcc(compiler = 'gcc'): Promise<void> {
  try {
    await run(compiler, ['--version']);
  } catch (error) {
    throw new SkippedError(`no gcc (${compiler} not found; the clock shim must be compiled)`, {
      cause: error,
    });
  }
}

/** Compile the shim into dir and return the path of the shared object for LD_PRELOAD. */
export async function buildClockShim(dir: string, compiler = 'gcc'): Promise<string> {
  await requireGcc(compiler);
  const output = join(dir, 'fencing-lab-clock-shim.so');
  try {
    await run(compiler, ['-O2', '-shared', '-fPIC', '-o', output, CLOCK_SHIM_SOURCE]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`The clock shim did not compile: ${stderr.trim().split('\n')[0]}`, {
      cause: error,
    });
  }
  return output;
}

/** The env a process needs to run with a shifted clock read from offsetFile. */
export function clockShimEnv(shimPath: string, offsetFile: string): NodeJS.ProcessEnv {
  return { LD_PRELOAD: shimPath, [CLOCK_OFFSET_FILE_ENV]: offsetFile };
}

/** Move a shimmed process's wall clock: positive is into the future. Applies within ~10 ms. */
export async function setClockOffsetMs(offsetFile: string, offsetMs: number): Promise<void> {
  // Written whole then renamed, so the shim never reads half a number.
  const temp = `${offsetFile}.tmp`;
  await writeFile(temp, String(Math.trunc(offsetMs)));
  await rename(temp, offsetFile);
}
