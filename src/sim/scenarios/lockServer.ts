import type { LockKind } from '../run/script';

/** The locks whose expiry one server's clock decides. */
export type SingleServerLock = Extract<LockKind, 'redis' | 'pg-lease' | 'etcd'>;

/** That server, by the node name a script's `clocks` and `clock-jump` steps give it. */
export const LOCK_SERVER: Record<SingleServerLock, string> = {
  redis: 'redis',
  'pg-lease': 'postgres',
  etcd: 'etcd',
};
