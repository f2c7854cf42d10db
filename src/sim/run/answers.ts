// The answers a backend gives, simulated or real, in one set of shapes: the trace's completion
// events carry them as they are, so the simulator and the lab must agree on them to the letter.
import type { OpResult } from './backend';

/** A successful answer, with a note when there is something to say. */
export function ok(value: Record<string, unknown>, note?: string): OpResult {
  return note === undefined ? { type: 'ok', value } : { type: 'ok', value, note };
}

export const busy = (note: string): OpResult => ({
  type: 'fail',
  value: { reason: 'busy' },
  note,
});

/** How many keys or rows a release let go of; none is a failure, and `what` says why. */
export const released = (n: number, what: string): OpResult =>
  n > 0
    ? { type: 'ok', value: { released: n } }
    : { type: 'fail', value: { released: 0 }, note: what };

/**
 * fenced-write.sql changed no row: a newer token has written, or the write carried none (SQL's
 * `fence <= NULL` holds for no row). `more` goes at the end of the note (what the network did).
 */
export const refusedWrite = (
  body: string,
  token: number | null,
  fence: number | null,
  more = '',
): OpResult => ({
  type: 'fail',
  value: { body, token, fence, reason: 'stale-token' },
  note: `${
    token === null
      ? 'rejected: the write carries no token, and fence <= NULL holds for no row'
      : `rejected: token ${token} is lower than the fence ${fence}`
  }${more}`,
});

export const extended = (ok: boolean): OpResult =>
  ok
    ? { type: 'ok', value: { extended: 1 } }
    : { type: 'fail', value: { extended: 0 }, note: 'the lock is no longer ours' };
