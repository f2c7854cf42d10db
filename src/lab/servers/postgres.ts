// One throwaway Postgres: initdb into a temp folder and run the postmaster directly, as the
// unprivileged `postgres` user when we are root (Postgres refuses to run as root). Spawning
// the postmaster ourselves keeps its pid ours to stop; fsync is off because the lab measures
// locking, not the disk, and the numbers say so.
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ServerDownError, ServerStartError, isNotFound, missingProgram } from './errors';
import { LOOPBACK_HOST, freePort } from './freePort';
import { connectPostgres, parsePostgresUrl } from './pgConnect';
import { runToEnd, type CommandFailedError } from './runToEnd';
import { supervise, type SupervisedProcess } from './supervisor';
import { chownTo, makeTempDir } from './tempDir';
import type { StartedServer } from './types';

const run = promisify(execFile);

export interface PostgresServer extends StartedServer {
  url: string;
  process?: SupervisedProcess;
  dir?: string;
}

export interface StartPostgresOptions {
  port?: number;
  /** Folder holding initdb and postgres; the newest /usr/lib/postgresql/N/bin by default. */
  binDir?: string;
  /** Extra `-c name=value` settings. */
  settings?: Record<string, string>;
  /** Honour DATABASE_URL (default true). */
  useEnv?: boolean;
  /** The unprivileged user to run as when root (default "postgres"). */
  runAsUser?: string;
  readyTimeoutMs?: number;
  /**
   * Extra environment for the postmaster, e.g. LD_PRELOAD for the clock shim. Its backends are
   * forked from it, so they inherit it; initdb runs without it.
   */
  env?: NodeJS.ProcessEnv;
}

/** The settings the lab's Postgres runs with; recorded beside every number. */
export const LAB_POSTGRES_SETTINGS: Record<string, string> = {
  fsync: 'off',
  // Room for 32 benchmark clients, pgbench's 32 and the tests at the same time.
  max_connections: '200',
};

/** Where Debian's packages put each Postgres version: <root>/<major>/bin. */
export const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest Debian-style Postgres bin folder, or undefined. */
export function findPostgresBinDir(root = POSTGRES_ROOT): string | undefined {
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(root, version, 'bin');
    if (existsSync(join(dir, 'postgres'))) return dir;
  }
  return undefined;
}

/**
 * The line of initdb's output that says what went wrong: its "initdb: error:" line, not the
 * last one, which in Postgres 15 is usually a hint.
 */
export function initdbReason(error: { stderr?: string; message?: string }): string {
  const lines = (error.stderr || error.message || '').trim().split('\n');
  return lines.find((line) => /\berror:/.test(line))?.trim() ?? lines.at(-1) ?? 'no output';
}

async function userIds(user: string): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await run('id', ['-u', user]);
  const { stdout: gid } = await run('id', ['-g', user]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

async function describe(
  client: pg.Client,
): Promise<{ version: string; settings: Record<string, string> }> {
  const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0];
  const rows = await client.query<{ name: string; setting: string }>(
    `SELECT name, setting FROM pg_settings
     WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes', 'max_connections', 'shared_buffers')`,
  );
  const settings: Record<string, string> = {};
  for (const row of rows.rows) settings[row.name] = row.setting;
  // "persistence" in the shared sense of numbers.json: what survives a crash.
  settings.persistence = settings.fsync === 'off' ? 'WAL without fsync' : 'WAL with fsync';
  return { version: (version?.server_version ?? 'unknown').split(' ')[0] ?? 'unknown', settings };
}

export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const envUrl = options.useEnv === false ? undefined : process.env.DATABASE_URL;
  if (envUrl) {
    const address = parsePostgresUrl(envUrl, 'DATABASE_URL');
    const client = await connectPostgres({ connectionString: envUrl }, address);
    try {
      const { version, settings } = await describe(client);
      return { url: envUrl, ...address, version, settings, external: true, stop: async () => {} };
    } finally {
      await client.end();
    }
  }

  const host = LOOPBACK_HOST;
  const port = options.port ?? (await freePort());
  const address = `${host}:${port}`;
  const binDir = options.binDir ?? findPostgresBinDir();
  if (!binDir) {
    throw new ServerStartError(
      'Postgres',
      address,
      missingProgram(join(POSTGRES_ROOT, '<version>', 'bin', 'postgres')),
    );
  }
  // Checked before anything runs: as root both run through setpriv, which would report a missing
  // one as its own exit code 127, and initdb's error would hide that postgres is missing too.
  for (const program of ['initdb', 'postgres']) {
    try {
      accessSync(join(binDir, program), constants.X_OK);
    } catch (error) {
      const path = join(binDir, program);
      const detail = isNotFound(error) ? missingProgram(path) : `${path}: ${String(error)}`;
      throw new ServerStartError('Postgres', address, detail, { cause: error });
    }
  }

  const dir = makeTempDir('postgres');
  const dataDir = join(dir.path, 'data');
  // Postgres refuses to run as root: drop to an unprivileged user with setpriv, which execs the
  // server so the pid we hold is the postmaster's own.
  const asRoot = process.getuid?.() === 0;
  const user = options.runAsUser ?? 'postgres';
  const wrap = (binary: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['setpriv', [`--reuid=${user}`, `--regid=${user}`, '--init-groups', '--', binary, ...args]]
      : [binary, args];

  try {
    if (asRoot) {
      const { uid, gid } = await userIds(user).catch((error: unknown) => {
        throw new ServerStartError('Postgres', address, `running as root needs a "${user}" user`, {
          cause: error,
        });
      });
      chownTo(dir.path, uid, gid);
    }
    const [initCommand, initArgs] = wrap(join(binDir, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    // Registered while it runs: a signal in its half second must not leave it running.
    await runToEnd(initCommand, initArgs, { name: 'initdb' }).catch((error: CommandFailedError) => {
      throw new ServerStartError('Postgres', address, `initdb failed: ${initdbReason(error)}`, {
        cause: error,
      });
    });
  } catch (error) {
    await dir.remove();
    throw error;
  }

  const settings = { ...LAB_POSTGRES_SETTINGS, ...options.settings };
  const [command, args] = wrap(join(binDir, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    // The socket lives in our own folder: the ready check goes through it, so another server
    // on the same TCP port can never pass for ours.
    '-k',
    dir.path,
    '-c',
    `listen_addresses=${host}`,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]);
  const socketConfig = { host: dir.path, port, user: 'postgres', database: 'postgres' };
  const child = await supervise({
    server: 'Postgres',
    address,
    command,
    args,
    env: options.env ? { ...process.env, ...options.env } : undefined,
    tempDir: dir,
    isReady: async () => {
      const client = new pg.Client({ ...socketConfig, connectionTimeoutMillis: 500 });
      client.on('error', () => {});
      try {
        await client.connect();
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    },
    readyTimeoutMs: options.readyTimeoutMs ?? 30_000,
  });

  const url = `postgres://postgres@${address}/postgres`;
  let described;
  try {
    const client = await connectPostgres({ connectionString: url }, { host, port });
    try {
      described = await describe(client);
    } finally {
      await client.end();
    }
  } catch (error) {
    await child.stop();
    throw error instanceof ServerDownError
      ? new ServerStartError('Postgres', address, error.detail ?? error.message, { cause: error })
      : error;
  }
  return {
    url,
    host,
    port,
    version: described.version,
    settings: described.settings,
    external: false,
    process: child,
    dir: dir.path,
    stop: () => child.stop(),
  };
}
