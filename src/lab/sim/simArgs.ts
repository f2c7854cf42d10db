// The arguments of `npm run sim`, read strictly and without side effects: the CLI prints what
// this returns or the one line it throws, so a test can try any argv without a process each.
import { MAX_SEED } from '../../sim/core/prng';
import { LOCK_KINDS, type LockKind } from '../../sim/run/script';
import { shownValue } from '../../sim/trace/shown';

export const SIM_USAGE = `usage: npm run sim -- --scenario NAME --variant VARIANT [--seed N (0 to ${MAX_SEED})] [--lock KIND] [--param name=ms ...] [--check [--seeds N]] | --check --trace FILE | --list`;

/** A reason to refuse the arguments, in one line: the CLI prints it above the usage. */
export class BadSimArgsError extends Error {}

/** What the arguments ask for. */
export type SimPlan =
  | { kind: 'help' }
  | { kind: 'list' }
  | { kind: 'check-trace'; trace: string }
  | {
      kind: 'run';
      scenario: string;
      variant: string;
      seed?: number;
      /** With `check`: how many seeds to sweep from `seed` on. */
      seeds?: number;
      lock?: LockKind;
      params: Record<string, number>;
      check: boolean;
    };

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
export const MAX_SEEDS = 1_000_000;

/**
 * A value as a message quotes it: in double quotes, with a line break or a quote escaped as in
 * JSON so the reason stays on one line, and cut after 60 characters.
 */
const q = (value: string) => shownValue(value, 60);
/** A flag as a message names it: as typed when it is a short plain word, quoted otherwise. */
const shownFlag = (flag: string) => (/^[!-~]{1,40}$/.test(flag) ? flag : q(flag));

/** Reads `npm run sim`'s arguments; throws BadSimArgsError with the reason for bad ones. */
export function parseSimArgs(argv: readonly string[]): SimPlan {
  const bad = (message: string): never => {
    throw new BadSimArgsError(message);
  };
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
  } = { params: {}, list: false, check: false };
  // A flag given twice is a mistake in one of the two places, never a choice of the last one;
  // --param may repeat, for different parameters.
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag !== '--param' && given.has(flag)) bad(`${shownFlag(flag)} is given twice`);
    given.add(flag);
    if (flag === '--list' || flag === '--check') {
      out[flag === '--list' ? 'list' : 'check'] = true;
      continue;
    }
    if (flag === '--help' || flag === '-h') return { kind: 'help' };
    if (!VALUE_FLAGS.includes(flag)) bad(`unknown flag ${shownFlag(flag)}`);
    const value = argv[++i];
    if (value === undefined || value.startsWith('--')) return bad(`${flag} needs a value`);
    switch (flag) {
      case '--scenario':
        out.scenario = value;
        break;
      case '--variant':
        out.variant = value;
        break;
      case '--seed':
        if (!/^\d+$/.test(value) || Number(value) > MAX_SEED)
          bad(`--seed must be a whole number from 0 to ${MAX_SEED}, got ${q(value)}`);
        out.seed = Number(value);
        break;
      case '--seeds':
        if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_SEEDS)
          bad(`--seeds takes how many seeds to run, 1 to ${MAX_SEEDS}; got ${q(value)}`);
        out.seeds = Number(value);
        break;
      case '--trace':
        out.trace = value;
        break;
      case '--lock':
        if (!(LOCK_KINDS as readonly string[]).includes(value))
          bad(`--lock must be one of ${LOCK_KINDS.join(', ')}; got ${q(value)}`);
        out.lock = value as LockKind;
        break;
      case '--param': {
        const m = /^([a-zA-Z]+)=(\d+(?:\.\d+)?)$/.exec(value);
        if (!m) {
          return bad(
            `--param takes name=ms, the ms a number 0 or more, e.g. pauseMs=800; got ${q(value)}`,
          );
        }
        const name = m[1]!;
        if (Object.hasOwn(out.params, name)) bad(`--param ${shownFlag(name)} is given twice`);
        out.params[name] = Number(m[2]);
        break;
      }
    }
  }

  if (out.list) {
    if (argv.length > 1) bad('--list takes no other flags');
    return { kind: 'list' };
  }
  if (out.trace !== undefined) {
    const makesARun = ['scenario', 'variant', 'seed', 'seeds', 'lock'] as const;
    if (makesARun.some((k) => out[k] !== undefined) || Object.keys(out.params).length > 0)
      bad('--trace reads a run; --scenario, --variant, --seed(s), --lock and --param make one');
    if (!out.check) bad('--trace goes with --check');
    return { kind: 'check-trace', trace: out.trace };
  }
  if (out.scenario === undefined) return bad('--scenario is required');
  if (out.variant === undefined) return bad('--variant is required');
  // A sweep prints a tally, not thousands of traces.
  if (out.seeds !== undefined && !out.check) bad('--seeds goes with --check');
  const first = out.seed ?? 1;
  if (out.seeds !== undefined && first + out.seeds - 1 > MAX_SEED) {
    bad(
      `--seed ${first} --seeds ${out.seeds} would run past the last seed, ${MAX_SEED}; start lower or run fewer`,
    );
  }
  return {
    kind: 'run',
    scenario: out.scenario,
    variant: out.variant,
    params: out.params,
    check: out.check,
    ...(out.seed !== undefined ? { seed: out.seed } : {}),
    ...(out.seeds !== undefined ? { seeds: out.seeds } : {}),
    ...(out.lock !== undefined ? { lock: out.lock } : {}),
  };
}
