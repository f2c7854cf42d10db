// The clock jump with the reader's own size: how far redis-3's clock must jump before a second
// client can take a majority. The key was set with the TTL on redis-3's clock; a jump that moves
// that clock past the expiry before client 2 asks frees the key there, and only then.
import { redlockClockJump } from '../../sim/scenarios/redlockClockJump';
import { sizedRun } from './sizedRun';

export const CLOCK_JUMP_RANGE_MS = { min: 0, max: 2000, step: 50 } as const;

/** The jump on the slider, in the URL as `?try-jump=500#redlock`. */
export const clockJumpRun = sizedRun(redlockClockJump, 'jumpMs', CLOCK_JUMP_RANGE_MS, 'try-jump');

/** Why a small jump gave no second holder, for the panel's verdict line. */
export function noSecondMajority(jumpMs: number): string {
  return `A ${jumpMs} ms jump left client 1’s key alive on redis-3 when client 2 asked, so client 2 got 2 of 5, no majority, and did no work. The jump has to carry redis-3’s clock past the key’s expiry before client 2 asks; from that size on, every jump gives two holders.`;
}
