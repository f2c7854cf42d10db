// The Redis ceiling: redis-benchmark running the same commands with the same number of clients,
// one request in flight per client (no -P), one thread, like the Node side.
//
// redis-benchmark repeats one command and cannot feed a reply into the next, so a pair is
// measured as its two halves: N acquires on fresh random keys (-r), then N releases on keys
// filled beforehand with the value the release compares, so each release finds a held lock
// and deletes it. N pairs then take the time of both runs: pairs/s = N / (tAcquire + tRelease).
//
// A ratio above 1 is real here, not a bug: strace on this machine showed redis-benchmark making
// 5 epoll_ctl calls per request (100,062 for 20,000), while Node makes one write and one read,
// and on 2 cores the client's CPU competes with the server's.
import { loadLockSources, scriptSha1 } from '../../lockSources';
import type { RedisServer } from '../../servers';
import { REPLY_ERROR, REPLY_INT, RespConnection, encodeCommand } from '../respClient';
import { parseRedisBenchmarkCsv } from './parseRedisBenchmark';
import { runTool } from './run';
import type { Ceiling, CeilingSlice } from './types';

export type RedisCeilingMode = 'token' | 'plain' | 'hot';

export const PLAIN_VALUE_HEX_CHARS = 32;
// Keys the releases pick from: about 20 times more than the case will release, so nearly every
// pick is a key that still holds a lock (the share that did is measured and reported), and at
// most a million, filled in a second or two.
const RELEASE_KEYS_PER_RELEASE = 20;
const MAX_RELEASE_KEYSPACE = 1_000_000;
const MIN_RELEASE_KEYSPACE = 10_000;
// Acquires pick fresh keys from a space so large that repeats (a busy lock) are rare.
const ACQUIRE_KEYSPACE = 100_000_000;
const TOKEN_VALUE = '1';
// A slice lasts about a second; redis-benchmark spins forever on a server that died mid-run.
const TOOL_TIMEOUT_MS = 30_000;
// A fixed stand-in for the random value: redis-benchmark sends the same bytes every time.
const PLAIN_VALUE = 'c0ffee'.repeat(6).slice(0, PLAIN_VALUE_HEX_CHARS);

const FILL_SCRIPT = `
local prefix, value, first, last = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
for i = first, last do
  redis.call('SET', string.format('%s%012d}', prefix, i), value)
end
return last - first + 1`;

const COUNT_SCRIPT = `return #redis.call('KEYS', ARGV[1])`;

// Removes the benchmark's keys from a server the lab did not start (REDIS_URL).
const CLEAN_SCRIPT = `
local removed = 0
for _, pattern in ipairs(ARGV) do
  local keys = redis.call('KEYS', pattern)
  for i = 1, #keys, 5000 do
    removed = removed + redis.call('UNLINK', unpack(keys, i, math.min(i + 4999, #keys)))
  end
end
return removed`;

export function redisBenchmarkCeiling(options: {
  redis: RedisServer | undefined;
  clients: number;
  mode: RedisCeilingMode;
}): Ceiling {
  const { redis, clients, mode } = options;
  if (!redis) throw new Error('The Redis ceiling needs a Redis server');
  const { acquire, release } = loadLockSources();
  const acquireSha = scriptSha1(acquire);
  const releaseSha = scriptSha1(release);
  const value = mode === 'plain' ? PLAIN_VALUE : TOKEN_VALUE;
  const url = new URL(redis.url);
  const auth = url.password ? ['-a', decodeURIComponent(url.password), '--no-auth-warning'] : [];
  if (url.username) auth.push('--user', decodeURIComponent(url.username));
  const base = ['-h', redis.host, '-p', String(redis.port), '-c', String(clients), ...auth];

  const acquireCommand =
    mode === 'plain'
      ? ['SET', 'lock:a:{__rand_int__}', PLAIN_VALUE, 'NX', 'PX', '10000']
      : mode === 'token'
        ? // One counter, as each Node client has one: INCR on a key that exists, not a new key.
          ['EVALSHA', acquireSha, '2', 'lock:a:{__rand_int__}', 'fence:{bench-ceiling}', '10000']
        : [
            'EVALSHA',
            acquireSha,
            '2',
            'lock:{bench-hot-ceiling}',
            'fence:{bench-hot-ceiling}',
            '10000',
          ];
  const releaseCommand = ['EVALSHA', releaseSha, '1', 'lock:r:{__rand_int__}', value];

  let releases = 0;
  let releaseKeyspace = MIN_RELEASE_KEYSPACE;

  async function bench(
    requests: number,
    command: string[],
    keyspace: number | undefined,
    signal: AbortSignal | undefined,
  ) {
    const args = [...base, '-n', String(requests), '--csv'];
    if (keyspace) args.push('-r', String(keyspace));
    const { stdout } = await runTool('redis-benchmark', [...args, ...command], {
      signal,
      timeoutMs: TOOL_TIMEOUT_MS,
    });
    return parseRedisBenchmarkCsv(stdout);
  }

  async function withConnection<T>(work: (c: RespConnection) => Promise<T>): Promise<T> {
    const connection = await RespConnection.connect(redis!.host, redis!.port, () => {});
    try {
      if (url.password) {
        await connection.request(encodeCommand(['AUTH', decodeURIComponent(url.password)]));
      }
      return await work(connection);
    } finally {
      connection.close();
    }
  }

  return {
    tool: 'redis-benchmark',
    // -n counts requests across all clients, so every client stays busy to the end: half a
    // second measured the same rate as runs of several seconds.
    minSliceSeconds: 0.5,
    describe() {
      const head = `redis-benchmark -c ${clients}, one thread, no pipelining`;
      if (mode === 'hot') {
        return `${head}: EVALSHA acquire.lua on one lock name held by its first caller, so each try finds it busy; tries/s`;
      }
      const first =
        mode === 'plain'
          ? 'SET NX PX on random keys (-r)'
          : 'EVALSHA acquire.lua on random keys (-r)';
      return `${head}: N × ${first}, then N × EVALSHA release.lua on pre-filled keys holding the compared value; pairs/s = N / (t_acquire + t_release); its acquired keys expire after 10 s instead of being released`;
    },
    async prepare(expectedOps: number) {
      releaseKeyspace = Math.round(
        Math.min(
          MAX_RELEASE_KEYSPACE,
          Math.max(MIN_RELEASE_KEYSPACE, expectedOps * RELEASE_KEYS_PER_RELEASE),
        ),
      );
      await withConnection(async (c) => {
        for (const source of [acquire, release]) {
          await c.request(encodeCommand(['SCRIPT', 'LOAD', source]));
          if (c.kind === REPLY_ERROR) throw new Error(`SCRIPT LOAD: ${c.errorText}`);
        }
        if (mode === 'hot') return;
        // Start from exactly the keys filled here: an earlier case may have left others.
        await c.request(encodeCommand(['EVAL', CLEAN_SCRIPT, 0, 'lock:r:{*']));
        const chunk = 100_000;
        for (let first = 0; first < releaseKeyspace; first += chunk) {
          const last = Math.min(releaseKeyspace, first + chunk) - 1;
          await c.request(encodeCommand(['EVAL', FILL_SCRIPT, 0, 'lock:r:{', value, first, last]));
          if (c.kind === REPLY_ERROR) throw new Error(`filling release keys: ${c.errorText}`);
        }
      });
    },
    async runSlice(ops: number, _seconds: number, signal?: AbortSignal): Promise<CeilingSlice> {
      const n = Math.max(500, Math.round(ops));
      if (mode === 'hot') {
        const tries = await bench(n, acquireCommand, undefined, signal);
        return { ops: n, seconds: n / tries.requestsPerSecond, perSecond: tries.requestsPerSecond };
      }
      const acquired = await bench(n, acquireCommand, ACQUIRE_KEYSPACE, signal);
      const released = await bench(n, releaseCommand, releaseKeyspace, signal);
      releases += n;
      const seconds = n / acquired.requestsPerSecond + n / released.requestsPerSecond;
      return { ops: n, seconds, perSecond: n / seconds };
    },
    async finish() {
      if (mode === 'hot' || releases === 0) return undefined;
      const remaining = await withConnection(async (c) => {
        await c.request(encodeCommand(['EVAL', COUNT_SCRIPT, 0, 'lock:r:{*']));
        const count = c.kind === REPLY_INT ? c.int : -1;
        if (redis.external) {
          await c.request(
            encodeCommand(['EVAL', CLEAN_SCRIPT, 0, 'lock:r:{*', 'lock:a:{*', 'fence:{bench-*']),
          );
        }
        return count;
      });
      if (remaining < 0) return undefined;
      const deleted = releaseKeyspace - remaining;
      return `${Math.round((100 * deleted) / releases)}% of redis-benchmark's ${releases} releases found a held lock and deleted it`;
    },
  };
}
