// The pool's lifecycle: stop() ends every server it started, also one still starting, and a pool
// that is stopped starts nothing more (a server started then would be stopped by nobody).
import { describe, expect, it } from 'vitest';
import { registeredCount } from '../servers';
import { ServerPool } from './serverPool';

describe('ServerPool', () => {
  it('stops a server that was still starting when stop() came, and hands out nothing after', async () => {
    const before = registeredCount();
    const pool = new ServerPool();
    const starting = pool.redis().catch((e: unknown) => e);
    const pair = pool.freshReplication().catch((e: unknown) => e);
    await pool.stop();
    expect(await starting).toBeInstanceOf(Error);
    expect(await pair).toBeInstanceOf(Error);
    expect(registeredCount()).toBe(before);

    await expect(pool.redis()).rejects.toThrow('the server pool is stopped');
    await expect(pool.freshReplication()).rejects.toThrow('the server pool is stopped');
    expect(registeredCount()).toBe(before);
  });

  it('stops what it started, once started', async () => {
    const before = registeredCount();
    const pool = new ServerPool();
    const redis = await pool.redis();
    expect(redis.port).toBeGreaterThan(0);
    expect(registeredCount()).toBeGreaterThan(before);
    await pool.stop();
    expect(registeredCount()).toBe(before);
  });
});
