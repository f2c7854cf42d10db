// `npm run lab:record [-- --only NAME --out DIR]`: runs every scenario × variant × lock on
// real servers that the recorder starts (and stops, also on failure and Ctrl-C), checks each
// outcome against the scenario's expectation and the simulator, and writes
// `<out>/<scenario>.<variant>.<lock>.json` whole or not at all.
import { join } from 'node:path';
import { findScenario } from '../sim/scenarios/index';
import { simulate } from '../sim/simulate';
import type { Trace } from '../sim/trace/schema';
import { needsClockShim, ServerPool } from './backends';
import { stopOnInterrupt } from './interrupt';
import { checkWritableFolder, NotWritableError } from './output/checkWritable';
import { carryOnWhenOutputCloses } from './output/closedOutput';
import { fromCaller, fromProject } from './paths';
import { BadArgsError, parseRecordArgs, RECORD_USAGE } from './record/args';
import { expectedDifferences, outcomeDifferences } from './record/compareOutcomes';
import { cannotRecord, selectJobs, UnknownJobError, type RecordJob } from './record/jobs';
import { writeFileAtomic } from './output/writeAtomic';
import { ScenarioFailedError, runReal } from './runReal';
import {
  BadServerUrlError,
  requireGcc,
  ServerDownError,
  ServersFailedError,
  ServerStartError,
  SkippedError,
  startAll,
  stopAll,
} from './servers';

/** A real run can land on the wrong side of a timing margin once; a second miss is reported. */
const ATTEMPTS = 2;

const say = (line: string) => process.stdout.write(`${line}\n`);
const complain = (line: string) => process.stderr.write(`lab:record: ${line}\n`);

/** Starts, before any run, every server the chosen jobs need: a down server stops all work. */
async function startServers(pool: ServerPool, jobs: RecordJob[]): Promise<void> {
  const locks = new Set(jobs.map((j) => j.lock));
  const starts: Promise<unknown>[] = [pool.postgres()];
  if (locks.has('redis')) starts.push(pool.redis());
  if (locks.has('redis-cluster')) starts.push(pool.redisCluster());
  if (locks.has('etcd')) starts.push(pool.etcd());
  for (const job of jobs.filter((j) => j.lock === 'redlock')) {
    const scenario = findScenario(job.scenario)!;
    const script = scenario.script(scenario.defaults, job.variant, job.lock);
    starts.push(pool.redisNodes(needsClockShim(script)));
  }
  // All at once; once every start has settled, each failure is reported.
  await startAll(starts);
}

/**
 * Drops jobs that real servers cannot play (a clock the lab cannot move), saying why, and those
 * that cannot run on this machine (the clock jump needs gcc), which are returned as `missed`: their
 * recordings stay as they were, so the command ends with an error that names them.
 */
async function runnable(jobs: RecordJob[]): Promise<{ jobs: RecordJob[]; missed: RecordJob[] }> {
  const out: RecordJob[] = [];
  const missed: RecordJob[] = [];
  for (const job of jobs) {
    const refused = cannotRecord(job);
    if (refused !== null) {
      say(`skip ${job.id}: ${refused}; the page replays it on the simulator`);
      continue;
    }
    const scenario = findScenario(job.scenario)!;
    if (needsClockShim(scenario.script(scenario.defaults, job.variant, job.lock))) {
      try {
        await requireGcc();
      } catch (error) {
        if (!(error instanceof SkippedError)) throw error;
        say(`skip ${job.id}: ${error.reason}`);
        missed.push(job);
        continue;
      }
    }
    out.push(job);
  }
  return { jobs: out, missed };
}

/** The error line for runs this machine could not play, or null when there were none. */
function missedLine(missed: RecordJob[]): string | null {
  if (missed.length === 0) return null;
  const n = missed.length;
  return (
    `${n} recording${n === 1 ? '' : 's'} not written: ${missed.map((j) => j.id).join(', ')}` +
    ' (no gcc on this machine; scripts/setup.sh installs it)'
  );
}

/** Whether an error already says, in words, what to fix: no stack trace is needed. */
function saysWhatToFix(error: unknown): boolean {
  if (error instanceof ServersFailedError) return error.errors.every(saysWhatToFix);
  return (
    error instanceof BadServerUrlError ||
    error instanceof ServerDownError ||
    error instanceof ServerStartError ||
    error instanceof ScenarioFailedError
  );
}

/** Runs one job until its outcome agrees with the scenario and the simulator, or gives up. */
async function record(
  job: RecordJob,
  pool: ServerPool,
): Promise<{ trace: Trace; problems: string[] }> {
  const scenario = findScenario(job.scenario)!;
  const expected = scenario.expected(job.variant, job.lock);
  const sim = simulate({ scenario: job.scenario, variant: job.variant, lock: job.lock });
  let last: { trace: Trace; problems: string[] } | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const trace = await runReal(
      { scenario: job.scenario, variant: job.variant, lock: job.lock },
      pool,
    );
    const problems = [
      ...expectedDifferences(trace.outcome, expected),
      ...outcomeDifferences(trace.outcome, sim.outcome).map(
        (d) => `differs from the simulator: ${d}`,
      ),
    ];
    last = { trace, problems };
    if (problems.length === 0) return last;
    if (attempt < ATTEMPTS)
      say(`    attempt ${attempt} missed (${problems.join('; ')}); trying again`);
  }
  return last!;
}

async function main(): Promise<number> {
  carryOnWhenOutputCloses();
  let args;
  let jobs: RecordJob[];
  try {
    args = parseRecordArgs(process.argv.slice(2));
    if (args.help) {
      say(RECORD_USAGE);
      return 0;
    }
    jobs = selectJobs(args.only);
  } catch (error) {
    if (error instanceof BadArgsError || error instanceof UnknownJobError) {
      // One line per unknown name, each saying which part of it is wrong.
      for (const line of error.message.split('\n')) complain(line);
      process.stderr.write(`${RECORD_USAGE}\n`);
      if (error instanceof BadArgsError) {
        const valid = selectJobs([]).map((j) => j.scenario);
        process.stderr.write(`valid scenarios: ${[...new Set(valid)].join(', ')}\n`);
      }
      return 2;
    }
    throw error;
  }

  // The default folder is the project's; one given on the command line is where it was typed.
  const outDir = args.outGiven ? fromCaller(args.outDir) : fromProject(args.outDir);
  try {
    checkWritableFolder(outDir);
  } catch (error) {
    if (!(error instanceof NotWritableError)) throw error;
    const reason =
      error.message === 'a file is in the way'
        ? 'a file is in the way (--out needs a folder)'
        : error.message;
    complain(`cannot write recordings to ${args.outDir}: ${reason}`);
    return 2;
  }
  const interruption = stopOnInterrupt(complain, 'recordings already written stay as they are');
  const chosen = await runnable(jobs);
  jobs = chosen.jobs;
  const missed = missedLine(chosen.missed);
  if (jobs.length === 0) {
    say('nothing left to record');
    if (missed === null) return 0;
    complain(missed);
    return 1;
  }
  const pool = new ServerPool();
  let failures = 0;
  try {
    say(`starting the servers for ${jobs.length} run${jobs.length === 1 ? '' : 's'}…`);
    const startedMs = performance.now();
    await startServers(pool, jobs);
    say(`servers ready in ${((performance.now() - startedMs) / 1000).toFixed(1)} s`);
    for (const [i, job] of jobs.entries()) {
      const label = `[${i + 1}/${jobs.length}] ${job.id}`;
      const runStartedMs = performance.now();
      const { trace, problems } = await record(job, pool);
      const seconds = ((performance.now() - runStartedMs) / 1000).toFixed(1);
      if (problems.length > 0) {
        failures++;
        complain(`${label}: not written, the real outcome disagrees: ${problems.join('; ')}`);
        continue;
      }
      const file = join(outDir, `${job.id}.json`);
      try {
        writeFileAtomic(file, `${JSON.stringify(trace, null, 2)}\n`);
      } catch (error) {
        // A full disk or a folder in the file's place: the runs after it would fail the same way.
        complain(
          `${label}: could not write ${file}: ${error instanceof Error ? error.message : String(error)}` +
            ` (${i} written before it, ${jobs.length - i - 1} not run)`,
        );
        return 1;
      }
      say(`${label}  ${trace.outcome.verdict}, as the simulator  ${seconds} s  → ${file}`);
    }
  } catch (error) {
    if (interruption.interrupted) return 130;
    if (saysWhatToFix(error)) {
      // Several servers that failed together come one to a line, each naming its server.
      for (const line of (error as Error).message.split('\n')) complain(line);
      return 1;
    }
    throw error;
  } finally {
    await pool.stop();
    await stopAll();
  }
  if (missed !== null) complain(missed);
  if (failures > 0) {
    complain(`${failures} recording${failures === 1 ? '' : 's'} not written`);
    return 1;
  }
  if (missed !== null) return 1;
  say(`done: ${jobs.length} recording${jobs.length === 1 ? '' : 's'} in ${outDir}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    complain(error instanceof Error ? (error.stack ?? error.message) : String(error));
    void stopAll().finally(() => process.exit(1));
  },
);
