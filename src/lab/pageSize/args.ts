// The arguments of `npm run bench:page`, read strictly, as the other commands read theirs.
import { fromCaller } from '../paths';

export interface BenchPageArgs {
  /** An existing build to measure; without it the command builds the page into a folder of its own. */
  distDir: string | undefined;
  /** How many first loads at each width the main-thread figures are the median of; 0 skips them. */
  loads: number;
  /**
   * How many times each interaction (a slider dragged, a switch toggled, the replay played or
   * stepped) runs for its input-to-next-frame figure; 0 skips them. Unless given, 3, or 0 with
   * `--loads 0`, so that `--loads 0` still keeps the browser out of it.
   */
  interactions: number;
  /** Chromium's CPU throttling rate for those loads and interactions: 4 is a CPU four times slower, as a phone's. */
  cpuSlowdown: number;
  help: boolean;
}

export const BENCH_PAGE_USAGE =
  'usage: npm run bench:page [-- --dist FOLDER --loads N --interactions N --cpu-slowdown N]\n' +
  '  --loads N          first loads at 375 px and at 1280 px to take the median of (default 5; 0: sizes only)\n' +
  '  --interactions N   runs of each interaction at 375 px to take the median of, its time from input to\n' +
  '                     next frame (default 3; 0 with --loads 0 unless given)\n' +
  '  --cpu-slowdown N   run those loads and interactions on a CPU N times slower, as on a phone (default 1)';

export class BadBenchPageArgsError extends Error {}

const DEFAULT_LOADS = 5;
const DEFAULT_INTERACTION_RUNS = 3;

export function parseBenchPageArgs(argv: readonly string[]): BenchPageArgs {
  let interactions: number | undefined;
  const out: Omit<BenchPageArgs, 'interactions'> = {
    distDir: undefined,
    loads: DEFAULT_LOADS,
    cpuSlowdown: 1,
    help: false,
  };
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    if (given.has(flag)) throw new BadBenchPageArgsError(`${flag} is given twice`);
    given.add(flag);
    // The flag's value, from `--flag=value` or from the next argument.
    const value = () => (flag === arg ? argv[++i] : arg.slice(eq + 1));
    if (arg === '--help' || arg === '-h') out.help = true;
    else if (flag === '--dist') {
      const dir = value();
      if (dir === undefined || dir === '' || dir.startsWith('--'))
        throw new BadBenchPageArgsError(
          '--dist takes the folder of a build (where its index.html is)',
        );
      out.distDir = fromCaller(dir);
    } else if (flag === '--loads' || flag === '--interactions') {
      const n = value();
      // Decimal digits only: Number() also reads "0x10", "1e3" and "".
      if (n === undefined || !/^\d+$/.test(n))
        throw new BadBenchPageArgsError(`${flag} takes a whole number, got "${n ?? ''}"`);
      if (flag === '--loads') out.loads = Number(n);
      else interactions = Number(n);
    } else if (flag === '--cpu-slowdown') {
      const n = value();
      if (n === undefined || !/^\d+(\.\d+)?$/.test(n) || Number(n) < 1)
        throw new BadBenchPageArgsError(
          `--cpu-slowdown takes a number of 1 or more, got "${n ?? ''}"`,
        );
      out.cpuSlowdown = Number(n);
    } else throw new BadBenchPageArgsError(`unknown argument "${arg}"`);
  }
  return {
    ...out,
    interactions: interactions ?? (out.loads === 0 ? 0 : DEFAULT_INTERACTION_RUNS),
  };
}
