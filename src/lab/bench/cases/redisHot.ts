// redis-hot: every client tries the same lock name with acquire.lua. Most tries find it busy;
// a winner releases at once with release.lua, and the figures are tries and wins a second.
import type { OpSink, Worker } from '../driver';
import { openIoredisScriptSession } from './librarySupport';
import { redisBenchmarkCeiling } from '../ceilings/redisBenchmark';
import { REPLY_INT, REPLY_NIL, type RespConnection } from '../respClient';
import {
  ReleaseCommand,
  encodeAcquire,
  endPairOnRelease,
  loadScripts,
  openRedisConnections,
} from './redisSupport';
import { closeAll, sessionPerConnection } from './session';
import type { BenchCase } from './types';

export const HOT_LOCK_NAME = 'bench-hot';

class HotWorker implements Worker {
  private readonly release: ReleaseCommand;

  constructor(
    private readonly index: number,
    private readonly connection: RespConnection,
    private readonly sink: OpSink,
    private readonly acquire: Buffer,
    releaseSha: string,
  ) {
    this.release = new ReleaseCommand(releaseSha, `lock:{${HOT_LOCK_NAME}}`);
  }

  start(): void {
    this.connection.send(this.acquire, this.tried);
  }

  private readonly tried = (): void => {
    const c = this.connection;
    if (c.kind === REPLY_NIL) {
      this.sink.done(this.index, false);
    } else if (c.kind === REPLY_INT) {
      c.send(this.release.forToken(c.int), this.released);
    } else {
      this.sink.fail(new Error(`acquire.lua failed: ${c.errorText}`));
    }
  };

  private readonly released = (): void => endPairOnRelease(this.connection, this.sink, this.index);
}

export const redisHotCase: BenchCase = {
  name: 'redis-hot',
  server: 'redis',
  kind: 'tries',
  summary: 'every client tries one lock with acquire.lua; a winner releases with release.lua',
  async open({ clients, servers }, sink) {
    const connections = await openRedisConnections(servers.redis, clients, (e) => sink.fail(e));
    const { acquireSha, releaseSha } = await loadScripts(connections[0] as RespConnection);
    const acquire = encodeAcquire(acquireSha, HOT_LOCK_NAME);
    return sessionPerConnection(
      connections,
      (connection, i) => new HotWorker(i, connection, sink, acquire, releaseSha),
      () => closeAll(connections),
    );
  },
  ceiling: ({ clients, servers }) =>
    redisBenchmarkCeiling({ redis: servers.redis, clients, mode: 'hot' }),
  library: {
    client: 'ioredis',
    open: ({ clients, servers }, sink) =>
      openIoredisScriptSession(servers.redis, clients, sink, () => HOT_LOCK_NAME, 'lost-try'),
  },
};
