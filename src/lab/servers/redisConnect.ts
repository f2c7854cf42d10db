// An ioredis connection that fails fast and says which server is down, instead of retrying
// forever in the background (ioredis's default) while the lab waits.
import { Redis, type RedisOptions } from 'ioredis';
import { BadServerUrlError, ServerDownError } from './errors';

export interface RedisAddress {
  host: string;
  port: number;
}

/** host and port of a redis:// URL (default port 6379); `source` names where it came from. */
export function parseRedisUrl(url: string, source = 'the Redis URL'): RedisAddress {
  const parsed = URL.parse(url);
  if (parsed === null || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')) {
    throw new BadServerUrlError(source, url, 'a Redis URL (redis://host:port)');
  }
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 6379) };
}

/**
 * Connect, or throw ServerDownError naming the server. `url` wins over host/port when given,
 * so credentials and a database number in REDIS_URL are kept.
 */
export async function connectRedis(
  target: RedisAddress & { url?: string },
  options: { server?: string; connectTimeoutMs?: number; extra?: RedisOptions } = {},
): Promise<Redis> {
  const server = options.server ?? 'Redis';
  const base: RedisOptions = {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? 2_000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    ...options.extra,
  };
  const client = target.url
    ? new Redis(target.url, base)
    : new Redis({ ...base, host: target.host, port: target.port });
  // Without a listener, a connection error would surface as an unhandled 'error' event. The
  // first one (ECONNREFUSED, ETIMEDOUT) says more than the "Connection is closed" that follows.
  let firstError: Error | undefined;
  client.on('error', (error: Error) => {
    firstError ??= error;
  });
  // connectTimeout covers the TCP connect only: something that accepts and then says nothing (a
  // tunnel with no Redis behind it, a stopped process) would leave the ready check and PING
  // waiting for ever. The whole handshake gets the same limit.
  const limitMs = options.connectTimeoutMs ?? 2_000;
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer to the handshake and PING within ${limitMs} ms`)),
      limitMs,
    );
  });
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.ping();
      })(),
      silent,
    ]);
    return client;
  } catch (error) {
    client.disconnect();
    throw new ServerDownError(
      server,
      `${target.host}:${target.port}`,
      firstError?.message ?? (error instanceof Error ? error.message : String(error)),
      { cause: firstError ?? error },
    );
  } finally {
    clearTimeout(timer);
  }
}
