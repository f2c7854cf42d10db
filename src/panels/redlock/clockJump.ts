// The clock jump with the reader's own size: how far redis-3's clock must jump before a second
// client can take a majority. The key was set with the TTL on redis-3's clock; a jump that moves
// that clock past the expiry before client 2 asks frees the key there, and only then.
import { redlockClockJump } from '../../sim/scenarios/redlockClockJump';
import type { Trace } from '../../sim/trace/schema';
import { readMsParam, searchWith } from '../../state/urlParams';
import { simulateRun } from '../replay/runs';

export const RECORDED_JUMP_MS = (redlockClockJump.defaults as { jumpMs: number }).jumpMs;

export const CLOCK_JUMP_RANGE_MS = { min: 0, max: 2000, step: 50 } as const;

/** The clock-jump story on the engine with this jump, seeded as the panel's other runs are. */
export function runClockJump(jumpMs: number): { trace: Trace | null; error: string | null } {
  return simulateRun(redlockClockJump.name, 'default', 'redlock', 1, { jumpMs });
}

/** Why a small jump gave no second holder, for the panel's verdict line. */
export function noSecondMajority(jumpMs: number): string {
  return `A ${jumpMs} ms jump left client 1’s key alive on redis-3 when client 2 asked, so client 2 got 2 of 5, no majority, and did no work. The jump has to carry redis-3’s clock past the key’s expiry before client 2 asks; any bigger jump will.`;
}

/** The reader's jump in the URL, so a link opens the same run: `?try-jump=500#redlock`. */
const JUMP_QUERY = 'try-jump';

/** Reads a jump from a search string: null when there is none, a sentence when it is bad. */
export function parseJumpQuery(search: string): { jumpMs: number | null; problem: string | null } {
  const read = readMsParam(new URLSearchParams(search), JUMP_QUERY, CLOCK_JUMP_RANGE_MS);
  return {
    jumpMs: read.ms,
    problem:
      read.problem !== null
        ? `${read.problem}; this is the recorded ${RECORDED_JUMP_MS} ms.`
        : read.rounded,
  };
}

/** The search string with this jump in it (or none), keeping every other parameter. */
export function jumpSearch(currentSearch: string, jumpMs: number | null): string {
  return searchWith(currentSearch, { [JUMP_QUERY]: jumpMs === null ? null : String(jumpMs) });
}
