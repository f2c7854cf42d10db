import { describe, expect, it } from 'vitest';
import { ArgsError, DEFAULT_OPTIONS, parseArgs } from './args';
import { join } from 'node:path';
import { fromProject, PROJECT_ROOT } from '../paths';
import { CASE_NAMES } from './numbers';

describe('parseArgs', () => {
  it('gives the defaults with no arguments', () => {
    expect(parseArgs([])).toEqual(DEFAULT_OPTIONS);
    expect(DEFAULT_OPTIONS).toMatchObject({
      clients: 32,
      seconds: 3,
      out: 'recordings/numbers.json',
      only: [...CASE_NAMES],
    });
  });

  it('reads every option, with a space or an equals sign', () => {
    expect(
      parseArgs(['--clients', '8', '--seconds=1.5', '--only', 'pg-lease', '--out=/tmp/n.json']),
    ).toEqual({
      clients: 8,
      seconds: 1.5,
      only: ['pg-lease'],
      out: '/tmp/n.json',
      warmUpSeconds: 3,
      library: true,
      help: false,
    });
    expect(parseArgs(['--warm-up', '0.5']).warmUpSeconds).toBe(0.5);
  });

  it('keeps the canonical case order and drops repeats in --only', () => {
    expect(
      parseArgs(['--only', 'pg-lease,redis-hot', '--only', 'redis-hot', '--out', '/tmp/n.json'])
        .only,
    ).toEqual(['redis-hot', 'pg-lease']);
  });

  it('refuses --only without --out, so the committed file never loses cases', () => {
    expect(() => parseArgs(['--only', 'redis-plain'])).toThrow(
      '--only measures redis-plain and nothing else; written to recordings/numbers.json it would drop the other cases.',
    );
    // Naming every case is a whole run, and may go to the default file.
    expect(parseArgs(['--only', CASE_NAMES.join(',')]).out).toBe('recordings/numbers.json');
  });

  it('knows the committed file however its path is spelt', () => {
    const committed = fromProject('recordings/numbers.json');
    for (const out of ['./recordings/numbers.json', 'recordings/../recordings/numbers.json'])
      expect(() => parseArgs(['--only', 'redis-plain', '--out', out], PROJECT_ROOT)).toThrow(
        /would drop the other cases/,
      );
    expect(() => parseArgs(['--only', 'redis-plain', '--out', committed], '/tmp')).toThrow(
      /would drop the other cases/,
    );
    expect(() =>
      parseArgs(
        ['--only', 'redis-plain', '--out', 'numbers.json'],
        join(PROJECT_ROOT, 'recordings'),
      ),
    ).toThrow(/would drop the other cases/);
  });

  it('reads a given --out from the folder the command was typed in', () => {
    expect(parseArgs(['--out', 'n.json'], '/tmp/somewhere').out).toBe('/tmp/somewhere/n.json');
    expect(parseArgs(['--out', '/tmp/n.json'], '/elsewhere').out).toBe('/tmp/n.json');
  });

  it('ignores a lone -- that npm passes through', () => {
    expect(parseArgs(['--', '--clients', '4']).clients).toBe(4);
  });

  it('rejects an unknown case and lists the valid ones', () => {
    expect(() => parseArgs(['--only', 'redis-fast'])).toThrow(ArgsError);
    expect(() => parseArgs(['--only', 'redis-fast'])).toThrow(
      'Unknown case "redis-fast". Valid cases: redis-plain, redis-token, redis-hot, pg-advisory, pg-lease, etcd-lease',
    );
  });

  it('rejects an unknown option and lists the valid ones', () => {
    expect(() => parseArgs(['--client', '4'])).toThrow(
      'Unknown option "--client". Valid options: --clients, --seconds, --only, --out, --warm-up, --no-library, --help',
    );
  });

  it.each([
    [['--clients', '0'], '--clients needs a positive whole number, not "0"'],
    [['--clients', '2.5'], '--clients needs a positive whole number, not "2.5"'],
    [['--clients', 'many'], '--clients needs a positive whole number, not "many"'],
    [['--seconds', '-1'], '--seconds needs a positive number, not "-1"'],
    [['--seconds'], '--seconds needs a value'],
    [['--out', '--seconds', '2'], '--out needs a value'],
    [['--clients', '5000'], '--clients is at most 1000, not 5000'],
    [['--clients', '1001'], '--clients is at most 1000, not 1001'],
    [['--seconds', '0x10'], '--seconds needs a positive number, not "0x10"'],
    [['--seconds', '1e1'], '--seconds needs a positive number, not "1e1"'],
    [['--clients', '8', '--clients=9'], '--clients is given twice'],
    [['--out', 'a.json', '--out', 'b.json'], '--out is given twice'],
    [['--no-library', '--no-library'], '--no-library is given twice'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(message);
  });

  it('measures the library clients unless told --no-library', () => {
    expect(DEFAULT_OPTIONS.library).toBe(true);
    expect(parseArgs(['--no-library', '--clients', '4'])).toMatchObject({
      library: false,
      clients: 4,
    });
    expect(() => parseArgs(['--no-library=yes'])).toThrow('--no-library takes no value');
  });

  it('asks for help', () => {
    expect(parseArgs(['--help']).help).toBe(true);
  });
});
