// redis-plain: the lock without a token. SET NX PX with a random value, then release.lua with
// that value: the compare-and-delete works the same with a random value as with a token.
import { randomBytes, randomFillSync } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { OpSink, Worker } from '../driver';
import { redisBenchmarkCeiling, PLAIN_VALUE_HEX_CHARS } from '../ceilings/redisBenchmark';
import { REPLY_OK, type RespConnection, encodeCommand } from '../respClient';
import { AsyncWorker, openIoredisClients } from './librarySupport';
import { BENCH_TTL_MS, endPairOnRelease, loadScripts, openRedisConnections } from './redisSupport';
import { closeAll, sessionPerConnection } from './session';
import { loadLockSources, scriptSha1 } from '../../lockSources';
import type { BenchCase } from './types';

const HEX = Buffer.from('0123456789abcdef');

class PlainWorker implements Worker {
  private readonly acquire: Buffer;
  private readonly release: Buffer;
  private readonly acquireValueAt: number;
  private readonly releaseValueAt: number;
  private readonly random = Buffer.alloc(PLAIN_VALUE_HEX_CHARS / 2);

  constructor(
    private readonly index: number,
    private readonly connection: RespConnection,
    private readonly sink: OpSink,
    releaseSha: string,
  ) {
    const key = `lock:{bench-plain-${index}}`;
    const placeholder = 'v'.repeat(PLAIN_VALUE_HEX_CHARS);
    this.acquire = encodeCommand(['SET', key, placeholder, 'NX', 'PX', BENCH_TTL_MS]);
    this.release = encodeCommand(['EVALSHA', releaseSha, 1, key, placeholder]);
    this.acquireValueAt = this.acquire.indexOf(placeholder);
    this.releaseValueAt = this.release.indexOf(placeholder);
  }

  start(): void {
    // A fresh random value per acquisition, written into both commands in place.
    randomFillSync(this.random);
    for (let i = 0; i < this.random.length; i++) {
      const byte = this.random[i] as number;
      const hi = HEX[byte >> 4] as number;
      const lo = HEX[byte & 15] as number;
      this.acquire[this.acquireValueAt + 2 * i] = hi;
      this.acquire[this.acquireValueAt + 2 * i + 1] = lo;
      this.release[this.releaseValueAt + 2 * i] = hi;
      this.release[this.releaseValueAt + 2 * i + 1] = lo;
    }
    this.connection.send(this.acquire, this.acquired);
  }

  private readonly acquired = (): void => {
    const c = this.connection;
    if (c.kind !== REPLY_OK) {
      this.sink.fail(new Error(`SET NX PX did not take the lock (${c.errorText || 'nil'})`));
      return;
    }
    c.send(this.release, this.released);
  };

  private readonly released = (): void => endPairOnRelease(this.connection, this.sink, this.index);
}

/** The same pair through ioredis: SET with a fresh random value, then EVALSHA release.lua. */
class IoredisPlainWorker extends AsyncWorker {
  private readonly key: string;

  constructor(
    index: number,
    private readonly redis: Redis,
    sink: OpSink,
    toError: (error: unknown) => Error,
    private readonly releaseSha: string,
  ) {
    super(index, sink, toError);
    this.key = `lock:{bench-plain-${index}}`;
  }

  protected async unit(): Promise<boolean> {
    const value = randomBytes(PLAIN_VALUE_HEX_CHARS / 2).toString('hex');
    const set = await this.redis.set(this.key, value, 'PX', BENCH_TTL_MS, 'NX');
    if (set !== 'OK') throw new Error(`SET NX PX did not take the lock (${String(set)})`);
    const deleted = await this.redis.evalsha(this.releaseSha, 1, this.key, value);
    if (deleted !== 1) throw new Error(`release.lua deleted nothing (${String(deleted)})`);
    return true;
  }
}

export const redisPlainCase: BenchCase = {
  name: 'redis-plain',
  server: 'redis',
  kind: 'pairs',
  summary: 'SET NX PX with a random value + release.lua (compare and delete)',
  async open({ clients, servers }, sink) {
    const connections = await openRedisConnections(servers.redis, clients, (e) => sink.fail(e));
    const { releaseSha } = await loadScripts(connections[0] as RespConnection);
    return sessionPerConnection(
      connections,
      (connection, i) => new PlainWorker(i, connection, sink, releaseSha),
      () => closeAll(connections),
    );
  },
  ceiling: ({ clients, servers }) =>
    redisBenchmarkCeiling({ redis: servers.redis, clients, mode: 'plain' }),
  library: {
    client: 'ioredis',
    async open({ clients, servers }, sink) {
      const { release } = loadLockSources();
      const redis = await openIoredisClients(servers.redis, clients, sink, [release]);
      return sessionPerConnection(
        redis.clients,
        (client, i) => new IoredisPlainWorker(i, client, sink, redis.toError, scriptSha1(release)),
        () => redis.close(),
      );
    },
  },
};
