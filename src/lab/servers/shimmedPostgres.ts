// A Postgres whose wall clock the lab can set apart from true time: the postmaster runs under the
// LD_PRELOAD clock shim, and every backend it forks inherits the shim, so now() and
// clock_timestamp() in every session read the shifted clock. A lease row's expiry is judged by
// now(), so this is the clock that decides the pg-lease lock.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildClockShim,
  clockShimEnv,
  writeShimClock,
  type ShimClockSetting,
} from './clockShim/build';
import { startPostgres, type PostgresServer } from './postgres';
import { makeTempDir } from './tempDir';

export interface ShimmedPostgres extends PostgresServer {
  /** Set the database's wall clock: an offset and a drift from an anchor (not cumulative). */
  setClock(setting: ShimClockSetting): Promise<void>;
}

/** Starts a throwaway Postgres under the clock shim; throws SkippedError without gcc. */
export async function startShimmedPostgres(): Promise<ShimmedPostgres> {
  const shimDir = makeTempDir('clock-shim');
  try {
    const shimPath = await buildClockShim(shimDir.path);
    const offsetFile = join(shimDir.path, 'offset-postgres');
    writeFileSync(offsetFile, '0');
    // Postgres runs as its own unprivileged user when the lab is root: it must be able to load
    // the shim and read the offset file in this folder, which mkdtemp made private.
    chmodSync(shimDir.path, 0o755);
    // Never DATABASE_URL: a server the lab did not start has no shim to move its clock.
    const server = await startPostgres({ useEnv: false, env: clockShimEnv(shimPath, offsetFile) });
    return {
      ...server,
      settings: { ...server.settings, clock: 'LD_PRELOAD shim, offset and drift' },
      async setClock(setting) {
        await writeShimClock(offsetFile, setting);
      },
      async stop() {
        await server.stop();
        await shimDir.remove();
      },
    };
  } catch (error) {
    await shimDir.remove();
    throw error;
  }
}
