// The benchmark on real servers: every Redis and Postgres case runs briefly beside its C tool,
// the file it writes passes the page's own validator, and a server that is down or dies
// mid-case stops the run with an error naming it while the old numbers.json stays as it was.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { validateNumbers } from '../../content/numbersFile';
import {
  freePort,
  parsePostgresUrl,
  parseRedisUrl,
  startRedis,
  type PostgresServer,
  type RedisServer,
} from '../servers';
import { BENCH_CASES } from './cases';
import type { BenchServers } from './cases/types';
import { CaseError, runCase } from './runCase';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'fencing-lab-bench-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sharedServers(): BenchServers {
  const redisUrl = inject('redisUrl');
  const databaseUrl = inject('databaseUrl');
  const common = { version: 'test', settings: {}, external: true, stop: async () => {} };
  return {
    redis: { ...common, url: redisUrl, ...parseRedisUrl(redisUrl) } as RedisServer,
    postgres: { ...common, url: databaseUrl, ...parsePostgresUrl(databaseUrl) } as PostgresServer,
  };
}

function runMain(
  args: string[],
  env: NodeJS.ProcessEnv,
  onStderr?: (text: string, child: ChildProcess) => void,
  timeoutMs?: number,
) {
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A command that hangs is killed, so the test fails instead of waiting forever.
    ...(timeoutMs ? { timeout: timeoutMs } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    onStderr?.(stderr, child);
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('each case beside its ceiling', () => {
  for (const benchCase of BENCH_CASES.filter((c) => c.server !== 'etcd')) {
    it(benchCase.name, async () => {
      const lines: string[] = [];
      const run = await runCase(
        benchCase,
        { clients: 2, servers: sharedServers() },
        0.4,
        (line) => lines.push(line),
        0.2,
        true,
      );
      const figures = run.figures;
      const rate = 'pairsPerSecond' in figures ? figures.pairsPerSecond : figures.triesPerSecond;
      expect(rate).toBeGreaterThan(0);
      expect(figures.ceilingPerSecond).toBeGreaterThan(0);
      expect(figures.ratio).toBeCloseTo(rate / (figures.ceilingPerSecond as number), 2);
      expect(figures.connections).toBe(2);
      expect(figures.pipelined).toBe(false);
      expect(figures.p50Ms).toBeGreaterThan(0);
      expect(figures.p99Ms).toBeGreaterThanOrEqual(figures.p50Ms);
      expect(figures.ceilingNote).toMatch(
        benchCase.server === 'redis' ? /^redis-benchmark/ : /^pgbench/,
      );
      if ('winsPerSecond' in figures) {
        expect(figures.winsPerSecond).toBeGreaterThan(0);
        expect(figures.winsPerSecond).toBeLessThanOrEqual(figures.triesPerSecond);
      }
      expect(lines.join('\n')).toMatch(
        /slice 1\/1: Node [\d,]+\/s, (redis-benchmark|pgbench) [\d,]+\/s \([\d.]+\), (ioredis|pg) [\d.]+ [\d,]+\/s/,
      );
      // The same work through ioredis or pg, in the same slices, against the same ceiling.
      const library = figures.library!;
      expect(library.client).toMatch(benchCase.server === 'redis' ? /^ioredis 5\./ : /^pg 8\./);
      expect(library.perSecond).toBeGreaterThan(0);
      expect(library.ratio).toBeCloseTo(library.perSecond / figures.ceilingPerSecond!, 2);
      expect(library.p99Ms).toBeGreaterThanOrEqual(library.p50Ms);
      expect(library.winsPerSecond !== undefined).toBe(benchCase.kind === 'tries');
    });
  }
});

describe('npm run lab:bench', () => {
  it('writes a numbers.json that the page accepts', async () => {
    const out = join(dir, 'numbers.json');
    const result = await runMain(
      [
        '--only',
        'redis-hot,pg-lease',
        '--clients',
        '2',
        '--seconds',
        '0.3',
        '--warm-up',
        '0.2',
        '--out',
        out,
      ],
      { REDIS_URL: inject('redisUrl'), DATABASE_URL: inject('databaseUrl') },
    );
    expect(result.stderr).toContain('redis-hot:');
    expect(result.stderr).toMatch(/warm-up 0\.2 s through ioredis 5\./);
    expect(result.stderr).toMatch(/warm-up 0\.2 s through pg 8\./);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/redis-hot\s+[\d,]+ tries.*[\d,]+ ioredis/);
    expect(result.stdout).toMatch(/pg-lease\s+[\d,]+ pairs.*[\d,]+ pg /);
    // The figures printed with the machine and the load they were measured under.
    expect(result.stdout).toMatch(/^Measured on .+ \(\d+ CPUs, [\d.]+ GB\), .+; Node v\d+/m);
    expect(result.stdout).toMatch(
      /^Load average \(1 min\): [\d.]+ at the start, [\d.]+ at the end \(/m,
    );
    const numbers = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
    const checked = validateNumbers(numbers);
    expect(checked.ok ? [] : checked.problems).toEqual([]);
    expect(numbers).toMatchObject({
      format: 'fencing-lab/numbers',
      version: 1,
      clients: 2,
      seconds: 0.3,
      cases: [
        { name: 'redis-hot', library: { client: expect.stringMatching(/^ioredis /) } },
        { name: 'pg-lease', library: { client: expect.stringMatching(/^pg /) } },
      ],
    });
    const hot = (numbers.cases as { library: { perSecond: number; winsPerSecond: number } }[])[0]!;
    expect(hot.library.winsPerSecond).toBeLessThanOrEqual(hot.library.perSecond);
  });

  it('reports a null ceiling, with the reason, when pgbench is missing (and --no-library)', async () => {
    // A PATH with redis-benchmark but no pgbench; the servers come from the env variables.
    const bin = join(dir, 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync('/usr/bin/redis-benchmark', join(bin, 'redis-benchmark'));
    const out = join(dir, 'no-pgbench.json');
    const result = await runMain(
      [
        '--only',
        'redis-plain,pg-advisory',
        '--clients',
        '2',
        '--seconds',
        '0.3',
        '--warm-up',
        '0.2',
        '--no-library',
        '--out',
        out,
      ],
      { REDIS_URL: inject('redisUrl'), DATABASE_URL: inject('databaseUrl'), PATH: bin },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('pgbench not found: Postgres cases will have no ceiling');
    expect(result.stderr).toContain('no ceiling: pgbench is not installed (not on PATH)');
    const numbers = JSON.parse(readFileSync(out, 'utf8')) as {
      cases: {
        name: string;
        ceilingPerSecond: number | null;
        ratio: number | null;
        ceilingNote?: string;
        library?: unknown;
      }[];
    };
    const [plain, advisory] = numbers.cases;
    expect(plain?.ceilingPerSecond).toBeGreaterThan(0);
    expect(result.stderr).not.toContain('through ioredis');
    expect(numbers.cases.map((c) => c.library)).toEqual([undefined, undefined]);
    expect(advisory).toMatchObject({
      name: 'pg-advisory',
      ceilingPerSecond: null,
      ratio: null,
      ceilingNote: 'pgbench is not installed (not on PATH)',
    });
  });

  // Its errors read as lab:record's do: the command's name first, on stderr, exit code apart.
  it('exits 2 on an unknown case, listing the valid ones', async () => {
    const result = await runMain(['--only', 'redis-fastest'], {});
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^lab:bench: Unknown case "redis-fastest"\. Valid cases: redis-plain,.*\n\nUsage/,
    );
  });

  it('exits 2 on an unknown option, naming it first', async () => {
    const result = await runMain(['--client', '2'], {});
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      'lab:bench: Unknown option "--client". Valid options: --clients, --seconds, --only, --out, --warm-up, --no-library, --help',
    );
  });

  // Found only after the run, a place that cannot take the file cost every minute measured; and
  // Node's recursive mkdir never returns for a folder under Linux's /proc.
  it('refuses an --out it cannot write before measuring anything', async () => {
    const env = { REDIS_URL: inject('redisUrl') };
    const outs: [string, string][] = [[dir, 'it is a folder (--out needs a file name)']];
    if (process.platform === 'linux') {
      outs.push(
        ['/proc/fencing-lab-no-such-folder/numbers.json', 'no folder can be made there'],
        ['/sys/kernel/numbers.json', 'permission denied'],
      );
    }
    for (const [out, reason] of outs) {
      const result = await runMain(['--only', 'redis-token', '--out', out], env, undefined, 15_000);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`lab:bench: cannot write the numbers to ${out}: ${reason}\n`);
    }
  });

  it('stops with one line naming a server that is down, and keeps the old file', async () => {
    const out = join(dir, 'kept.json');
    writeFileSync(out, '{"old":true}\n');
    const port = await freePort();
    const result = await runMain(['--only', 'redis-token', '--out', out], {
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^lab:bench: Redis is down at 127\\.0\\.0\\.1:${port}: no new work starts`),
    );
    expect(lines[1]).toBe(`lab:bench: ${out} was not written; any earlier file is unchanged`);
    expect(readFileSync(out, 'utf8')).toBe('{"old":true}\n');
  });

  it('without redis-server: one line naming it and what installs it, exit 1', async () => {
    // A PATH without the server; node itself is run by its full path.
    const emptyBin = join(dir, 'empty-bin');
    mkdirSync(emptyBin, { recursive: true });
    const out = join(dir, 'no-redis-server.json');
    const result = await runMain(['--only', 'redis-token', '--out', out], {
      PATH: emptyBin,
      REDIS_URL: '',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^lab:bench: Redis could not start at 127\.0\.0\.1:\d+: redis-server is not installed \(not on PATH\): apt-get install -y redis-server, or bash scripts\/setup\.sh for all the lab's servers$/m,
    );
    expect(result.stderr).not.toContain('ENOENT');
    expect(existsSync(out)).toBe(false);
  });

  it('names the case when its server dies mid-run, and keeps the old file', async () => {
    const out = join(dir, 'kept-mid.json');
    writeFileSync(out, '{"old":true}\n');
    const redis = await startRedis({ useEnv: false });
    let killed = false;
    try {
      const result = await runMain(
        [
          '--only',
          'redis-token',
          '--clients',
          '4',
          '--seconds',
          '5',
          '--warm-up',
          '0.5',
          '--out',
          out,
        ],
        { REDIS_URL: redis.url },
        (stderr) => {
          if (!killed && stderr.includes('slice 1/')) {
            killed = true;
            redis.process?.kill('SIGKILL');
          }
        },
      );
      expect(killed).toBe(true);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(
          `^lab:bench: Case redis-token failed: .*(Redis is down at 127\\.0\\.0\\.1:${redis.port}|Could not connect)`,
          'm',
        ),
      );
      expect(result.stderr).toContain(`lab:bench: ${out} was not written`);
      expect(readFileSync(out, 'utf8')).toBe('{"old":true}\n');
    } finally {
      await redis.stop();
    }
  });

  it('Ctrl-C: says so as lab:bench, exits 130, and keeps the old file', async () => {
    const out = join(dir, 'kept-interrupted.json');
    writeFileSync(out, '{"old":true}\n');
    let signalled = false;
    const result = await runMain(
      ['--only', 'redis-token', '--clients', '2', '--seconds', '5', '--warm-up', '5', '--out', out],
      { REDIS_URL: inject('redisUrl') },
      (stderr, child) => {
        if (!signalled && stderr.includes('warm-up')) {
          signalled = true;
          child.kill('SIGINT');
        }
      },
      30_000,
    );
    expect(signalled).toBe(true);
    expect(result.code).toBe(130);
    expect(result.stderr).toContain(
      `lab:bench: interrupted: stopping the servers; ${out} was not written; any earlier file is unchanged\n`,
    );
    expect(readFileSync(out, 'utf8')).toBe('{"old":true}\n');
  });

  it('runCase wraps a dead server in a CaseError', async () => {
    const redis = await startRedis({ useEnv: false });
    const servers = { redis };
    const token = BENCH_CASES.find((c) => c.name === 'redis-token')!;
    setTimeout(() => redis.process?.kill('SIGKILL'), 300);
    const error = await runCase(token, { clients: 2, servers }, 3, () => {}, 1).catch(
      (e: unknown) => e,
    );
    await redis.stop();
    expect(error).toBeInstanceOf(CaseError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Case redis-token failed: Redis is down at 127\\.0\\.0\\.1:${redis.port}: no new work starts`,
      ),
    );
  });
});
