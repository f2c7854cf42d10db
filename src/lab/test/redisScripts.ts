// The lock scripts from src/locks, called the way the lab calls them: EVALSHA first, and EVAL
// only when the server does not know the script yet (a fresh or restarted node).
import type { Redis } from 'ioredis';
import { loadLockSources, scriptSha1 } from '../lockSources';

type ScriptReply = number | string | null;

export async function runScript(
  redis: Redis,
  source: string,
  keys: string[],
  args: (string | number)[],
): Promise<ScriptReply> {
  try {
    return (await redis.evalsha(scriptSha1(source), keys.length, ...keys, ...args)) as ScriptReply;
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return (await redis.eval(source, keys.length, ...keys, ...args)) as ScriptReply;
  }
}

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
      const token = await runScript(redis, sources.acquire, [lockKey, fenceKey], [ttlMs]);
      return token === null ? null : Number(token);
    },
    async release(token: number | string): Promise<number> {
      return Number(await runScript(redis, sources.release, [lockKey], [token]));
    },
    async extend(token: number | string, ttlMs: number): Promise<number> {
      return Number(await runScript(redis, sources.extend, [lockKey], [token, ttlMs]));
    },
    async blindRelease(): Promise<number> {
      return Number(await runScript(redis, sources.blindRelease, [lockKey], []));
    },
  };
}
