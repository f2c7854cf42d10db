// The arguments of `npm run bench:sim`, read strictly: a typo must not run the default benchmark
// for minutes and look like what was asked for.

export interface BenchSimArgs {
  seconds: number;
  browser: boolean;
  help: boolean;
}

export const BENCH_SIM_USAGE = 'usage: npm run bench:sim [-- --seconds=N --browser]';

export class BadBenchArgsError extends Error {}

export function parseBenchSimArgs(argv: readonly string[]): BenchSimArgs {
  const out: BenchSimArgs = { seconds: 2, browser: false, help: false };
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const flag = arg.startsWith('--seconds=') ? '--seconds' : arg;
    if (given.has(flag)) throw new BadBenchArgsError(`${flag} is given twice`);
    given.add(flag);
    if (arg === '--browser') out.browser = true;
    else if (arg === '--help' || arg === '-h') out.help = true;
    else if (arg === '--seconds' || arg.startsWith('--seconds=')) {
      const value = arg === '--seconds' ? argv[++i] : arg.slice('--seconds='.length);
      const seconds = Number(value);
      // Decimal only: Number() also reads "0x10" and "1e3".
      if (value === undefined || !/^\d+(\.\d+)?$/.test(value) || seconds <= 0)
        throw new BadBenchArgsError(`--seconds takes a positive number, got "${value ?? ''}"`);
      out.seconds = seconds;
    } else throw new BadBenchArgsError(`unknown argument "${arg}"`);
  }
  return out;
}
