// `npm run sim` as a person runs it: a trace on stdout for good input; for bad input, one clear
// line on stderr, nothing on stdout, and exit code 2.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../paths';
import { runScript } from '../test/runScript';
import { checkers } from '../../sim/checkers/checks';
import { scenarios } from '../../sim/scenarios/index';
import { prepareRun, simulate } from '../../sim/simulate';
import { validateTrace } from '../../sim/trace/validate';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
/** As npm runs it from the project's root; `from` is the folder the command is typed in. */
const sim = (args: string[], from = PROJECT_ROOT) =>
  runScript(CLI, args, { env: { INIT_CWD: from } });
const scratch = mkdtempSync(join(tmpdir(), 'fencing-lab-sim-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run sim', () => {
  it('prints the engine’s trace for a scenario, variant, seed, lock and parameter', async () => {
    const result = await sim([
      ...['--scenario', 'paused-client', '--variant', 'fencing-on', '--seed', '7'],
      ...['--lock', 'pg-lease', '--param', 'pauseMs=800'],
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const trace: unknown = JSON.parse(result.stdout);
    expect(validateTrace(trace)).toMatchObject({ ok: true });
    const expected = simulate({
      scenario: 'paused-client',
      variant: 'fencing-on',
      seed: 7,
      lock: 'pg-lease',
      params: { pauseMs: 800 },
    });
    expect(trace).toEqual(expected);
    expect(expected.params.pauseMs).toBe(800);
  });

  it('lists every scenario with its variants, locks and parameters', async () => {
    const result = await sim(['--list']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(scenarios.length);
    for (const [i, s] of scenarios.entries()) {
      expect(lines[i]).toMatch(new RegExp(`^${s.name} `));
      for (const v of s.variants) expect(lines[i]).toContain(v);
      for (const lock of s.locks) expect(lines[i]).toContain(lock);
      // What --param accepts, with the value used when it is not given.
      for (const [name, ms] of Object.entries(s.defaults))
        expect(lines[i]).toMatch(new RegExp(`\\b${name}=${ms}\\b`));
    }
    // The columns line up on every line, the longest included (server-clock-jump's three locks
    // once pushed its parameters out of line).
    for (const column of [' variants: ', ' locks: ', ' params: '])
      expect([...new Set(lines.map((l) => l.indexOf(column)))], column).toHaveLength(1);
  });

  it('with --check, says what came of the run and what each checker found', async () => {
    const stale = await sim(['--scenario', 'paused-client', '--variant', 'fencing-off', '--check']);
    expect(stale.code).toBe(0);
    expect(stale.stderr).toBe('');
    const trace = simulate({ scenario: 'paused-client', variant: 'fencing-off', seed: 1 });
    const lines = stale.stdout.trim().split('\n');
    expect(lines[0]).toBe(`paused-client (fencing-off) on redis, seed 1: ${trace.outcome.verdict}`);
    expect(trace.outcome.verdict).toBe('stale-write-accepted');
    expect(lines).toContain('  document: "v1", fence 0');
    expect(lines).toContain('  tokens: client-1 33; client-2 34');
    // Every checker has its line; the stale write is named with the checker's own sentence.
    for (const [name, check] of Object.entries(checkers)) {
      const found = check(trace);
      expect(lines).toContain(`  ${name}: ${found.ok ? 'ok' : found.violations.join('; ')}`);
    }
    expect(lines.find((l) => l.startsWith('  noStaleWrite:'))).toMatch(/token 33 after client-2/);

    const safe = await sim([
      ...['--scenario', 'paused-client', '--variant', 'fencing-on', '--check'],
      ...['--param', 'pauseMs=100'],
    ]);
    expect(safe.stdout).toMatch(/seed 1: safe\n/);
    expect(safe.stdout.match(/: ok$/gm)).toHaveLength(Object.keys(checkers).length);

    // A lock with no token says so rather than printing an empty list.
    const redlock = await sim([
      '--scenario',
      'redlock-clock-jump',
      '--variant',
      'default',
      '--check',
    ]);
    expect(redlock.stdout).toContain('tokens: client-1 no token; client-2 no token');
  });

  it('with --check --seeds, tallies the verdicts and the checkers over a sweep of seeds', async () => {
    // At a pause of 310 ms against a 300 ms TTL the network's jitter decides: several verdicts.
    const sweep = await sim([
      ...['--scenario', 'paused-client', '--variant', 'fencing-on', '--check'],
      ...['--param', 'pauseMs=310', '--seed', '5', '--seeds', '300'],
    ]);
    expect(sweep.code).toBe(0);
    const lines = sweep.stdout.trim().split('\n');
    expect(lines[0]).toBe('paused-client (fencing-on) on redis, seeds 5 to 304:');
    const prepared = prepareRun({
      scenario: 'paused-client',
      variant: 'fencing-on',
      params: { pauseMs: 310 },
    });
    const tally = new Map<string, number>();
    let overlapping = 0;
    let firstOverlap: number | null = null;
    for (let seed = 5; seed <= 304; seed++) {
      const { trace } = prepared.run(seed);
      tally.set(trace.outcome.verdict, (tally.get(trace.outcome.verdict) ?? 0) + 1);
      if (!checkers.mutualExclusion(trace).ok) {
        overlapping++;
        firstOverlap ??= seed;
      }
    }
    expect(tally.size).toBeGreaterThan(1);
    const printed = new Map(
      lines[1]!
        .replace('  verdicts: ', '')
        .split(', ')
        .map((part) => [part.split(' ')[0]!, Number(part.split(' ')[1])] as const),
    );
    expect(printed).toEqual(tally);
    expect(lines).toContain(
      `  mutualExclusion: found something in ${overlapping} of 300 seeds (first: seed ${firstOverlap})`,
    );
    expect(lines).toContain('  noStaleWrite: ok in every seed');

    // The explainer's "two holders each time", from the command line.
    const redlock = await sim([
      ...['--scenario', 'redlock-gc-pause', '--variant', 'default', '--check', '--seeds', '200'],
    ]);
    expect(redlock.stdout).toContain('  verdicts: two-holders 200\n');
    expect(redlock.stdout).toContain('  mutualExclusion: found something in 200 of 200 seeds');
  });

  it('with --check --trace, says the same of a recording or of a run saved to a file', async () => {
    const recording = fileURLToPath(
      new URL('../../../recordings/paused-client.fencing-off.redis.json', import.meta.url),
    );
    const recorded = validateTrace(JSON.parse(readFileSync(recording, 'utf8')));
    if (!recorded.ok) throw new Error(recorded.errors.join('; '));
    const result = await sim(['--check', '--trace', recording]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^paused-client \(fencing-off\) on redis, recorded on redis\+postgres at \d{4}-\d\d-\d\dT/,
    );
    expect(lines[0]).toMatch(new RegExp(`: ${recorded.trace.outcome.verdict}$`));
    for (const [name, check] of Object.entries(checkers)) {
      const found = check(recorded.trace);
      expect(lines).toContain(`  ${name}: ${found.ok ? 'ok' : found.violations.join('; ')}`);
    }

    // A relative path is read from the folder the command was typed in, as anywhere else.
    const fromRecordings = await sim(
      ['--check', '--trace', 'paused-client.fencing-off.redis.json'],
      join(PROJECT_ROOT, 'recordings'),
    );
    expect(fromRecordings.stdout).toBe(result.stdout);

    // A trace from elsewhere need not name its lock; the report then leaves it out.
    const unnamed = join(scratch, 'no-lock.json');
    const trace = simulate({ scenario: 'paused-client', variant: 'fencing-on' });
    writeFileSync(unnamed, JSON.stringify({ ...trace, params: {} }));
    expect((await sim(['--check', '--trace', unnamed])).stdout.split('\n')[0]).toBe(
      'paused-client (fencing-on), seed 1: stale-write-rejected',
    );

    // A run saved with `npm run sim > file` reads back to the report --check gives of the run.
    const run = ['--scenario', 'delayed-write', '--variant', 'fencing-on', '--seed', '9'];
    const saved = join(scratch, 'delayed-write.json');
    writeFileSync(saved, (await sim(run)).stdout);
    expect((await sim(['--check', '--trace', saved])).stdout).toBe(
      (await sim([...run, '--check'])).stdout,
    );
  });

  it('with --check --trace, reads a recording saved with a byte-order mark as the page does', async () => {
    const recording = join(PROJECT_ROOT, 'recordings', 'paused-client.fencing-on.redis.json');
    const marked = join(scratch, 'with-bom.json');
    writeFileSync(marked, `\uFEFF${readFileSync(recording, 'utf8')}`);
    const result = await sim(['--check', '--trace', marked]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe((await sim(['--check', '--trace', recording])).stdout);
  });

  it('with --check --trace, quotes a binary file in printable characters only', async () => {
    const binary = join(scratch, 'binary.json');
    writeFileSync(binary, Buffer.from([0x1b, 0x5b, 0x33, 0x31, 0x6d, 0xff, 0x00, 0x41]));
    const result = await sim(['--check', '--trace', binary]);
    expect(result.code).toBe(2);
    const line = result.stderr.split('\n')[0]!;
    expect(line).toMatch(/binary\.json is not JSON \(/);
    expect(line).not.toMatch(/[^\x20-\x7e]/);
  });

  const base = ['--scenario', 'paused-client', '--variant', 'fencing-on'];
  it.each([
    [
      ['--scenario', 'nope', '--variant', 'x'],
      'unknown scenario "nope"; valid scenarios: paused-client',
    ],
    [
      ['--scenario', 'paused-client', '--variant', 'x'],
      'has no variant "x"; valid variants: fencing-off, fencing-on',
    ],
    [[...base, '--lock', 'etcd'], 'does not run on "etcd"; valid locks: redis, pg-lease'],
    [[...base, '--lock', 'zookeeper'], '--lock must be one of redis,'],
    [[...base, '--seed', 'abc'], '--seed must be a whole number from 0 to 4294967295, got "abc"'],
    [[...base, '--seed', '1.5'], '--seed must be a whole number from 0 to 4294967295, got "1.5"'],
    // The engine's seeds are 32 bits: these would replay another seed's run under their name.
    [[...base, '--seed', '-1'], '--seed must be a whole number from 0 to 4294967295, got "-1"'],
    [[...base, '--seed', '4294967297'], 'from 0 to 4294967295, got "4294967297"'],
    [[...base, '--seed', '99999999999999999999'], 'from 0 to 4294967295, got "9999'],
    [
      [...base, '--check', '--seed', '4294967295', '--seeds', '2'],
      '--seed 4294967295 --seeds 2 would run past the last seed, 4294967295',
    ],
    [[...base, '--seed', '1', '--seed', '2'], '--seed is given twice'],
    [[...base, '--lock', 'redis', '--lock', 'pg-lease'], '--lock is given twice'],
    [[...base, '--param', 'pauseMs=1', '--param', 'pauseMs=2'], '--param pauseMs is given twice'],
    [['--list', '--seed', '3'], '--list takes no other flags'],
    [['--check', '--trace', 'recordings'], 'cannot read recordings: it is a folder'],
    [[...base, '--seed'], '--seed needs a value'],
    [
      [...base, '--param', 'pausems=800'],
      'has no parameter "pausems"; its parameters: ttlMs, pauseMs',
    ],
    [[...base, '--param', 'pauseMs=-5'], '--param takes name=ms, the ms a number 0 or more'],
    [[...base, '--fast'], 'unknown flag --fast'],
    [[...base, '--seeds', '100'], '--seeds goes with --check'],
    [['--check', '--trace', 'no/such/file.json'], 'cannot read no/such/file.json: no such file'],
    [['--check', '--trace', 'package.json'], 'package.json is not a trace: format is undefined'],
    [['--check', '--trace', 'README.md'], 'README.md is not JSON'],
    [['--trace', 'package.json'], '--trace goes with --check'],
    [[...base, '--check', '--trace', 'x.json'], '--trace reads a run; --scenario, --variant'],
    [[...base, '--check', '--seeds', '0'], '--seeds takes how many seeds to run, 1 to'],
    [[...base, '--check', '--seeds', '2e3'], '--seeds takes how many seeds to run, 1 to'],
    [['--variant', 'fencing-on'], '--scenario is required'],
  ])('refuses %j with a clear line and exit 2', async (args, message) => {
    const result = await sim(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toContain(message);
    expect(result.stderr.split('\n')[0]).toMatch(/^sim: /);
  });
});
