// The Redis lock scripts against a real redis-server: each test tries to make a script do
// something it must not (free another client's lock, reset a TTL it does not own, repeat a
// token) and checks the server's state afterwards, not just the reply.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectRedis, parseRedisUrl } from '../servers';
import { lockScripts } from '../test/redisScripts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let redis: Redis;
const uniqueName = () => `adv-${randomUUID()}`;

beforeAll(async () => {
  const url = inject('redisUrl');
  redis = await connectRedis({ ...parseRedisUrl(url), url });
});

afterAll(() => {
  redis?.disconnect();
});

describe('acquire.lua', () => {
  it('stores the token as the lock value with the TTL', async () => {
    const lock = lockScripts(redis, uniqueName());
    const token = await lock.acquire(10_000);
    expect(token).toBe(1);
    expect(await redis.get(lock.lockKey)).toBe('1');
    const pttlMs = await redis.pttl(lock.lockKey);
    expect(pttlMs).toBeGreaterThan(9_000);
    expect(pttlMs).toBeLessThanOrEqual(10_000);
  });

  it('returns nil on a held lock and leaves its value, TTL and the counter alone', async () => {
    const lock = lockScripts(redis, uniqueName());
    const token = await lock.acquire(5_000);
    await sleep(60);
    const pttlBeforeMs = await redis.pttl(lock.lockKey);
    // A longer TTL from the second caller would show up as a larger PTTL if it were applied.
    expect(await lock.acquire(60_000)).toBeNull();
    expect(await lock.acquire(60_000)).toBeNull();
    const pttlAfterMs = await redis.pttl(lock.lockKey);
    expect(pttlAfterMs).toBeLessThanOrEqual(pttlBeforeMs);
    expect(pttlAfterMs).toBeLessThan(5_000);
    expect(await redis.get(lock.lockKey)).toBe(String(token));
    // A busy acquire must not burn a token: the next holder's token is exactly one higher.
    expect(await redis.get(lock.fenceKey)).toBe(String(token));
  });

  it('gives strictly increasing tokens over 1,000 acquires', async () => {
    const lock = lockScripts(redis, uniqueName());
    const tokens: number[] = [];
    for (let i = 0; i < 1_000; i++) {
      const token = await lock.acquire(10_000);
      expect(token).not.toBeNull();
      tokens.push(token as number);
      expect(await lock.release(token as number)).toBe(1);
    }
    for (let i = 1; i < tokens.length; i++) {
      expect(tokens[i]).toBeGreaterThan(tokens[i - 1] as number);
    }
    expect(tokens[0]).toBe(1);
    expect(tokens.at(-1)).toBe(1_000);
  });

  it('gives every winner a distinct, higher token when 20 clients race for one lock', async () => {
    const lock = lockScripts(redis, uniqueName());
    const tokens: number[] = [];
    let lastToken = 0;
    // Each round, every client tries at once; exactly one may win.
    for (let round = 0; round < 50; round++) {
      const replies = await Promise.all(Array.from({ length: 20 }, () => lock.acquire(10_000)));
      const winners = replies.filter((reply): reply is number => reply !== null);
      expect(winners).toHaveLength(1);
      const token = winners[0] as number;
      expect(token).toBeGreaterThan(lastToken);
      lastToken = token;
      tokens.push(token);
      await lock.release(token);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });
  it('refuses a TTL under 1 ms before it spends a token', async () => {
    const lock = lockScripts(redis, uniqueName());
    expect(await lock.acquire(1_000)).toBe(1);
    await redis.del(lock.lockKey);
    // Without the check, SET PX 0 failed after INCR had run: a token gone and no lock set.
    for (const ttlMs of [0, -5, 1.5]) {
      await expect(lock.acquire(ttlMs), String(ttlMs)).rejects.toThrow(
        /TTL must be a whole number/,
      );
    }
    expect(await redis.get(lock.fenceKey)).toBe('1');
    expect(await redis.exists(lock.lockKey)).toBe(0);
  });

  it('hands out 2^53 - 1 as the last token, then refuses rather than repeat one', async () => {
    const lock = lockScripts(redis, uniqueName());
    await redis.set(lock.fenceKey, String(Number.MAX_SAFE_INTEGER - 1));
    const last = await lock.acquire(10_000);
    expect(last).toBe(Number.MAX_SAFE_INTEGER);
    expect(await lock.release(last as number)).toBe(1);
    // Without the check, INCR made 2^53 + 1 and Lua read it as 2^53: the same token twice
    // in a row once the counter had passed 2^53.
    for (let i = 0; i < 2; i++) {
      await expect(lock.acquire(10_000)).rejects.toThrow(/token counter is past 2\^53 - 1/);
      expect(await redis.exists(lock.lockKey)).toBe(0);
    }
  });
});

describe('release.lua', () => {
  it('does nothing with a wrong token', async () => {
    const lock = lockScripts(redis, uniqueName());
    const token = (await lock.acquire(10_000)) as number;
    expect(await lock.release(token + 1)).toBe(0);
    expect(await lock.release('not-a-token')).toBe(0);
    expect(await redis.get(lock.lockKey)).toBe(String(token));
  });

  it('does nothing with a stale token after the lock expired and moved on', async () => {
    const lock = lockScripts(redis, uniqueName());
    const staleToken = (await lock.acquire(50)) as number;
    await sleep(120);
    const newToken = (await lock.acquire(10_000)) as number;
    expect(newToken).toBe(staleToken + 1);
    // The slow client comes back and releases: the new holder must keep its lock.
    expect(await lock.release(staleToken)).toBe(0);
    expect(await redis.get(lock.lockKey)).toBe(String(newToken));
    expect(await lock.acquire(10_000)).toBeNull();
  });

  it('deletes the lock for its holder', async () => {
    const lock = lockScripts(redis, uniqueName());
    const token = (await lock.acquire(10_000)) as number;
    expect(await lock.release(token)).toBe(1);
    expect(await redis.exists(lock.lockKey)).toBe(0);
    expect(await lock.release(token)).toBe(0);
  });

  it('is needed: blind-release.lua frees a lock that another client holds', async () => {
    const lock = lockScripts(redis, uniqueName());
    await lock.acquire(50);
    await sleep(120);
    const newToken = (await lock.acquire(10_000)) as number;
    // The stale holder's blind release deletes the new holder's lock, and a third client gets in.
    expect(await lock.blindRelease()).toBe(1);
    const thirdToken = await lock.acquire(10_000);
    expect(thirdToken).toBe(newToken + 1);
  });
});

describe('extend.lua', () => {
  it('does nothing with a wrong token', async () => {
    const lock = lockScripts(redis, uniqueName());
    const token = (await lock.acquire(2_000)) as number;
    expect(await lock.extend(token + 1, 60_000)).toBe(0);
    expect(await redis.pttl(lock.lockKey)).toBeLessThanOrEqual(2_000);
    expect(await redis.get(lock.lockKey)).toBe(String(token));
  });

  it('does nothing with a stale token after the lock moved on', async () => {
    const lock = lockScripts(redis, uniqueName());
    const staleToken = (await lock.acquire(50)) as number;
    await sleep(120);
    const newToken = (await lock.acquire(2_000)) as number;
    expect(await lock.extend(staleToken, 60_000)).toBe(0);
    expect(await redis.pttl(lock.lockKey)).toBeLessThanOrEqual(2_000);
    expect(await redis.get(lock.lockKey)).toBe(String(newToken));
  });

  it('does not bring back an expired lock', async () => {
    const lock = lockScripts(redis, uniqueName());
    const token = (await lock.acquire(50)) as number;
    await sleep(120);
    expect(await lock.extend(token, 60_000)).toBe(0);
    expect(await redis.exists(lock.lockKey)).toBe(0);
  });

  it('refuses a TTL under 1 ms, which PEXPIRE would take as "delete", and keeps the lock', async () => {
    const lock = lockScripts(redis, uniqueName());
    const token = (await lock.acquire(5_000)) as number;
    for (const ttlMs of [0, -5, 2.5]) {
      await expect(lock.extend(token, ttlMs), String(ttlMs)).rejects.toThrow(
        /TTL must be a whole number/,
      );
    }
    expect(await redis.get(lock.lockKey)).toBe(String(token));
    expect(await redis.pttl(lock.lockKey)).toBeGreaterThan(4_000);
  });

  it('resets the TTL for the holder', async () => {
    const lock = lockScripts(redis, uniqueName());
    const token = (await lock.acquire(2_000)) as number;
    expect(await lock.extend(token, 60_000)).toBe(1);
    expect(await redis.pttl(lock.lockKey)).toBeGreaterThan(59_000);
    expect(await redis.get(lock.lockKey)).toBe(String(token));
  });
});
