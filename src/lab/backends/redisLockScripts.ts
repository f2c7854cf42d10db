// The Lua scripts of src/locks as the real backends call them: EVALSHA, and EVAL only when the
// server does not know the script yet (a fresh node, a promoted replica). Works on one node and
// on a cluster client alike, and turns the scripts' replies into the engine's results.
import type { Cluster, Redis } from 'ioredis';
import type { OpResult } from '../../sim/run/backend';
import { loadLockSources, scriptSha1 } from '../lockSources';
import { busy, extended, released } from './realBackend';

type ScriptReply = number | string | null;

export async function evalLockScript(
  redis: Redis | Cluster,
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

/** acquire.lua: `{ token }`, or busy. */
export async function acquireWithScript(
  redis: Redis | Cluster,
  lockKey: string,
  fenceKey: string,
  ttlMs: number,
): Promise<OpResult> {
  const reply = await evalLockScript(
    redis,
    loadLockSources().acquire,
    [lockKey, fenceKey],
    [ttlMs],
  );
  return reply === null
    ? busy('the lock is held')
    : { type: 'ok', value: { token: Number(reply) } };
}

/** release.lua (token checked) or blind-release.lua (the wrong one, kept to show why). */
export async function releaseWithScript(
  redis: Redis | Cluster,
  lockKey: string,
  token: number | null,
  blind: boolean,
): Promise<OpResult> {
  const sources = loadLockSources();
  if (blind) {
    return released(
      Number(await evalLockScript(redis, sources.blindRelease, [lockKey], [])),
      'no lock to delete',
    );
  }
  return released(
    Number(await evalLockScript(redis, sources.release, [lockKey], [String(token)])),
    'the lock holds another token: nothing deleted',
  );
}

/** extend.lua: 1 if the caller still held the lock and its expiry was reset. */
export async function extendWithScript(
  redis: Redis | Cluster,
  lockKey: string,
  token: number | null,
  ttlMs: number,
): Promise<OpResult> {
  return extended(
    Number(
      await evalLockScript(redis, loadLockSources().extend, [lockKey], [String(token), ttlMs]),
    ) === 1,
  );
}
