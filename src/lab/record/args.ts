// The recorder's command line: `--only NAME` (repeatable, or comma-separated) and `--out DIR`.
// Anything else is an error that says what is allowed.

export interface RecordArgs {
  only: string[];
  outDir: string;
  /** Whether --out was given: a given folder is read from where the command was typed. */
  outGiven: boolean;
  help: boolean;
}

export const RECORD_USAGE =
  'usage: npm run lab:record -- [--only NAME[,NAME…]]... [--out DIR]\n' +
  '  --only NAME  record only this scenario, scenario.variant, or scenario.variant.lock\n' +
  '  --out DIR    write the recordings here (default: recordings/)';

export class BadArgsError extends Error {
  override name = 'BadArgsError';
}

export function parseRecordArgs(argv: readonly string[]): RecordArgs {
  const out: RecordArgs = { only: [], outDir: 'recordings', outGiven: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      out.help = true;
      continue;
    }
    // --flag=value reads the same as --flag value.
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (flag !== '--only' && flag !== '--out') {
      throw new BadArgsError(`unknown argument "${arg}"`);
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value === '' || value.startsWith('--'))
      throw new BadArgsError(`${flag} needs a value`);
    if (flag === '--only') {
      const names = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      // No name at all would leave the list empty, which means every job: the opposite of --only.
      if (names.length === 0) throw new BadArgsError(`--only needs a name, got "${value}"`);
      out.only.push(...names);
    } else {
      if (out.outGiven) throw new BadArgsError('--out is given twice');
      out.outGiven = true;
      out.outDir = value;
    }
  }
  return out;
}
