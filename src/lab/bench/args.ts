// The command line of `npm run lab:bench`. Parsing is pure and throws ArgsError with a message
// that lists what is valid, so a typo never silently runs the wrong benchmark.
import { callerDir, fromCaller, fromProject } from '../paths';
import { DEFAULT_BENCH_SECONDS } from '../../content/numbersFile';
import { CASE_NAMES, type CaseName } from './numbers';

export interface BenchOptions {
  clients: number;
  seconds: number;
  /** The cases to run, in the canonical order. */
  only: CaseName[];
  out: string;
  /** Unmeasured seconds per case before the measured slices. */
  warmUpSeconds: number;
  /** Also measure the Redis and Postgres cases through ioredis and pg (off with --no-library). */
  library: boolean;
  help: boolean;
}

export const DEFAULT_OPTIONS: BenchOptions = {
  clients: 32,
  seconds: DEFAULT_BENCH_SECONDS,
  only: [...CASE_NAMES],
  out: 'recordings/numbers.json',
  warmUpSeconds: 3,
  library: true,
  help: false,
};

export const USAGE = `Usage: npm run lab:bench -- [--clients N] [--seconds S] [--only CASE[,CASE]] [--out FILE] [--no-library]

  --clients N   concurrent clients, one connection each (default 32)
  --seconds S   measured seconds per case for Node and again for the C tool (default ${DEFAULT_BENCH_SECONDS})
  --only CASE   run only these cases (repeat the flag or separate with commas); the file
                then holds only them, so --out is required: ${CASE_NAMES.join(', ')}
  --out FILE    where to write the numbers (default recordings/numbers.json)
  --warm-up S   unmeasured seconds per case first, for the JIT and caches (default 3)
  --no-library  skip the same work through ioredis and pg (the lab's library clients),
                which otherwise runs beside the lean client in every Redis and Postgres case
  --help        show this text`;

export class ArgsError extends Error {
  override name = 'ArgsError';
}

const FLAGS = ['--clients', '--seconds', '--only', '--out', '--warm-up', '--no-library', '--help'];

function positiveNumber(flag: string, text: string, integer: boolean, max: number): number {
  const value = Number(text);
  // Decimal only: Number() also reads "0x10" and "1e3", which nobody means for seconds.
  if (
    !/^\d+(\.\d+)?$/.test(text) ||
    !Number.isFinite(value) ||
    value <= 0 ||
    (integer && !Number.isInteger(value))
  ) {
    throw new ArgsError(
      `${flag} needs a positive ${integer ? 'whole number' : 'number'}, not "${text}"`,
    );
  }
  if (value > max) throw new ArgsError(`${flag} is at most ${max}, not ${text}`);
  return value;
}

/**
 * Reads the command line. A given --out is made absolute from `fromDir`, the folder the command
 * was typed in; the default stays relative to the project's root, where npm runs it.
 */
export function parseArgs(argv: readonly string[], fromDir = callerDir()): BenchOptions {
  const options: BenchOptions = { ...DEFAULT_OPTIONS, only: [...DEFAULT_OPTIONS.only] };
  const chosen: CaseName[] = [];
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    // npm passes a lone "--" through in some shells; it separates nothing here.
    if (arg === '--') continue;
    const eq = arg.indexOf('=');
    const flag = eq > 0 && arg.startsWith('--') ? arg.slice(0, eq) : arg;
    if (!FLAGS.includes(flag)) {
      throw new ArgsError(`Unknown option "${arg}". Valid options: ${FLAGS.join(', ')}`);
    }
    // Two values for one setting is a slip in one of them; only --only adds up.
    if (flag !== '--only' && given.has(flag)) throw new ArgsError(`${flag} is given twice`);
    given.add(flag);
    if (flag === '--help' || flag === '--no-library') {
      if (eq > 0) throw new ArgsError(`${flag} takes no value`);
      if (flag === '--help') options.help = true;
      else options.library = false;
      continue;
    }
    let value: string | undefined;
    if (eq > 0 && arg.startsWith('--')) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) {
        throw new ArgsError(`${flag} needs a value`);
      }
      i++;
    }
    switch (flag) {
      case '--clients':
        options.clients = positiveNumber(flag, value, true, 1_000);
        break;
      case '--seconds':
        options.seconds = positiveNumber(flag, value, false, 3_600);
        break;
      case '--warm-up':
        options.warmUpSeconds = positiveNumber(flag, value, false, 600);
        break;
      case '--out':
        if (!value.trim()) throw new ArgsError('--out needs a file name');
        options.out = fromCaller(value, fromDir);
        break;
      case '--only':
        for (const name of value.split(',').map((part) => part.trim())) {
          if (!(CASE_NAMES as readonly string[]).includes(name)) {
            throw new ArgsError(`Unknown case "${name}". Valid cases: ${CASE_NAMES.join(', ')}`);
          }
          if (!chosen.includes(name as CaseName)) chosen.push(name as CaseName);
        }
        break;
    }
  }
  if (chosen.length > 0) options.only = CASE_NAMES.filter((name) => chosen.includes(name));
  // A partial run written over the committed file would drop every case it did not measure; and
  // cases from different runs do not belong in one file with one machine and one moment.
  // Compared as files, not as text: ./recordings/numbers.json, or the same path in full, is the
  // committed file too.
  if (
    options.only.length < CASE_NAMES.length &&
    fromProject(options.out) === fromProject(DEFAULT_OPTIONS.out)
  ) {
    throw new ArgsError(
      `--only measures ${options.only.join(', ')} and nothing else; written to ${DEFAULT_OPTIONS.out} it would drop the other cases. Pass --out FILE to write them elsewhere, or leave out --only to measure every case.`,
    );
  }
  return options;
}
