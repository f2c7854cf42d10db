import { describe, expect, it } from 'vitest';
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

  it('reports the first failure only once every start has settled', async () => {
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
});
