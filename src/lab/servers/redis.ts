// One throwaway redis-server on a free loopback port, with no persistence: the lab measures
// and records lock behaviour, not disk speed. REDIS_URL uses an existing server instead.
import { ServerDownError, ServerStartError } from './errors';
import { LOOPBACK_HOST, freePort } from './freePort';
import { parseRedisInfo, redisPing } from './probes';
import { connectRedis, parseRedisUrl } from './redisConnect';
import { supervise, type SupervisedProcess } from './supervisor';
import { makeTempDir } from './tempDir';
import type { StartedServer } from './types';

export interface RedisServer extends StartedServer {
  url: string;
  /** The running process when the lab started it (absent for REDIS_URL). */
  process?: SupervisedProcess;
  /** Its temp folder when the lab started it. */
  dir?: string;
}

export interface StartRedisOptions {
  /** A fixed port instead of a free one (tests use it to provoke "address in use"). */
  port?: number;
  /** Extra redis-server arguments, e.g. ['--repl-diskless-sync-delay', '0']. */
  args?: string[];
  /** Extra environment for the process, e.g. LD_PRELOAD for the clock shim. */
  env?: NodeJS.ProcessEnv;
  /** Honour REDIS_URL (default true). Setups that need their own nodes pass false. */
  useEnv?: boolean;
  /** Name in messages, e.g. "Redis node 3". */
  server?: string;
  readyTimeoutMs?: number;
}

export const REDIS_BINARY = 'redis-server';

// Redis prefixes log lines with "pid:role date time level"; the message alone reads better.
function stripRedisLogPrefix(line: string): string {
  return line.replace(/^\d+:[A-Z] \d+ \w+ \d+ [\d:.]+ [#*.-] /, '');
}

async function describe(
  host: string,
  port: number,
  url: string | undefined,
  server: string,
): Promise<{ version: string; settings: Record<string, string>; processId: number }> {
  const client = await connectRedis({ host, port, url }, { server });
  try {
    const info = parseRedisInfo(await client.info('server'));
    const settings: Record<string, string> = {};
    try {
      const save = (await client.config('GET', 'save')) as string[];
      const appendonly = (await client.config('GET', 'appendonly')) as string[];
      settings.save = JSON.stringify(save[1] ?? '');
      settings.appendonly = appendonly[1] ?? 'unknown';
      settings.persistence =
        (save[1] ?? '') === '' && appendonly[1] === 'no' ? 'none' : 'rdb/aof as configured';
    } catch {
      // Managed servers often disable CONFIG; say so rather than guess.
      settings.persistence = 'unknown (CONFIG unavailable)';
    }
    return {
      version: info.get('redis_version') ?? 'unknown',
      settings,
      processId: Number(info.get('process_id') ?? -1),
    };
  } finally {
    client.disconnect();
  }
}

export async function startRedis(options: StartRedisOptions = {}): Promise<RedisServer> {
  const server = options.server ?? 'Redis';
  const envUrl = options.useEnv === false ? undefined : process.env.REDIS_URL;
  if (envUrl) {
    const { host, port } = parseRedisUrl(envUrl, 'REDIS_URL');
    const { version, settings } = await describe(host, port, envUrl, server);
    return { url: envUrl, host, port, version, settings, external: true, stop: async () => {} };
  }

  const host = LOOPBACK_HOST;
  const port = options.port ?? (await freePort());
  const address = `${host}:${port}`;
  const dir = makeTempDir('redis');
  const args = [
    '--port',
    String(port),
    '--bind',
    host,
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir.path,
    ...(options.args ?? []),
  ];
  const child = await supervise({
    server,
    address,
    command: REDIS_BINARY,
    args,
    env: { ...process.env, ...options.env },
    tempDir: dir,
    isReady: () => redisPing(host, port),
    readyTimeoutMs: options.readyTimeoutMs,
  }).catch((error: unknown) => {
    // A Redis log line loses its prefix; any other error (no redis-server) stays as it is.
    if (error instanceof ServerStartError) {
      const detail = stripRedisLogPrefix(error.detail);
      if (detail !== error.detail)
        throw new ServerStartError(server, address, detail, { cause: error });
    }
    throw error;
  });

  let described;
  try {
    described = await describe(host, port, undefined, server);
  } catch (error) {
    await child.stop();
    throw error instanceof ServerDownError
      ? new ServerStartError(server, address, error.detail ?? error.message, { cause: error })
      : error;
  }
  // Another Redis on this port would answer PING too; only our own process id proves it is ours.
  if (described.processId !== child.pid) {
    await child.stop();
    throw new ServerStartError(
      server,
      address,
      `the port is taken by another Redis (pid ${described.processId})`,
    );
  }
  return {
    url: `redis://${address}`,
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
