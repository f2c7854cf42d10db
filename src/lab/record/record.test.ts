// The recorder's edges: bad flags and unknown names fail with the list of valid names; a down
// server fails in one line and overwrites nothing; a server that dies mid-run names the
// scenario; a recording is written whole or not at all.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { lockKey } from '../../sim/run/script';
import { scenarios } from '../../sim/scenarios/index';
import { prepareRun } from '../../sim/simulate';
import { validateTrace } from '../../sim/trace/validate';
import { ServerPool } from '../backends';
import { runReal } from '../runReal';
import { connectRedis, freePort, parseRedisUrl, startRedis } from '../servers';
import { BadArgsError, parseRecordArgs } from './args';
import { allJobs, cannotRecord, selectJobs, UnknownJobError } from './jobs';
import { writeFileAtomic } from '../output/writeAtomic';
import { runScript } from '../test/runScript';

const RECORD_SCRIPT = fileURLToPath(new URL('../record.ts', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'fencing-lab-record-test-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the recorder as `npm run lab:record` would, with the given env on top of ours. */
const record = (
  args: string[],
  env: Record<string, string> = {},
  options: { timeoutMs?: number } = {},
) => runScript(RECORD_SCRIPT, args, { env, ...options });

describe('recorder arguments', () => {
  it('reads --only (repeated or comma-separated) and --out, in both spellings', () => {
    expect(
      parseRecordArgs(['--only', 'paused-client,delayed-write', '--only=etcd-lease', '--out=x']),
    ).toEqual({
      only: ['paused-client', 'delayed-write', 'etcd-lease'],
      outDir: 'x',
      outGiven: true,
      help: false,
    });
    expect(parseRecordArgs([])).toMatchObject({ outDir: 'recordings', outGiven: false });
  });

  it('refuses unknown flags, missing values and a second --out', () => {
    expect(() => parseRecordArgs(['--fast'])).toThrow(BadArgsError);
    expect(() => parseRecordArgs(['--only'])).toThrow(/--only needs a value/);
    expect(() => parseRecordArgs(['--only', '--out', 'x'])).toThrow(/--only needs a value/);
    expect(() => parseRecordArgs(['--out', 'a', '--out', 'b'])).toThrow(/twice/);
    // Commas or blanks alone name nothing; read as no --only at all they would record everything.
    expect(() => parseRecordArgs(['--only', ','])).toThrow(/--only needs a name, got ","/);
    expect(() => parseRecordArgs(['--only= '])).toThrow(/--only needs a name/);
  });

  it('selects by scenario, scenario.variant or the full name, and lists valid names otherwise', () => {
    expect(selectJobs([]).length).toBe(allJobs().length);
    expect(selectJobs(['paused-client']).map((j) => j.id)).toEqual([
      'paused-client.fencing-off.redis',
      'paused-client.fencing-off.pg-lease',
      'paused-client.fencing-on.redis',
      'paused-client.fencing-on.pg-lease',
    ]);
    expect(selectJobs(['paused-client.fencing-on']).length).toBe(2);
    expect(selectJobs(['etcd-lease.fencing-on.etcd']).map((j) => j.id)).toEqual([
      'etcd-lease.fencing-on.etcd',
    ]);
    expect(() => selectJobs(['paused-clinet'])).toThrow(UnknownJobError);
    expect(() => selectJobs(['paused-clinet'])).toThrow(
      /valid scenarios: paused-client, delayed-write/,
    );
  });
});

describe('jobs real servers cannot play', () => {
  it('names etcd’s clock as the reason for the server clock jump on etcd, and only there', () => {
    const why = (id: string) => cannotRecord(selectJobs([id])[0]!);
    expect(why('server-clock-jump.fencing-on.etcd')).toMatch(
      /clock of etcd; on real servers etcd cannot have it: etcd is a Go binary/,
    );
    expect(why('server-clock-jump.fencing-on.redis')).toBeNull();
    expect(why('server-clock-jump.fencing-on.pg-lease')).toBeNull();
    expect(why('etcd-lease.fencing-on.etcd')).toBeNull();
  });
});

describe('npm run lab:record', () => {
  it('exits 2 on a bad flag and names the valid scenarios', async () => {
    const result = await record(['--fast']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown argument "--fast"');
    for (const s of scenarios) expect(result.stderr).toContain(s.name);
  });

  it('skips a run whose clock the servers cannot move, says why, and writes nothing', async () => {
    const out = join(scratch, 'unmovable');
    const result = await record(['--only', 'server-clock-jump.fencing-off.etcd', '--out', out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^skip server-clock-jump\.fencing-off\.etcd: .*LD_PRELOAD clock shim cannot move its clock.*; the page replays it on the simulator$/m,
    );
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it('without gcc: records what it can, names what it could not and why, exit 1', async () => {
    // Unlike etcd's clock, which no machine can move, gcc is missing from this machine only: a
    // run left out for it leaves its recording stale, which an author must hear in the exit code.
    const out = join(scratch, 'no-gcc');
    const result = await record(['--only', 'server-clock-jump.fencing-on.redis', '--out', out], {
      PATH: join(scratch, 'no-such-folder'),
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^skip server-clock-jump\.fencing-on\.redis: no gcc/m);
    expect(result.stderr).toBe(
      'lab:record: 1 recording not written: server-clock-jump.fencing-on.redis (no gcc on this machine; scripts/setup.sh installs it)\n',
    );
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it('exits 2 on an unknown scenario and names the valid ones', async () => {
    const result = await record(['--only', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /unknown name "nope" for --only: no scenario "nope"; valid scenarios: paused-client/,
    );
  });

  it('with Redis down: one line naming it, exit 1, the old recording left as it was', async () => {
    const out = join(scratch, 'down');
    mkdirSync(out);
    const file = join(out, 'paused-client.fencing-on.redis.json');
    writeFileSync(file, 'the old recording');
    const port = await freePort();
    const result = await record(['--only', 'paused-client.fencing-on.redis', '--out', out], {
      REDIS_URL: `redis://127.0.0.1:${port}`,
      DATABASE_URL: inject('databaseUrl'),
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^lab:record: Redis is down at 127\\.0\\.0\\.1:${port}: no new work starts`),
    );
    expect(readFileSync(file, 'utf8')).toBe('the old recording');
    expect(readdirSync(out)).toEqual(['paused-client.fencing-on.redis.json']);
  });

  it('with Redis and etcd both down: names each on its own line, exit 1, writes nothing', async () => {
    // Told of Redis alone, an author would fix it, run again, and only then hear of etcd.
    const out = join(scratch, 'both-down');
    const [redisPort, etcdPort] = [await freePort(), await freePort()];
    const result = await record(
      ['--only', 'paused-client.fencing-on.redis,etcd-lease.fencing-on.etcd', '--out', out],
      {
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        ETCD_ENDPOINTS: `http://127.0.0.1:${etcdPort}`,
        DATABASE_URL: inject('databaseUrl'),
      },
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'lab:record: 2 servers failed:',
      expect.stringMatching(
        new RegExp(
          `^lab:record: {3}Redis is down at 127\\.0\\.0\\.1:${redisPort}: no new work starts`,
        ),
      ),
      `lab:record:   etcd is down at 127.0.0.1:${etcdPort}: no new work starts (no healthy answer on /health)`,
    ]);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it('refuses an --out that is a file, in one line, before starting anything', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, 'not a folder');
    for (const out of [file, join(file, 'below')]) {
      const result = await record(['--only', 'paused-client.fencing-on.redis', '--out', out]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `lab:record: cannot write recordings to ${out}: a file is in the way (--out needs a folder)\n`,
      );
    }
    expect(readFileSync(file, 'utf8')).toBe('not a folder');
  });

  // Linux's /proc takes no new folders (mkdir says ENOENT though /proc exists: Node's recursive
  // mkdir then retries forever at full CPU) and /sys/kernel takes no new files. Both must fail
  // in one line before any server starts; the shared servers keep a slip from starting ours.
  it.runIf(process.platform === 'linux')(
    'refuses an --out it cannot write, in one line, before starting anything',
    async () => {
      const env = { REDIS_URL: inject('redisUrl'), DATABASE_URL: inject('databaseUrl') };
      for (const [out, reason] of [
        ['/proc/fencing-lab-no-such-folder', 'no folder can be made there'],
        ['/sys/kernel', 'permission denied'],
      ]) {
        const result = await record(
          ['--only', 'paused-client.fencing-on.redis', '--out', out!],
          env,
          { timeoutMs: 15_000 },
        );
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(`lab:record: cannot write recordings to ${out}: ${reason}\n`);
      }
    },
  );

  it('a recording it cannot write: one line naming the file, exit 1, nothing else touched', async () => {
    // A folder in the recording's place: the out folder passes the check, the write then fails,
    // as a disk that fills mid-run would make it.
    const out = join(scratch, 'blocked');
    const target = join(out, 'paused-client.fencing-on.redis.json');
    mkdirSync(target, { recursive: true });
    const result = await record(['--only', 'paused-client.fencing-on.redis', '--out', out], {
      REDIS_URL: inject('redisUrl'),
      DATABASE_URL: inject('databaseUrl'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^lab:record: \\[1/1\\] paused-client\\.fencing-on\\.redis: could not write ${target.replaceAll('.', '\\.')}: .+ \\(0 written before it, 0 not run\\)\n$`,
      ),
    );
    expect(readdirSync(out)).toEqual(['paused-client.fencing-on.redis.json']);
    expect(readdirSync(target)).toEqual([]);
  });

  it('names REDIS_URL when it is not a URL, in one line', async () => {
    const result = await record(['--only', 'paused-client.fencing-on.redis'], {
      REDIS_URL: 'notaurl',
      DATABASE_URL: inject('databaseUrl'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'lab:record: REDIS_URL is not a Redis URL (redis://host:port): "notaurl"\n',
    );
  });

  it('records one run into --out as a valid trace, and leaves no temporary file', async () => {
    // A relative --out is read from the folder the command was typed in, as npm reports it.
    const out = join(scratch, 'one');
    const result = await record(['--only', 'paused-client.fencing-on.redis', '--out', 'one'], {
      INIT_CWD: scratch,
      REDIS_URL: inject('redisUrl'),
      DATABASE_URL: inject('databaseUrl'),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /\[1\/1\] paused-client\.fencing-on\.redis {2}stale-write-rejected, as the simulator/,
    );
    expect(readdirSync(out)).toEqual(['paused-client.fencing-on.redis.json']);
    const trace = validateTrace(
      JSON.parse(readFileSync(join(out, 'paused-client.fencing-on.redis.json'), 'utf8')),
    );
    expect(trace.ok).toBe(true);
    if (trace.ok) {
      expect(trace.trace.backend).toBe('redis+postgres');
      expect(trace.trace.environment?.redis).toMatch(/^\d+\.\d+/);
      expect(trace.trace.environment?.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
  });
});

/** The lock's key in the paused client's script: the setup writes the fence's before it. */
const PAUSED_CLIENT_LOCK = lockKey(
  prepareRun({ scenario: 'paused-client', variant: 'fencing-on' }).script,
);

async function killOnceLockIsTaken(redis: Awaited<ReturnType<typeof startRedis>>): Promise<void> {
  const watcher = await connectRedis({ ...parseRedisUrl(redis.url), url: redis.url });
  try {
    const deadline = performance.now() + 10_000;
    while ((await watcher.exists(PAUSED_CLIENT_LOCK)) === 0 && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
  } finally {
    watcher.disconnect();
  }
  redis.process?.kill('SIGKILL');
}

describe('a reader that stops reading (npm run lab:record | head -1)', () => {
  it('records every run all the same, and exits 0 without a stack trace', async () => {
    const out = join(scratch, 'closed-stdout');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', RECORD_SCRIPT, '--only', 'paused-client.fencing-off.redis', '--out', out],
      { cwd: fileURLToPath(new URL('../../../', import.meta.url)), stdio: 'pipe' },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    // Reads the first line, then closes the pipe, as `head -1` does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
    expect(readdirSync(out)).toEqual(['paused-client.fencing-off.redis.json']);
  });
});

describe('a server that dies mid-run', () => {
  it('fails the run with an error that names the scenario and the server', async () => {
    const redis = await startRedis({ useEnv: false });
    const pool = new ServerPool({ redisUrl: redis.url, databaseUrl: inject('databaseUrl') });
    try {
      const run = runReal(
        { scenario: 'paused-client', variant: 'fencing-on', lock: 'redis' },
        pool,
      );
      // Redis dies once client 1 holds the lock, so before client 2 asks at 320 ms: a fixed
      // delay could land before the backend had even connected on a loaded machine, or in its
      // setup. Client 2 then finds Redis gone, on a connection it had opened ("failed") or on
      // one it opens now ("is down"); either way the error names the scenario and the server.
      void killOnceLockIsTaken(redis);
      const at = `127\\.0\\.0\\.1:${redis.port}`;
      await expect(run).rejects.toThrow(
        new RegExp(
          `^scenario paused-client \\(fencing-on, redis\\) failed: Redis (at ${at} failed|is down at ${at}: no new work starts)`,
        ),
      );
    } finally {
      await pool.stop();
      await redis.stop();
    }
  });
});

describe('writeFileAtomic', () => {
  it('replaces a file whole and leaves no temporary file', () => {
    const dir = join(scratch, 'atomic');
    mkdirSync(dir);
    const file = join(dir, 'run.json');
    writeFileSync(file, 'old');
    writeFileAtomic(file, 'new and longer');
    expect(readFileSync(file, 'utf8')).toBe('new and longer');
    expect(readdirSync(dir)).toEqual(['run.json']);
  });

  it('never shows a reader a partial file, however often it is rewritten', async () => {
    // Another process rewrites an 8 MB file 20 times while this one reads it as fast as it can:
    // every read must be one whole version. A plain open-and-write shows empty or cut files.
    const file = join(scratch, 'atomic-race.json');
    const size = 8 * 1024 * 1024;
    writeFileSync(file, 'A'.repeat(size));
    const module = fileURLToPath(new URL('../output/writeAtomic.ts', import.meta.url));
    const writer = spawn(
      process.execPath,
      [
        ...['--import', 'tsx', '--input-type=module', '-e'],
        `import { writeFileAtomic } from ${JSON.stringify(module)};
         for (let i = 0; i < 20; i++) writeFileAtomic(${JSON.stringify(file)}, (i % 2 ? 'B' : 'C').repeat(${size}));`,
      ],
      { stdio: 'ignore' },
    );
    const done = new Promise<number | null>((resolve) => writer.once('exit', resolve));
    let running = true;
    void done.then(() => (running = false));
    let reads = 0;
    const seen = new Set<string>();
    while (running) {
      const text = readFileSync(file, 'utf8');
      expect(text.length).toBe(size);
      expect(text.at(-1)).toBe(text[0]);
      seen.add(text[0]!);
      reads++;
      await new Promise((r) => setImmediate(r));
    }
    expect(await done).toBe(0);
    expect(reads).toBeGreaterThan(5);
    expect(seen.size).toBeGreaterThan(1); // the reads did see rewrites
    expect(
      readdirSync(scratch).filter((f) => f.includes('atomic-race') && f !== 'atomic-race.json'),
    ).toEqual([]);
  }, 60_000);

  it('on failure leaves the old file untouched and cleans up its temporary file', () => {
    const dir = join(scratch, 'atomic-fail');
    mkdirSync(dir);
    // A folder where the file should go: the final rename fails after the data was written.
    const target = join(dir, 'run.json');
    mkdirSync(target);
    writeFileSync(join(target, 'keep'), 'x');
    expect(() => writeFileAtomic(target, 'new')).toThrow();
    expect(readdirSync(dir)).toEqual(['run.json']);
    expect(existsSync(join(target, 'keep'))).toBe(true);
  });
});
