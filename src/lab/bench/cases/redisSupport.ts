// Shared by the Redis cases: one raw connection per client, and the lock scripts loaded once
// so every call is an EVALSHA, as it is for redis-benchmark.
import { loadLockSources, scriptSha1 } from '../../lockSources';
import type { RedisServer } from '../../servers';
import type { OpSink } from '../driver';
import { REPLY_ERROR, REPLY_INT, RespConnection, encodeCommand, writeDigits } from '../respClient';

export const BENCH_TTL_MS = 10_000;

export interface RedisScripts {
  acquireSha: string;
  releaseSha: string;
}

function requireRedis(redis: RedisServer | undefined): RedisServer {
  if (!redis) throw new Error('This case needs a Redis server');
  return redis;
}

/** Open `count` connections (authenticating if the URL has a password). */
export async function openRedisConnections(
  server: RedisServer | undefined,
  count: number,
  onFatal: (error: Error) => void,
): Promise<RespConnection[]> {
  const redis = requireRedis(server);
  const url = new URL(redis.url);
  const password = decodeURIComponent(url.password);
  const username = decodeURIComponent(url.username);
  const connections: RespConnection[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const connection = await RespConnection.connect(redis.host, redis.port, onFatal);
      connections.push(connection);
      if (password) {
        await connection.request(
          encodeCommand(username ? ['AUTH', username, password] : ['AUTH', password]),
        );
        if (connection.kind === REPLY_ERROR) throw new Error(`Redis AUTH: ${connection.errorText}`);
      }
    }
  } catch (error) {
    for (const connection of connections) connection.close();
    throw error;
  }
  return connections;
}

/** SCRIPT LOAD acquire.lua and release.lua from src/locks; returns their SHA1s. */
export async function loadScripts(connection: RespConnection): Promise<RedisScripts> {
  const { acquire, release } = loadLockSources();
  for (const source of [acquire, release]) {
    await connection.request(encodeCommand(['SCRIPT', 'LOAD', source]));
    if (connection.kind === REPLY_ERROR) throw new Error(`SCRIPT LOAD: ${connection.errorText}`);
  }
  return { acquireSha: scriptSha1(acquire), releaseSha: scriptSha1(release) };
}

/** EVALSHA acquire.lua on lock:{name} and fence:{name}: the hash tag keeps both in one slot. */
export function encodeAcquire(acquireSha: string, name: string): Buffer {
  return encodeCommand([
    'EVALSHA',
    acquireSha,
    2,
    `lock:{${name}}`,
    `fence:{${name}}`,
    BENCH_TTL_MS,
  ]);
}

/**
 * A release command whose last argument (the token) is written per call into a buffer made
 * once: EVALSHA <release> 1 <lockKey> <token>.
 */
export class ReleaseCommand {
  private readonly buffer: Buffer;
  private readonly prefixLength: number;

  constructor(releaseSha: string, lockKey: string) {
    // Encode with a placeholder last argument, then cut it off: the prefix never changes.
    const withPlaceholder = encodeCommand(['EVALSHA', releaseSha, 1, lockKey, 'x']);
    this.prefixLength = withPlaceholder.length - '$1\r\nx\r\n'.length;
    this.buffer = Buffer.alloc(this.prefixLength + 64);
    withPlaceholder.copy(this.buffer, 0, 0, this.prefixLength);
  }

  /** The command for this token (a view on the shared buffer; valid until the next call). */
  forToken(token: number): Buffer {
    const b = this.buffer;
    let digits = 1;
    for (let rest = token; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    let o = this.prefixLength;
    b[o++] = 36; // '$'
    o = writeDigits(b, o, digits);
    b[o++] = 13;
    b[o++] = 10;
    o = writeDigits(b, o, token);
    b[o++] = 13;
    b[o++] = 10;
    return b.subarray(0, o);
  }
}

/**
 * Ends a pair on release.lua's reply. Only 1 is right: the client has just taken the lock, whose
 * TTL is far longer than a pair, so a release that deletes nothing means the case is broken.
 */
export function endPairOnRelease(connection: RespConnection, sink: OpSink, index: number): void {
  if (connection.kind !== REPLY_INT || connection.int !== 1) {
    sink.fail(new Error(`release.lua deleted nothing (${connection.errorText || connection.int})`));
    return;
  }
  sink.done(index, true);
}
