// The clock jump with the reader's own size: how far redis-3's clock must jump before a second
// client can take a majority. The key was set with the TTL on redis-3's clock; a jump that moves
// that clock past the expiry before client 2 asks frees the key there, and only then.
import { redlockClockJump } from '../../sim/scenarios/redlockClockJump';
import type { Op } from '../../sim/run/script';
import type { Trace } from '../../sim/trace/schema';
import { REDLOCK_NODES } from '../../viz/redlock';
import { fmt } from '../../viz/timeline';
import { capitalize } from '../replay/describe';
import { sizedRun } from './sizedRun';

export const CLOCK_JUMP_RANGE_MS = { min: 0, max: 2000, step: 50 } as const;

/** The jump on the slider, in the URL as `?try-jump=500#redlock`. */
export const clockJumpRun = sizedRun(
  redlockClockJump,
  'jumpMs',
  CLOCK_JUMP_RANGE_MS,
  'try-jump',
  'clock jump',
);

function list(xs: readonly string[]): string {
  if (xs.length <= 1) return xs.join('');
  return `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** The nodes an actor's acquire can reach in the scenario's script: all five less its unreachable. */
function reachable(actor: string): string[] {
  const script = redlockClockJump.script(redlockClockJump.defaults, 'default', 'redlock');
  const acquire = script.actors[actor]?.find((s) => s.op.f === 'acquire')?.op as
    Extract<Op, { f: 'acquire' }> | undefined;
  const unreachable = acquire?.unreachable ?? [];
  return REDLOCK_NODES.filter((n) => !unreachable.includes(n));
}

/**
 * The part of the story the figure cannot draw: each client reaches only three nodes, so each
 * needs all three of its own for a majority, and redis-3 is the one node they share. Without it a
 * reader wonders why client 1 took only 3 of 5 and why client 2 never tried redis-1.
 */
export function clockJumpSetup(ttlMs: number): string {
  const one = reachable('client-1');
  const two = reachable('client-2');
  const both = one.filter((n) => two.includes(n));
  return `In this story client 1 can reach only ${list(one)}, and client 2 only ${list(two)}, as across a network partition: ${list(both)} is the one node both reach. Each sets its key with a ${ttlMs} ms TTL.`;
}

/** "an 800 ms jump", "an 11 ms jump", "a 500 ms jump": the article for a number as it is said. */
function anOrA(n: number): string {
  const digits = String(Math.round(Math.abs(n)));
  // Said by thousands ("one thousand eight hundred"), a number starts with a vowel only when its
  // leading group is eight…, eleven or eighteen.
  const lead = digits.slice(0, ((digits.length - 1) % 3) + 1);
  return digits.startsWith('8') || lead === '11' || lead === '18' ? 'an' : 'a';
}

const firstInvoke = (trace: Trace, actor: string, f: string) =>
  trace.events.find((e) => e.actor === actor && e.f === f && e.type === 'invoke');

/**
 * Why a small jump gave no second holder, and roughly how big one must be, read from the run:
 * redis-3 keeps client 1's key for the TTL from about when client 1 asked, and client 2 asks
 * later, so the jump must make up the difference.
 */
export function noSecondMajority(jumpMs: number, trace: Trace): string {
  const jump =
    jumpMs === 0
      ? 'With no jump, client 1’s key was still alive'
      : `${anOrA(jumpMs)} ${jumpMs} ms jump left client 1’s key alive`;
  const head = `${capitalize(jump)} on redis-3 when client 2 asked, so client 2 got 2 of 5, no majority, and did no work.`;
  const { ttlMs } = trace.params;
  const firstAsked = firstInvoke(trace, 'client-1', 'acquire');
  const secondAsked = firstInvoke(trace, 'client-2', 'acquire');
  if (typeof ttlMs !== 'number' || !firstAsked || !secondAsked)
    return `${head} The jump has to carry redis-3’s clock past the key’s expiry before client 2 asks; from that size on, every jump gives two holders.`;
  const neededMs = Math.round(firstAsked.t + ttlMs - secondAsked.t);
  return `${head} Client 1 set that key with a ${ttlMs} ms TTL when it asked, at ${fmt(firstAsked.t)}, and client 2 asked at ${fmt(secondAsked.t)}, so the jump has to be about ${neededMs} ms or more to carry redis-3’s clock past the key’s expiry in time. From that size on, every jump gives two holders.`;
}
