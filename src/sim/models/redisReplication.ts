import type { RedisNode } from './redisNode';

/** What replication needs of time: to ship a write some milliseconds from now. */
interface Later {
  after(delayMs: number, fn: () => void): void;
}

/**
 * A Redis primary and one replica, replicated asynchronously as Redis does: the primary answers
 * the client first and ships each write `lagMs` later. A failover in between promotes a replica
 * that never saw the write: the lock is gone, and the fence counter is behind, so the next token
 * repeats one already given out.
 */
export class RedisReplication {
  private current: RedisNode;
  private standby: RedisNode | null;
  /** Bumped by each failover: writes still on their way from a dead primary never land. */
  private epoch = 0;

  constructor(primary: RedisNode, replica: RedisNode, lagMs: number, later: Later) {
    this.current = primary;
    this.standby = replica;
    primary.onWrite = (w) => {
      const epoch = this.epoch;
      later.after(lagMs, () => {
        if (epoch === this.epoch && primary.alive) replica.apply(w);
      });
    };
  }

  /** The node that serves clients: the primary, or the replica once it was promoted. */
  get primary(): RedisNode {
    return this.current;
  }

  /** A key both nodes hold before the run starts (the fence counter's starting value). */
  seed(key: string, value: string): void {
    this.current.put(key, value);
    this.standby?.apply({ kind: 'set', key, value, expireAtLocalMs: null });
  }

  /**
   * The primary dies with the writes it has not shipped, and the replica becomes the primary.
   * False when there is no replica left to promote.
   */
  failover(): boolean {
    if (this.standby === null) return false;
    this.current.alive = false;
    this.epoch++;
    this.current = this.standby;
    this.standby = null;
    return true;
  }
}
