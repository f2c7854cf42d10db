// `npm run sim -- --scenario NAME --variant VARIANT --seed N [--lock KIND] [--param k=v]`:
// one simulated run, its trace as JSON on stdout; with `--check`, what came of it in sentences
// instead, and with `--seeds N --check` the tally over N seeds from --seed on. `--check --trace
// FILE` says the same of a trace already written (a recording from real servers, or a saved run).
// `--list` names every scenario with its variants, locks and parameters.
import { MAX_SEED } from '../../sim/core/prng';
import { LOCK_KINDS, type LockKind } from '../../sim/run/script';
import { scenarios } from '../../sim/scenarios/index';
import { prepareRun, UnknownNameError } from '../../sim/simulate';
import { fromCaller } from '../paths';
import { checkReport, sweepReport } from './checkReport';
import { readTraceFile } from './readTraceFile';

const USAGE = `usage: npm run sim -- --scenario NAME --variant VARIANT [--seed N (0 to ${MAX_SEED})] [--lock KIND] [--param name=ms ...] [--check [--seeds N]] | --check --trace FILE | --list`;

/** The flags that take a value; `--list`, `--check` and `--help` take none. */
const VALUE_FLAGS = [
  '--scenario',
  '--variant',
  '--seed',
  '--seeds',
  '--lock',
  '--param',
  '--trace',
];

/** A sweep's most seeds: enough for any property a person checks by hand, quick to print. */
const MAX_SEEDS = 1_000_000;

function fail(message: string): never {
  process.stderr.write(`sim: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseArgs(argv: string[]) {
  const out: {
    scenario?: string;
    variant?: string;
    seed?: number;
    seeds?: number;
    lock?: LockKind;
    trace?: string;
    params: Record<string, number>;
    list: boolean;
    check: boolean;
  } = {
    params: {},
    list: false,
    check: false,
  };
  // A flag given twice is a mistake in one of the two places, never a choice of the last one;
  // --param may repeat, for different parameters.
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag !== '--param' && given.has(flag)) fail(`${flag} is given twice`);
    given.add(flag);
    if (flag === '--list' || flag === '--check') {
      out[flag === '--list' ? 'list' : 'check'] = true;
      continue;
    }
    if (flag === '--help' || flag === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    if (!VALUE_FLAGS.includes(flag)) fail(`unknown flag ${flag}`);
    const value = argv[++i];
    if (value === undefined || value.startsWith('--')) fail(`${flag} needs a value`);
    switch (flag) {
      case '--scenario':
        out.scenario = value;
        break;
      case '--variant':
        out.variant = value;
        break;
      case '--seed':
        if (!/^\d+$/.test(value) || Number(value) > MAX_SEED)
          fail(`--seed must be a whole number from 0 to ${MAX_SEED}, got "${value}"`);
        out.seed = Number(value);
        break;
      case '--seeds':
        if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_SEEDS)
          fail(`--seeds takes how many seeds to run, 1 to ${MAX_SEEDS}; got "${value}"`);
        out.seeds = Number(value);
        break;
      case '--trace':
        out.trace = value;
        break;
      case '--lock':
        if (!(LOCK_KINDS as readonly string[]).includes(value))
          fail(`--lock must be one of ${LOCK_KINDS.join(', ')}; got "${value}"`);
        out.lock = value as LockKind;
        break;
      case '--param': {
        const m = /^([a-zA-Z]+)=(\d+(?:\.\d+)?)$/.exec(value);
        if (!m) {
          fail(
            `--param takes name=ms, the ms a number 0 or more, e.g. pauseMs=800; got "${value}"`,
          );
        }
        if (Object.hasOwn(out.params, m[1]!)) fail(`--param ${m[1]} is given twice`);
        out.params[m[1]!] = Number(m[2]);
        break;
      }
      default:
        fail(`unknown flag ${flag}`);
    }
  }
  return out;
}

const argv = process.argv.slice(2);
const args = parseArgs(argv);
if (args.list) {
  if (argv.length > 1) fail('--list takes no other flags');
  for (const s of scenarios) {
    process.stdout.write(
      `${s.name.padEnd(22)} variants: ${s.variants.join(', ').padEnd(26)} locks: ${s.locks.join(', ').padEnd(18)} ` +
        `params: ${Object.entries(s.defaults)
          .map(([name, ms]) => `${name}=${ms}`)
          .join(' ')}\n`,
    );
  }
  process.exit(0);
}
if (args.trace !== undefined) {
  const makesARun = ['scenario', 'variant', 'seed', 'seeds', 'lock'] as const;
  if (makesARun.some((k) => args[k] !== undefined) || Object.keys(args.params).length > 0)
    fail('--trace reads a run; --scenario, --variant, --seed(s), --lock and --param make one');
  if (!args.check) fail('--trace goes with --check');
  process.stdout.write(checkReport(readTraceFile(fromCaller(args.trace), args.trace, fail)));
  process.exit(0);
}
if (args.scenario === undefined) fail('--scenario is required');
if (args.variant === undefined) fail('--variant is required');
// A sweep prints a tally, not thousands of traces.
if (args.seeds !== undefined && !args.check) fail('--seeds goes with --check');
try {
  const prepared = prepareRun({
    scenario: args.scenario,
    variant: args.variant,
    params: args.params,
    ...(args.lock ? { lock: args.lock } : {}),
  });
  const first = args.seed ?? 1;
  if (args.seeds !== undefined) {
    if (first + args.seeds - 1 > MAX_SEED) {
      fail(
        `--seed ${first} --seeds ${args.seeds} would run past the last seed, ${MAX_SEED}; start lower or run fewer`,
      );
    }
    process.stdout.write(sweepReport(prepared, first, args.seeds));
  } else {
    const { trace } = prepared.run(first);
    process.stdout.write(args.check ? checkReport(trace) : `${JSON.stringify(trace, null, 2)}\n`);
  }
} catch (e) {
  if (e instanceof UnknownNameError) fail(e.message);
  throw e;
}
