import { EtcdLock } from './etcd';
import { PgAdvisoryLock, PgLeaseLock } from './postgres';
import { RedisClusterLock, RedisLock } from './redis';
import { RedlockLock } from './redlock';
import type { SimLock, SimLockContext } from './simLock';

export type { SimLock, SimLockContext } from './simLock';

/** The simulated lock a script asks for, with only the servers that lock needs. */
export function createSimLock(ctx: SimLockContext): SimLock {
  switch (ctx.script.lock) {
    case 'redis':
      return new RedisLock(ctx, false);
    case 'redis-replicated':
      return new RedisLock(ctx, true);
    case 'redis-cluster':
      return new RedisClusterLock(ctx);
    case 'redlock':
      return new RedlockLock(ctx);
    case 'pg-lease':
      return new PgLeaseLock(ctx);
    case 'pg-advisory':
      return new PgAdvisoryLock(ctx);
    case 'etcd':
      return new EtcdLock(ctx);
  }
}
