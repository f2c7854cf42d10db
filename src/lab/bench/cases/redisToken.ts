// redis-token: acquire.lua then release.lua from src/locks, each through EVALSHA. Each client
// locks its own name, so every acquire wins and every release deletes: the pair's full cost.
import type { OpSink, Worker } from '../driver';
import { openIoredisScriptSession } from './librarySupport';
import { redisBenchmarkCeiling } from '../ceilings/redisBenchmark';
import { REPLY_INT, type RespConnection } from '../respClient';
import {
  ReleaseCommand,
  encodeAcquire,
  endPairOnRelease,
  loadScripts,
  openRedisConnections,
} from './redisSupport';
import { closeAll, sessionPerConnection } from './session';
import type { BenchCase } from './types';

class TokenWorker implements Worker {
  private readonly acquire: Buffer;
  private readonly release: ReleaseCommand;

  constructor(
    private readonly index: number,
    private readonly connection: RespConnection,
    private readonly sink: OpSink,
    acquireSha: string,
    releaseSha: string,
  ) {
    const name = `bench-token-${index}`;
    this.acquire = encodeAcquire(acquireSha, name);
    this.release = new ReleaseCommand(releaseSha, `lock:{${name}}`);
  }

  start(): void {
    this.connection.send(this.acquire, this.acquired);
  }

  private readonly acquired = (): void => {
    const c = this.connection;
    if (c.kind !== REPLY_INT) {
      this.sink.fail(new Error(`acquire.lua gave no token (${c.errorText || 'nil: lock busy'})`));
      return;
    }
    c.send(this.release.forToken(c.int), this.released);
  };

  private readonly released = (): void => endPairOnRelease(this.connection, this.sink, this.index);
}

export const redisTokenCase: BenchCase = {
  name: 'redis-token',
  server: 'redis',
  kind: 'pairs',
  summary: 'acquire.lua + release.lua (EVALSHA), one lock name per client',
  async open({ clients, servers }, sink) {
    const connections = await openRedisConnections(servers.redis, clients, (e) => sink.fail(e));
    const { acquireSha, releaseSha } = await loadScripts(connections[0] as RespConnection);
    return sessionPerConnection(
      connections,
      (connection, i) => new TokenWorker(i, connection, sink, acquireSha, releaseSha),
      () => closeAll(connections),
    );
  },
  ceiling: ({ clients, servers }) =>
    redisBenchmarkCeiling({ redis: servers.redis, clients, mode: 'token' }),
  library: {
    client: 'ioredis',
    open: ({ clients, servers }, sink) =>
      openIoredisScriptSession(servers.redis, clients, sink, (i) => `bench-token-${i}`, 'error'),
  },
};
