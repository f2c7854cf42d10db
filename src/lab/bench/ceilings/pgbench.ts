// The Postgres ceiling: pgbench -M prepared running the same SQL with the same number of
// clients, one thread (-j 1) like Node's one event loop, each statement its own round trip.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, type PostgresServer, type TempDir } from '../../servers';
import { parsePgbenchOutput } from './parsePgbench';
import { advisoryScript, leaseScript } from './pgbenchScript';
import { runTool } from './run';
import type { Ceiling, CeilingSlice } from './types';

export type PgCeilingMode = 'advisory' | 'lease';

/** The lease TTL both sides use, in seconds; give-back ends each lease long before. */
export const BENCH_LEASE_TTL_SECONDS = 30;

export function pgbenchCeiling(options: {
  postgres: PostgresServer | undefined;
  clients: number;
  mode: PgCeilingMode;
}): Ceiling {
  const { postgres, clients, mode } = options;
  if (!postgres) throw new Error('The Postgres ceiling needs a Postgres server');
  const url = new URL(postgres.url);
  const user = decodeURIComponent(url.username || 'postgres');
  const database = decodeURIComponent(url.pathname.slice(1) || 'postgres');
  const env = {
    ...process.env,
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
  };
  let dir: TempDir | undefined;
  let scriptPath = '';

  return {
    tool: 'pgbench',
    // -T, not -t: with a count per client, clients finish at different times and the tail
    // runs with fewer clients (100 per client measured ~25% under -T 3 here).
    minSliceSeconds: 1,
    describe() {
      return `pgbench -M prepared -c ${clients} -j 1 -T <slice> -f <${mode === 'advisory' ? 'BEGIN; advisory-lock.sql; COMMIT' : 'lease-take.sql \\gset; lease-give-back.sql'}>; transactions/s = pairs/s`;
    },
    async prepare(_expectedOps: number) {
      dir = makeTempDir('pgbench');
      scriptPath = join(dir.path, `${mode}.sql`);
      writeFileSync(scriptPath, mode === 'advisory' ? advisoryScript() : leaseScript());
    },
    async runSlice(_ops: number, seconds: number, signal?: AbortSignal): Promise<CeilingSlice> {
      const durationSeconds = Math.max(1, Math.round(seconds));
      const { stdout } = await runTool(
        'pgbench',
        [
          '-n',
          '-M',
          'prepared',
          '-c',
          String(clients),
          '-j',
          '1',
          '-T',
          String(durationSeconds),
          '-f',
          scriptPath,
          '-D',
          'owner=bench',
          '-D',
          `ttl=${BENCH_LEASE_TTL_SECONDS}`,
          '-h',
          postgres.host,
          '-p',
          String(postgres.port),
          '-U',
          user,
          database,
        ],
        { env, signal, timeoutMs: 60_000 },
      );
      const result = parsePgbenchOutput(stdout);
      if (result.failed > 0 || result.processed === 0) {
        throw new Error(
          `pgbench: ${result.failed} of ${result.processed + result.failed} transactions failed`,
        );
      }
      return {
        ops: result.processed,
        seconds: result.processed / result.tps,
        perSecond: result.tps,
      };
    },
    async finish() {
      await dir?.remove();
      return undefined;
    },
  };
}
