// A scenario's story as data: one list of steps per actor. The interpreter plays it against any
// backend, simulated or real, so the simulator and the servers run the very same steps.

/** The locks a scenario can run on. Each has a simulated model and a real backend in the lab. */
export type LockKind =
  'redis' | 'redis-replicated' | 'redis-cluster' | 'redlock' | 'pg-lease' | 'pg-advisory' | 'etcd';

export const LOCK_KINDS: readonly LockKind[] = [
  'redis',
  'redis-replicated',
  'redis-cluster',
  'redlock',
  'pg-lease',
  'pg-advisory',
  'etcd',
];

export type Op =
  | {
      f: 'acquire';
      ttlMs: number;
      /** On busy, try again after a random delay of 0.5–1.5 × this, until `giveUpAtMs`. */
      retryEveryMs?: number;
      giveUpAtMs?: number;
      /** Redlock only: nodes this client cannot reach (a partition), by name. */
      unreachable?: string[];
    }
  | {
      f: 'write';
      body: string;
      /** The network holds the write this long before it reaches the storage. */
      heldMs?: number;
    }
  | { f: 'release'; blind?: boolean }
  | { f: 'extend'; ttlMs: number }
  | { f: 'work'; workMs: number }
  | { f: 'pause'; pauseMs: number; cause: string }
  | { f: 'crash' }
  | { f: 'clock-jump'; node: string; byMs: number }
  | { f: 'failover' }
  | { f: 'terminate'; target: string };

/** A node's clock: `offsetMs` ahead of true time (behind if negative), running `driftPpm` fast. */
export interface NodeClockSetting {
  offsetMs?: number;
  /** Parts per million: 10,000 is 1% fast, so a 300 ms TTL runs out 3 ms early. */
  driftPpm?: number;
}

export interface Step {
  op: Op;
  /** Wait until this time (ms since start) before the step. */
  atMs?: number;
  /** Wait until another step has emitted this signal (e.g. a failover has finished). */
  waitFor?: string;
  /** Emitted when this step completes, for `waitFor`. */
  signal?: string;
  /**
   * If the step fails, the client has lost the lock: it stops all work. An acquire that fails
   * (after its retries) always stops its client, with or without this.
   */
  stopOnFail?: boolean;
}

export interface Script {
  lock: LockKind;
  /** Whether the storage checks tokens (`fence <= token`) or ignores them. */
  fencing: boolean;
  /** The protected resource's name: keys are `lock:{name}` and `fence:{name}`. */
  resource: string;
  /** Redis Cluster hash tags in key names (`lock:{report}`); without them, `lock:report`. */
  hashTags: boolean;
  /** The fence counter's value before the run, so the first token is this plus one. */
  initialToken: number;
  initialBody: string;
  /** Replication lag of the replica, for `redis-replicated`. */
  replicationLagMs?: number;
  /**
   * How the servers' clocks differ from true time, by node name (`redis`, `redis-3`,
   * `postgres`, `etcd`…): a fixed offset and a drift. A step at a chosen time is a `clock-jump`
   * step instead. The lab runs the lock's Redis, Postgres or Redlock nodes under a clock shim for
   * this, and refuses the script for the locks it cannot do that for (etcd among them).
   */
  clocks?: Record<string, NodeClockSetting>;
  /** Steps per actor; actor names are `client-1`, `client-2`, … and `nemesis`. */
  actors: Record<string, Step[]>;
}

export function lockKey(script: Pick<Script, 'resource' | 'hashTags'>): string {
  return script.hashTags ? `lock:{${script.resource}}` : `lock:${script.resource}`;
}

export function fenceKey(script: Pick<Script, 'resource' | 'hashTags'>): string {
  return script.hashTags ? `fence:{${script.resource}}` : `fence:${script.resource}`;
}
