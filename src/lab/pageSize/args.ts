// The arguments of `npm run bench:page`, read strictly, as the other commands read theirs.
import { fromCaller } from '../paths';

export interface BenchPageArgs {
  /** An existing build to measure; without it the command builds the page into a folder of its own. */
  distDir: string | undefined;
  help: boolean;
}

export const BENCH_PAGE_USAGE = 'usage: npm run bench:page [-- --dist FOLDER]';

export class BadBenchPageArgsError extends Error {}

export function parseBenchPageArgs(argv: readonly string[]): BenchPageArgs {
  const out: BenchPageArgs = { distDir: undefined, help: false };
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const flag = arg.startsWith('--dist=') ? '--dist' : arg;
    if (given.has(flag)) throw new BadBenchPageArgsError(`${flag} is given twice`);
    given.add(flag);
    if (arg === '--help' || arg === '-h') out.help = true;
    else if (arg === '--dist' || arg.startsWith('--dist=')) {
      const value = arg === '--dist' ? argv[++i] : arg.slice('--dist='.length);
      if (value === undefined || value === '' || value.startsWith('--'))
        throw new BadBenchPageArgsError(
          '--dist takes the folder of a build (where its index.html is)',
        );
      out.distDir = fromCaller(value);
    } else throw new BadBenchPageArgsError(`unknown argument "${arg}"`);
  }
  return out;
}
