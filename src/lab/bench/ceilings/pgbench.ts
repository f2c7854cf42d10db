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
    describe() {
      return `pgbench -M prepared -c ${clients} -j 1 -f <${mode === 'advisory' ? 'BEGIN; advisory-lock.sql; COMMIT' : 'lease-take.sql \\gset; lease-give-back.sql'}>; transactions/s = pairs/s`;
    },
    async prepare(_expectedOps: number) {
      dir = makeTempDir('pgbench');
      scriptPath = join(dir.path, `${mode}.sql`);
      writeFileSync(scriptPath, mode === 'advisory' ? advisoryScript() : leaseScript());
    },
    async runSlice(ops: number, signal?: AbortSignal): Promise<CeilingSlice> {
      const perClient = Math.max(20, Math.ceil(ops / clients));
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
          '-t',
          String(perClient),
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
      if (result.failed > 0 || result.processed < result.expected) {
        throw new Error(
          `pgbench finished only ${result.processed} of ${result.expected} transactions (${result.failed} failed)`,
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
