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

/**
 * A shimmed process's wall clock: it reads true + offsetMs + (true − anchorMs) · driftPpm / 1e6,
 * anchorMs being a true wall-clock time in ms since the epoch (the run's start), as the
 * simulator's NodeClock reads with the run's start as its zero.
 */
export interface ShimClockSetting {
  offsetMs: number;
  driftPpm: number;
  anchorMs: number;
}

/** The clock a shimmed process starts with, and goes back to after a run: true time. */
export const TRUE_CLOCK: ShimClockSetting = { offsetMs: 0, driftPpm: 0, anchorMs: 0 };

/** Set a shimmed process's wall clock (not cumulative). Applies within ~10 ms. */
export async function writeShimClock(offsetFile: string, setting: ShimClockSetting): Promise<void> {
  const numbers = [setting.offsetMs, setting.driftPpm, setting.anchorMs].map(Math.trunc);
  // Written whole then renamed, so the shim never reads half a line.
  const temp = `${offsetFile}.tmp`;
  await writeFile(temp, numbers.join(' '));
  await rename(temp, offsetFile);
}

/** Move a shimmed process's wall clock: positive is into the future, no drift. */
export async function setClockOffsetMs(offsetFile: string, offsetMs: number): Promise<void> {
  await writeShimClock(offsetFile, { ...TRUE_CLOCK, offsetMs });
}
