import type { World } from '../core/world';
import type { Network } from './network';
import type { RedisNode } from './redisNode';

/** Redlock's safety margin for clock drift: 1% of the TTL plus 2 ms, as its description gives. */
export function redlockDriftMs(ttlMs: number, driftFactor = 0.01): number {
  return Math.round(ttlMs * driftFactor) + 2;
}

/** How long the client may trust the lock: TTL − time spent acquiring − drift margin. */
export function redlockValidityMs(ttlMs: number, elapsedMs: number, driftFactor = 0.01): number {
  return ttlMs - elapsedMs - redlockDriftMs(ttlMs, driftFactor);
}

export function redlockQuorum(nodeCount: number): number {
  return Math.floor(nodeCount / 2) + 1;
}

export type RedlockResult =
  | { ok: true; nodes: string[]; validityMs: number; elapsedMs: number }
  | { ok: false; nodes: string[]; reason: string };

/**
 * A Redlock client over independent Redis nodes: SET NX PX with the same random value on each
 * node in turn, each with a short timeout; success needs a majority within the validity time.
 * On failure it releases what it got on every node, so a retry starts clean.
 */
export class RedlockClient {
  constructor(
    private readonly world: World,
    private readonly network: Network,
    readonly nodes: readonly RedisNode[],
    /** How long a request to an unreachable node waits before giving up. */
    readonly requestTimeoutMs = 10,
  ) {}

  acquire(
    key: string,
    value: string,
    ttlMs: number,
    unreachable: readonly string[],
    done: (r: RedlockResult) => void,
  ): void {
    const startMs = this.world.nowMs();
    const got: string[] = [];
    const tryNode = (i: number) => {
      if (i === this.nodes.length) {
        const elapsedMs = this.world.nowMs() - startMs;
        const validityMs = redlockValidityMs(ttlMs, elapsedMs);
        if (got.length >= redlockQuorum(this.nodes.length) && validityMs > 0) {
          done({ ok: true, nodes: got, validityMs, elapsedMs });
        } else {
          const reason =
            got.length < redlockQuorum(this.nodes.length)
              ? `got ${got.length} of ${this.nodes.length} nodes, needs ${redlockQuorum(this.nodes.length)}`
              : `validity ran out (${validityMs.toFixed(1)} ms)`;
          this.release(key, value, unreachable, () => done({ ok: false, nodes: got, reason }));
        }
        return;
      }
      const node = this.nodes[i]!;
      if (unreachable.includes(node.name) || !node.alive) {
        this.world.after(this.requestTimeoutMs, () => tryNode(i + 1));
        return;
      }
      this.world.after(this.network.delayMs(), () => {
        const ok = node.setNxPx(key, value, ttlMs, this.world.nowMs());
        this.world.after(this.network.delayMs(), () => {
          if (ok) got.push(node.name);
          tryNode(i + 1);
        });
      });
    };
    tryNode(0);
  }

  /** Deletes the key on every reachable node where it still holds this client's value. */
  release(
    key: string,
    value: string,
    unreachable: readonly string[],
    done: (released: number) => void,
  ): void {
    let released = 0;
    const step = (i: number) => {
      if (i === this.nodes.length) {
        done(released);
        return;
      }
      const node = this.nodes[i]!;
      if (unreachable.includes(node.name) || !node.alive) {
        this.world.after(this.requestTimeoutMs, () => step(i + 1));
        return;
      }
      this.world.after(this.network.delayMs(), () => {
        released += node.delIfEquals(key, value, this.world.nowMs());
        this.world.after(this.network.delayMs(), () => step(i + 1));
      });
    };
    step(0);
  }
}
