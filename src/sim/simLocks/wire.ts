import type { World } from '../core/world';
import type { Network } from '../models/network';
import type { Done } from '../run/backend';

/**
 * The network between the clients and the simulated servers, and who is still there to hear.
 * Every request and every answer takes one network delay, drawn from the run's PRNG in the order
 * they are sent, so one seed gives one run.
 */
export class Wire {
  /** Clients that have crashed: answers to them are dropped, nobody is there to hear them. */
  private crashed: string[] | null = null;

  constructor(
    readonly world: World,
    readonly network: Network,
  ) {}

  nowMs(): number {
    return this.world.nowMs();
  }

  alive(actor: string): boolean {
    return this.crashed === null || !this.crashed.includes(actor);
  }

  crash(actor: string): void {
    (this.crashed ??= []).push(actor);
  }

  /**
   * Sends a request to a server: `arrive` runs there one network delay from now, plus any time
   * the network holds the message. It serves the request and sends the `answer` back.
   */
  send(arrive: () => void, heldMs = 0): void {
    this.world.after(this.network.delayMs() + heldMs, arrive);
  }

  /**
   * A server's answer travels back for one network delay. A client that has crashed meanwhile is
   * not there to hear it; answers to nobody in particular (`null`) always arrive.
   */
  answer<T>(actor: string | null, result: T, done: Done<T>): void {
    this.world.after(this.network.delayMs(), () => {
      if (actor === null || this.alive(actor)) done(result);
    });
  }

  /** For a client that answers itself (Redlock talks to its nodes itself): nothing once dead. */
  toLive<T>(actor: string, done: Done<T>): Done<T> {
    return (r) => {
      if (this.alive(actor)) done(r);
    };
  }
}
