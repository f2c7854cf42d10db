// The lock scripts from src/locks, called the way the lab's backends call them (EVALSHA, and
// EVAL only when the server does not know the script yet), with the raw replies kept for tests.
import type { Redis } from 'ioredis';
import { evalLockScript } from '../backends/redisLockScripts';
import { loadLockSources } from '../lockSources';

/** acquire/release/extend on one lock name, with hash-tagged keys so it also runs on a cluster. */
export function lockScripts(redis: Redis, name: string) {
  const sources = loadLockSources();
  const lockKey = `lock:{${name}}`;
  const fenceKey = `fence:{${name}}`;
  return {
    lockKey,
    fenceKey,
    /** The new token, or null when the lock is held. */
    async acquire(ttlMs: number): Promise<number | null> {
      const token = await evalLockScript(redis, sources.acquire, [lockKey, fenceKey], [ttlMs]);
      return token === null ? null : Number(token);
    },
    async release(token: number | string): Promise<number> {
      return Number(await evalLockScript(redis, sources.release, [lockKey], [token]));
    },
    async extend(token: number | string, ttlMs: number): Promise<number> {
      return Number(await evalLockScript(redis, sources.extend, [lockKey], [token, ttlMs]));
    },
    async blindRelease(): Promise<number> {
      return Number(await evalLockScript(redis, sources.blindRelease, [lockKey], []));
    },
  };
}
