import type { Prng } from '../core/prng';

/**
 * One-way delays between a client and a server. Loopback on a real machine takes a fraction of
 * a millisecond, with some jitter; a held message (a queue, a retransmit) can take far longer.
 */
export class Network {
  constructor(
    private readonly prng: Prng,
    readonly baseMs = 0.15,
    readonly jitterMs = 0.35,
  ) {}

  /** The delay of one message, drawn from the run's PRNG. */
  delayMs(): number {
    return this.baseMs + this.prng.float() * this.jitterMs;
  }
}
