// npm run lab:bench — lock and release pairs per second from Node on servers the lab starts,
// beside the same work from redis-benchmark and pgbench, written to recordings/numbers.json
// whole or not at all.
import { loadavg } from 'node:os';
import { stopOnInterrupt } from '../interrupt';
import { readLockSource } from '../lockSources';
import { checkWritableFile, NotWritableError } from '../output/checkWritable';
import { carryOnWhenOutputCloses } from '../output/closedOutput';
import { fromProject } from '../paths';
import { runSql, startAll, startEtcd, startPostgres, startRedis, stopAll } from '../servers';
import { ArgsError, USAGE, parseArgs, type BenchOptions } from './args';
import { BENCH_CASES } from './cases';
import type { BenchServers } from './cases/types';
import { toolVersion } from './ceilings/run';
import { collectEnvironment } from './environment';
import { NUMBERS_FORMAT, NUMBERS_VERSION, type NumbersCase, type NumbersFile } from './numbers';
import { runCase } from './runCase';
import { formatSummary } from './summary';
import { formatTable } from './table';
import { writeJsonAtomic } from './writer';

// Progress goes to stderr, as stdout holds the table; errors carry the command's name, as
// lab:record's do, so a failure reads apart from the progress above it.
const progress = (line: string) => process.stderr.write(`${line}\n`);
const complain = (line: string) => process.stderr.write(`lab:bench: ${line}\n`);

const LIBRARY_SETUP =
  'one client per benchmark client, each call awaited, EVALSHA or named prepared statements, no pipelining or auto-pipelining, default options but no reconnecting';

async function startServers(options: BenchOptions): Promise<BenchServers> {
  const needs = new Set(
    BENCH_CASES.filter((c) => options.only.includes(c.name)).map((c) => c.server),
  );
  const servers: BenchServers = {};
  // If one fails, main's finally stops whatever did start.
  [servers.redis, servers.postgres, servers.etcd] = await startAll([
    needs.has('redis') ? startRedis() : undefined,
    needs.has('postgres') ? startPostgres() : undefined,
    needs.has('etcd') ? startEtcd() : undefined,
  ]);
  for (const [name, server] of Object.entries(servers)) {
    if (!server) continue;
    const where = 'url' in server ? server.url : server.endpoints.join(',');
    progress(`${name} ${server.version} at ${where}${server.external ? ' (from env)' : ''}`);
  }
  if (servers.postgres) {
    const schema = readLockSource('schema');
    await runSql(
      servers.postgres.url,
      servers.postgres.external
        ? schema.replaceAll('CREATE TABLE ', 'CREATE TABLE IF NOT EXISTS ')
        : schema,
    );
  }
  return servers;
}

async function main(): Promise<number> {
  carryOnWhenOutputCloses();
  let options: BenchOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ArgsError) {
      complain(error.message);
      process.stderr.write(`\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    checkWritableFile(fromProject(options.out));
  } catch (error) {
    if (!(error instanceof NotWritableError)) throw error;
    complain(`cannot write the numbers to ${options.out}: ${error.message}`);
    return 2;
  }

  const recordedAt = new Date();
  const loadAtStart = Math.round(loadavg()[0]! * 100) / 100;
  const [redisBenchmark, pgbench] = await Promise.all([
    toolVersion('redis-benchmark'),
    toolVersion('pgbench'),
  ]);
  if (!redisBenchmark) progress('redis-benchmark not found: Redis cases will have no ceiling');
  if (!pgbench) progress('pgbench not found: Postgres cases will have no ceiling');

  const interruption = stopOnInterrupt(
    complain,
    `${options.out} was not written; any earlier file is unchanged`,
  );
  let servers: BenchServers = {};
  try {
    servers = await startServers(options);
    const cases: NumbersCase[] = [];
    for (const benchCase of BENCH_CASES) {
      if (!options.only.includes(benchCase.name)) continue;
      const run = await runCase(
        benchCase,
        { clients: options.clients, servers },
        options.seconds,
        progress,
        options.warmUpSeconds,
        options.library,
      );
      cases.push(run.figures);
    }
    const libraries = [
      ...new Set(cases.flatMap((c) => (c.library ? [c.library.client] : []))),
    ].sort();
    const libraryClients =
      libraries.length > 0 ? `${libraries.join(', ')}: ${LIBRARY_SETUP}` : undefined;
    const numbers: NumbersFile = {
      format: NUMBERS_FORMAT,
      version: NUMBERS_VERSION,
      environment: collectEnvironment(
        servers,
        {
          nodeClient:
            'minimal RESP and Postgres wire clients on node:net (src/lab/bench), one socket per client, one request in flight',
          ceilingTools: [redisBenchmark, pgbench].filter(Boolean).join('; ') || 'none found',
          loadAverage1mAtStart: loadAtStart,
          ...(libraryClients ? { libraryClients } : {}),
          method: options.library
            ? `${options.warmUpSeconds} s warm-up per Node client, then ${options.seconds} s per side in slices rotating the lean Node client, the C tool and the library client (ABC CBA order): 0.5 s for redis-benchmark (-n), 1 s for pgbench (-T)`
            : `${options.warmUpSeconds} s warm-up, then ${options.seconds} s per side in slices alternating Node and the C tool (ABBA order): 0.5 s for redis-benchmark (-n), 1 s for pgbench (-T)`,
        },
        recordedAt,
      ),
      clients: options.clients,
      seconds: options.seconds,
      cases,
    };
    writeJsonAtomic(fromProject(options.out), numbers);
    process.stdout.write(
      `\n${formatTable(cases)}\n\n${formatSummary(numbers)}\n\nWrote ${options.out}\n`,
    );
    return 0;
  } catch (error) {
    // The case that failed as its servers stopped under it is the interruption, said already.
    if (interruption.interrupted) return 130;
    // Several servers that failed together come one to a line, each naming its server.
    const message = error instanceof Error ? error.message : String(error);
    for (const line of message.split('\n')) complain(line);
    complain(`${options.out} was not written; any earlier file is unchanged`);
    return 1;
  } finally {
    await Promise.allSettled(
      [servers.redis, servers.postgres, servers.etcd].map((server) => server?.stop()),
    );
    await stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    complain(error instanceof Error ? (error.stack ?? error.message) : String(error));
    void stopAll().finally(() => process.exit(1));
  },
);
