import { describe, expect, it } from 'vitest';
import { ServerStartError, ServersFailedError } from './errors';
import { startAll } from './startAll';

const after = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => (fail ? reject(value) : resolve(value)), ms),
  );

describe('startAll', () => {
  it('gives every start’s result, in order', async () => {
    expect(await startAll([after(20, 'redis'), after(5, 42), undefined])).toEqual([
      'redis',
      42,
      undefined,
    ]);
  });

  it('reports a lone failure as it was thrown, only once every start has settled', async () => {
    let slowDone = false;
    const slow = after(80, 'postgres').then((v) => {
      slowDone = true;
      return v;
    });
    const error = await startAll([after(5, new Error('redis failed'), true), slow]).catch(
      (e: unknown) => e,
    );
    expect(error).toEqual(new Error('redis failed'));
    // Acted on at once, the caller would have stopped servers while this one was being made.
    expect(slowDone).toBe(true);
  });

  it('names every server that failed, one to a line, not just the first', async () => {
    const redis = new ServerStartError('Redis', '127.0.0.1:6379', 'redis-server is not installed');
    const etcd = new ServerStartError('etcd', '127.0.0.1:2379', 'etcd is not installed');
    const error = await startAll([
      after(5, redis, true),
      after(5, 'postgres'),
      after(20, etcd, true),
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServersFailedError);
    expect((error as ServersFailedError).errors).toEqual([redis, etcd]);
    expect((error as Error).message).toBe(
      '2 servers failed:\n' +
        '  Redis could not start at 127.0.0.1:6379: redis-server is not installed\n' +
        '  etcd could not start at 127.0.0.1:2379: etcd is not installed',
    );
  });

  it('says a failure shared by two starts once', async () => {
    const missing = () => new ServerStartError('Redis', '127.0.0.1:6379', 'not installed');
    const error = await startAll([after(5, missing(), true), after(10, missing(), true)]).catch(
      (e: unknown) => e,
    );
    expect(error).toEqual(missing());
  });
});
