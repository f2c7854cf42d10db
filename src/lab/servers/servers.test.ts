// The starters' promises: a server that cannot start or is down gives one clear line naming it
// and its address; stop() leaves no process and no folder; and nothing outlives the process,
// however it ends.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { childProcesses, isProcessRunning, processesMentioning } from '../test/procState';
import {
  ServerDownError,
  ServerStartError,
  SkippedError,
  findPostgresBinDir,
  freePort,
  requireGcc,
  makeTempDir,
  registeredCount,
  startEtcd,
  startPostgres,
  startRedis,
  stopAll,
  supervise,
} from '.';
import { initdbReason } from './postgres';
import { CommandFailedError, runToEnd } from './runToEnd';

const envNames = ['REDIS_URL', 'DATABASE_URL', 'ETCD_ENDPOINTS'] as const;
const savedEnv = Object.fromEntries(envNames.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of envNames) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

async function occupyPort(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}

function expectOneLine(error: unknown, pattern: RegExp): void {
  expect(error).toBeInstanceOf(Error);
  const message = (error as Error).message;
  expect(message).toMatch(pattern);
  expect(message).not.toContain('\n');
}

describe('a server that cannot start', () => {
  it('Redis on a taken port names itself and the address', async () => {
    const { server, port } = await occupyPort();
    try {
      const error = await startRedis({ port, useEnv: false }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerStartError);
      expectOneLine(error, new RegExp(`^Redis could not start at 127\\.0\\.0\\.1:${port}: .+`));
    } finally {
      server.close();
    }
  });

  it('Postgres on a taken port names itself and the address', async () => {
    const { server, port } = await occupyPort();
    try {
      const error = await startPostgres({ port, useEnv: false }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerStartError);
      expectOneLine(error, new RegExp(`^Postgres could not start at 127\\.0\\.0\\.1:${port}: .+`));
    } finally {
      server.close();
    }
  });

  it('a missing binary says which one, where it was looked for and what installs it', async () => {
    const port = await freePort();
    const dir = makeTempDir('missing');
    const error = await supervise({
      server: 'Redis',
      address: `127.0.0.1:${port}`,
      command: 'fencing-lab-no-such-server',
      args: [],
      tempDir: dir,
      isReady: async () => false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerStartError);
    expect((error as Error).message).toBe(
      `Redis could not start at 127.0.0.1:${port}: fencing-lab-no-such-server is not installed` +
        " (not on PATH): bash scripts/setup.sh for all the lab's servers",
    );
    expect(existsSync(dir.path)).toBe(false);
    // The line names the program; spawn's own error stays behind it.
    expect((error as Error).cause).toMatchObject({ code: 'ENOENT' });
  });

  it('a binary given by its path names the folder it was looked in', async () => {
    const error = await supervise({
      server: 'Postgres',
      address: '127.0.0.1:1',
      command: '/fencing-lab-no-such-folder/postgres',
      args: [],
      isReady: async () => false,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'Postgres could not start at 127.0.0.1:1: postgres is not installed' +
        ' (not in /fencing-lab-no-such-folder): apt-get install -y postgresql,' +
        " or bash scripts/setup.sh for all the lab's servers",
    );
    expect((error as Error).cause).toMatchObject({ code: 'ENOENT' });
  });

  it('no redis-server on PATH: one line naming it and its package', async () => {
    const emptyBin = makeTempDir('empty-bin');
    try {
      const port = await freePort();
      const error = await startRedis({ port, useEnv: false, env: { PATH: emptyBin.path } }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ServerStartError);
      expect((error as Error).message).toBe(
        `Redis could not start at 127.0.0.1:${port}: redis-server is not installed (not on PATH):` +
          " apt-get install -y redis-server, or bash scripts/setup.sh for all the lab's servers",
      );
      expect((error as Error).cause).toMatchObject({ code: 'ENOENT', path: 'redis-server' });
    } finally {
      await emptyBin.remove();
    }
  });

  it('no etcd on PATH: one line naming it and its packages', async () => {
    const emptyBin = makeTempDir('empty-bin');
    const path = process.env.PATH;
    process.env.PATH = emptyBin.path;
    try {
      const error = await startEtcd({ useEnv: false }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerStartError);
      expect((error as Error).message).toMatch(
        /^etcd could not start at 127\.0\.0\.1:\d+: etcd is not installed \(not on PATH\): apt-get install -y etcd-server etcd-client, or bash scripts\/setup\.sh for all the lab's servers$/,
      );
      expect((error as Error).cause).toMatchObject({ code: 'ENOENT', path: 'etcd' });
    } finally {
      process.env.PATH = path;
      await emptyBin.remove();
    }
  });

  it('no Postgres programs: names the one missing and its folder, before starting anything', async () => {
    const bin = makeTempDir('pg-bin');
    try {
      const port = await freePort();
      const before = registeredCount();
      const missing = (program: string) =>
        `Postgres could not start at 127.0.0.1:${port}: ${program} is not installed` +
        ` (not in ${bin.path}): apt-get install -y postgresql,` +
        " or bash scripts/setup.sh for all the lab's servers";
      const error = await startPostgres({ port, useEnv: false, binDir: bin.path }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ServerStartError);
      expect((error as Error).message).toBe(missing('initdb'));
      expect((error as Error).cause).toMatchObject({ code: 'ENOENT' });
      // initdb there but no postgres: said before initdb runs, not as a server that never starts.
      symlinkSync(join(findPostgresBinDir()!, 'initdb'), join(bin.path, 'initdb'));
      const second = await startPostgres({ port, useEnv: false, binDir: bin.path }).catch(
        (e: unknown) => e,
      );
      expect((second as Error).message).toBe(missing('postgres'));
      expect(registeredCount()).toBe(before);
      // No Debian Postgres folder at all: where the lab looks, with a version in it.
      expect(findPostgresBinDir(bin.path)).toBeUndefined();
    } finally {
      await bin.remove();
    }
  });

  it('a command run to its end (initdb) that is missing says so the same way', async () => {
    const error = await runToEnd('/fencing-lab-no-such-folder/initdb', [], {
      name: 'initdb',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandFailedError);
    expect((error as Error).message).toBe(
      'initdb: initdb is not installed (not in /fencing-lab-no-such-folder):' +
        " apt-get install -y postgresql, or bash scripts/setup.sh for all the lab's servers",
    );
    expect((error as Error).cause).toMatchObject({ code: 'ENOENT' });
  });

  it('a machine without gcc skips the clock shim with a clear reason', async () => {
    const error = await requireGcc('fencing-lab-no-such-gcc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SkippedError);
    expect((error as Error).message).toBe(
      'skipped: no gcc (fencing-lab-no-such-gcc not found; the clock shim must be compiled)',
    );
    expect((error as Error).cause).toMatchObject({ code: 'ENOENT' });
  });

  it('a server that never answers is stopped after the ready timeout', async () => {
    const port = await freePort();
    const error = await supervise({
      server: 'Sleeper',
      address: `127.0.0.1:${port}`,
      command: 'sleep',
      args: ['30'],
      isReady: async () => false,
      readyTimeoutMs: 200,
    }).catch((e: unknown) => e);
    expectOneLine(error, /^Sleeper could not start at 127\.0\.0\.1:\d+: not ready after 200 ms/);
  });
});

describe('an env variable naming a server that is down', () => {
  it('REDIS_URL', async () => {
    const port = await freePort();
    process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
    const error = await startRedis().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerDownError);
    expectOneLine(
      error,
      new RegExp(`^Redis is down at 127\\.0\\.0\\.1:${port}: no new work starts`),
    );
    // The message keeps one line; the driver's error stays whole behind it.
    expect((error as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('REDIS_URL at something that accepts and then says nothing: down, not waiting for ever', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
      const error = await startRedis().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerDownError);
      expectOneLine(error, /no answer to the handshake and PING within 2000 ms/);
    } finally {
      silent.close();
    }
  });

  it('DATABASE_URL', async () => {
    const port = await freePort();
    process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const error = await startPostgres().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerDownError);
    expectOneLine(
      error,
      new RegExp(`^Postgres is down at 127\\.0\\.0\\.1:${port}: no new work starts`),
    );
    expect((error as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('ETCD_ENDPOINTS', async () => {
    const port = await freePort();
    process.env.ETCD_ENDPOINTS = `http://127.0.0.1:${port}`;
    const error = await startEtcd().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerDownError);
    expectOneLine(
      error,
      new RegExp(`^etcd is down at 127\\.0\\.0\\.1:${port}: no new work starts`),
    );
  });
});

describe('an env variable naming a live server', () => {
  it('is used as it is, and stop() leaves it running', async () => {
    const own = await startRedis({ useEnv: false });
    try {
      process.env.REDIS_URL = own.url;
      const shared = await startRedis();
      expect(shared.external).toBe(true);
      expect(shared.port).toBe(own.port);
      await shared.stop();
      expect(isProcessRunning(own.process?.pid ?? -1)).toBe(true);
    } finally {
      await own.stop();
    }
  });
});

describe('stop()', () => {
  it('ends each server and removes its folder', async () => {
    const before = registeredCount();
    const redis = await startRedis({ useEnv: false });
    const postgres = await startPostgres({ useEnv: false });
    const etcd = await startEtcd({ useEnv: false });
    expect(redis.version).toMatch(/^\d+\.\d+/);
    expect(postgres.version).toMatch(/^\d+\.\d+/);
    expect(etcd.version).toMatch(/^\d+\.\d+/);
    expect(postgres.settings.fsync).toBe('off');
    const pids = [redis.process?.pid, postgres.process?.pid, ...etcd.processes.map((p) => p.pid)];
    const dirs = [redis.dir, postgres.dir];
    expect(registeredCount()).toBe(before + 3);
    await Promise.all([redis.stop(), postgres.stop(), etcd.stop()]);
    for (const pid of pids) expect(isProcessRunning(pid ?? -1)).toBe(false);
    for (const dir of dirs) expect(existsSync(dir ?? '/nonexistent')).toBe(false);
    expect(registeredCount()).toBe(before);
  });

  it('starts three etcd members that form one cluster', async () => {
    const etcd = await startEtcd({ members: 3, useEnv: false });
    try {
      expect(etcd.endpoints).toHaveLength(3);
      const members = (await (
        await fetch(`${etcd.endpoints[0]}/v3/cluster/member/list`, { method: 'POST', body: '{}' })
      ).json()) as { members: unknown[] };
      expect(members.members).toHaveLength(3);
    } finally {
      await etcd.stop();
    }
  });
});

describe('initdb failing', () => {
  // Run as root, initdb refuses with an error line and then a hint: real output to read.
  it.skipIf(process.getuid?.() !== 0)(
    'is reported by its error line, not the hint after it',
    async () => {
      const { execFile } = await import('node:child_process');
      const stderr = await new Promise<string>((resolve) =>
        execFile('/usr/lib/postgresql/15/bin/initdb', ['-D', '/nonexistent/x'], (_e, _o, err) =>
          resolve(err),
        ),
      );
      expect(stderr.trim().split('\n').at(-1)).toMatch(/hint:/);
      expect(initdbReason({ stderr })).toBe('initdb: error: cannot be run as root');
      // The same run as the lab makes it, registered while it runs: its error keeps what it said.
      const error = await runToEnd('/usr/lib/postgresql/15/bin/initdb', ['-D', '/nonexistent/x'], {
        name: 'initdb',
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CommandFailedError);
      expect((error as Error).message).toBe('initdb exited with code 1');
      expect(initdbReason(error as CommandFailedError)).toBe(
        'initdb: error: cannot be run as root',
      );
    },
  );
});

describe('an error someone handles', () => {
  it('leaves the servers running: only the process ending stops them', async () => {
    const redis = await startRedis({ useEnv: false });
    try {
      const before = registeredCount();
      // What Node emits before an uncaught error reaches a handler (vitest has one).
      (process as NodeJS.EventEmitter).emit(
        'uncaughtExceptionMonitor',
        new Error('handled elsewhere'),
        'uncaughtException',
      );
      expect(registeredCount()).toBe(before);
      expect(isProcessRunning(redis.process?.pid ?? -1)).toBe(true);
    } finally {
      await redis.stop();
    }
  });
});

describe('nothing outlives the process', () => {
  const fixture = fileURLToPath(new URL('../test/fixtures/startAndDie.ts', import.meta.url));

  async function runFixture(how: 'exit' | 'throw' | 'signal', signal?: NodeJS.Signals) {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, how], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    const started = new Promise<{ pid: number; dir: string }>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = stdout.split('\n')[0];
        if (stdout.includes('\n') && line)
          resolve(JSON.parse(line) as { pid: number; dir: string });
      });
      child.once('exit', () => reject(new Error(`the fixture exited early: ${stdout}`)));
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const server = await started;
    expect(isProcessRunning(server.pid)).toBe(true);
    if (signal) child.kill(signal);
    else child.stdin.write('go\n');
    await exited;
    // SIGKILL from the exit hook is immediate; give the kernel a moment to reap.
    for (let i = 0; i < 50 && isProcessRunning(server.pid); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return server;
  }

  for (const [how, signal] of [
    ['exit', undefined],
    ['throw', undefined],
    ['signal', 'SIGINT'],
    ['signal', 'SIGTERM'],
  ] as const) {
    it(`when it ends by ${signal ?? how}`, async () => {
      const server = await runFixture(how, signal);
      expect(isProcessRunning(server.pid)).toBe(false);
      expect(existsSync(server.dir)).toBe(false);
    });
  }
});

describe('initdb, while it runs', () => {
  const fixture = fileURLToPath(
    new URL('../test/fixtures/startPostgresAndWait.ts', import.meta.url),
  );

  /** The initdb a process runs (setpriv execs it, so it is that process's child) and its -D. */
  async function initdbUnder(parentPid: number): Promise<{ pid: number; dataDir: string }> {
    while (isProcessRunning(parentPid)) {
      const initdb = childProcesses(parentPid).find((child) => child.name === 'initdb');
      // Found the moment setpriv execs it, the process has initdb's name before its arguments:
      // the kernel names it, then lays out the new command line, and read in between it is empty
      // (seen once in CI: a data folder of ''). Look again until the -D is there.
      const args = initdb ? readFileSync(`/proc/${initdb.pid}/cmdline`, 'utf8').split('\0') : [];
      if (initdb && args.includes('-D')) {
        return { pid: initdb.pid, dataDir: args[args.indexOf('-D') + 1] ?? '' };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`process ${parentPid} ended before it ran initdb`);
  }

  /** Neither initdb nor the postgres it runs is left, and its temp folder is gone. */
  function expectNothingLeft(initdb: { pid: number; dataDir: string }): void {
    expect(initdb.dataDir).toMatch(/fencing-lab-postgres-/);
    expect(isProcessRunning(initdb.pid)).toBe(false);
    expect(processesMentioning(initdb.dataDir)).toEqual([]);
    expect(existsSync(dirname(initdb.dataDir))).toBe(false);
  }

  it('is registered, and stopAll() stops it', async () => {
    const before = registeredCount();
    const starting = startPostgres({ useEnv: false }).catch((e: unknown) => e);
    const initdb = await initdbUnder(process.pid);
    expect(registeredCount()).toBe(before + 1);
    await stopAll();
    expectNothingLeft(initdb);
    expectOneLine(
      await starting,
      /^Postgres could not start at 127\.0\.0\.1:\d+: initdb failed: initdb was stopped before it finished$/,
    );
    expect(registeredCount()).toBe(before);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`does not outlive a process that ends by ${signal}`, async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: 'ignore' });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const initdb = await initdbUnder(child.pid ?? -1);
      child.kill(signal);
      await exited;
      // No grace period: the process waits for initdb to end before it exits.
      expectNothingLeft(initdb);
    });
  }
});
