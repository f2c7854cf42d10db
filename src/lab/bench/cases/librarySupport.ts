// The same work through the lab's library clients, ioredis and node-postgres (pg), as a reader
// would write it: one client per benchmark client, `await` on each call, EVALSHA with the
// scripts of src/locks, named prepared statements. No pipelining, no auto-pipelining, the
// offline queue as it comes. The only setting changed: no reconnecting, so a server that dies
// fails the case at once instead of after minutes of retries. What this measures is what a
// user of those libraries gets on this machine, beside the lean client's figure.
import { createRequire } from 'node:module';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ServerDownError, type PostgresServer, type RedisServer } from '../../servers';
import type { OpSink, Worker } from '../driver';
import { loadLockSources, scriptSha1 } from '../../lockSources';
import { BENCH_TTL_MS } from './redisSupport';
import { sessionPerConnection } from './session';
import type { CaseSession } from './types';

export type LibraryName = 'ioredis' | 'pg';

const require = createRequire(import.meta.url);

/** "ioredis 5.11.1", "pg 8.23.1": the installed version, read from its package.json. */
export function libraryLabel(name: LibraryName): string {
  try {
    const { version } = require(`${name}/package.json`) as { version: string };
    return `${name} ${version}`;
  } catch {
    return name;
  }
}

const CONNECTION_LOST = /connection (is )?(closed|terminated)|ECONNRESET|ECONNREFUSED|EPIPE/i;

/**
 * One line naming the library and what failed; a lost connection becomes the same
 * ServerDownError the lean clients raise, so the case's error names the server either way.
 */
export function libraryError(
  library: LibraryName,
  server: 'Redis' | 'Postgres',
  address: string,
  error: unknown,
): Error {
  const message = error instanceof Error ? error.message : String(error);
  return CONNECTION_LOST.test(message)
    ? new ServerDownError(server, address, `${library}: ${message}`, { cause: error })
    : new Error(`${library}: ${message}`, { cause: error });
}

/**
 * A worker whose unit of work is an async function, as a library user writes it: `pair()`
 * resolves with whether the unit won (false only for a busy try), or throws.
 */
export abstract class AsyncWorker implements Worker {
  constructor(
    protected readonly index: number,
    private readonly sink: OpSink,
    private readonly toError: (error: unknown) => Error,
  ) {}

  protected abstract unit(): Promise<boolean>;

  start(): void {
    this.unit().then(this.finished, this.failed);
  }

  private readonly finished = (won: boolean): void => this.sink.done(this.index, won);
  private readonly failed = (error: unknown): void => this.sink.fail(this.toError(error));
}

export interface LibraryClients<T> {
  clients: T[];
  address: string;
  toError(error: unknown): Error;
  close(): Promise<void>;
}

/** `count` ioredis clients, connected, with the scripts loaded once (EVALSHA needs them). */
export async function openIoredisClients(
  server: RedisServer | undefined,
  count: number,
  sink: OpSink,
  scripts: readonly string[],
): Promise<LibraryClients<Redis>> {
  if (!server) throw new Error('This case needs a Redis server');
  const address = `${server.host}:${server.port}`;
  const toError = (error: unknown) => libraryError('ioredis', 'Redis', address, error);
  const clients: Redis[] = [];
  let closing = false;
  try {
    for (let i = 0; i < count; i++) {
      const redis = new Redis(server.url, { lazyConnect: true, retryStrategy: () => null });
      clients.push(redis);
      // Without a listener, ioredis reports a lost connection as an unhandled 'error' event.
      redis.on('error', () => {});
      redis.on('close', () => {
        if (!closing) sink.fail(toError(new Error('the connection closed')));
      });
      await redis.connect().catch((error: unknown) => {
        throw new ServerDownError('Redis', address, `ioredis: ${String(error)}`, { cause: error });
      });
    }
    for (const source of scripts) await clients[0]!.script('LOAD', source);
  } catch (error) {
    closing = true;
    for (const redis of clients) redis.disconnect();
    throw error;
  }
  return {
    clients,
    address,
    toError,
    async close() {
      closing = true;
      await Promise.allSettled(clients.map((redis) => redis.quit()));
      for (const redis of clients) redis.disconnect();
    },
  };
}

/** `count` pg.Client connections; statements are prepared by name on first use, as pg does. */
export async function openPgClients(
  server: PostgresServer | undefined,
  count: number,
  sink: OpSink,
): Promise<LibraryClients<pg.Client>> {
  if (!server) throw new Error('This case needs a Postgres server');
  const address = `${server.host}:${server.port}`;
  const toError = (error: unknown) => libraryError('pg', 'Postgres', address, error);
  const clients: pg.Client[] = [];
  let closing = false;
  try {
    for (let i = 0; i < count; i++) {
      const client = new pg.Client({ connectionString: server.url });
      clients.push(client);
      client.on('error', () => {});
      client.on('end', () => {
        if (!closing) sink.fail(toError(new Error('Connection terminated unexpectedly')));
      });
      await client.connect().catch((error: unknown) => {
        throw new ServerDownError('Postgres', address, `pg: ${String(error)}`, { cause: error });
      });
    }
  } catch (error) {
    closing = true;
    await Promise.allSettled(clients.map((client) => client.end()));
    throw error;
  }
  return {
    clients,
    address,
    toError,
    async close() {
      closing = true;
      await Promise.allSettled(clients.map((client) => client.end()));
    },
  };
}

/**
 * acquire.lua then release.lua through ioredis, on one lock name, awaited one after the other.
 * On the hot lock a busy reply is a try that lost; on a lock of the client's own it is an error.
 */
class IoredisScriptWorker extends AsyncWorker {
  private readonly lockKey: string;
  private readonly fenceKey: string;

  constructor(
    index: number,
    sink: OpSink,
    toError: (error: unknown) => Error,
    private readonly redis: Redis,
    private readonly shas: { acquire: string; release: string },
    lockName: string,
    private readonly busyIsLoss: boolean,
  ) {
    super(index, sink, toError);
    this.lockKey = `lock:{${lockName}}`;
    this.fenceKey = `fence:{${lockName}}`;
  }

  protected async unit(): Promise<boolean> {
    const { redis, lockKey } = this;
    const token = await redis.evalsha(this.shas.acquire, 2, lockKey, this.fenceKey, BENCH_TTL_MS);
    if (token === null) {
      if (this.busyIsLoss) return false;
      throw new Error('acquire.lua gave no token (nil: lock busy)');
    }
    if (typeof token !== 'number') throw new Error(`acquire.lua replied ${String(token)}`);
    const deleted = await redis.evalsha(this.shas.release, 1, lockKey, token);
    if (deleted !== 1) throw new Error(`release.lua deleted nothing (${String(deleted)})`);
    return true;
  }
}

/**
 * The library side of the Redis cases that run acquire.lua and release.lua: one ioredis client
 * per benchmark client with both scripts loaded, and a worker on each, on the lock `lockName`
 * gives it. `busy` says what a busy lock is: a lost try (the hot lock) or an error.
 */
export async function openIoredisScriptSession(
  server: RedisServer | undefined,
  count: number,
  sink: OpSink,
  lockName: (index: number) => string,
  busy: 'lost-try' | 'error',
): Promise<CaseSession> {
  const { acquire, release } = loadLockSources();
  const redis = await openIoredisClients(server, count, sink, [acquire, release]);
  const shas = { acquire: scriptSha1(acquire), release: scriptSha1(release) };
  return sessionPerConnection(
    redis.clients,
    (client, index) =>
      new IoredisScriptWorker(
        index,
        sink,
        redis.toError,
        client,
        shas,
        lockName(index),
        busy === 'lost-try',
      ),
    () => redis.close(),
  );
}
