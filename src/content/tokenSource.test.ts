// A token fences only when the lock hands it out with the grant. Taken from a durable store after a
// Redis lock was granted, a client that pauses between the two gets a token newer than the next
// holder's, and its stale write passes the fence. So where the page sends a reader to a durable
// store for tokens (after a Redis failover repeated one), it must send the lock there too: the
// ladder once said "keep taking tokens from a durable source … and use Redis only to stop work
// running twice", and the failover row and the INCR drill answer "take tokens from a store".
import { describe, expect, it } from 'vitest';
import { allStrings } from './allStrings';
import * as drill from './drill';
import * as failureCases from './failureCases';
import * as scaleLadder from './scaleLadder';
import * as whichLock from './whichLock';
import * as capabilities from './capabilities';
import * as consensus from './consensus';
import * as redisLock from './redisLock';
import * as postgresLocks from './postgresLocks';
import * as redlock from './redlock';
import * as top from './top';
import * as numbers from './numbers';
import { STEPS } from '../panels/fenced-path/steps';

const prose = {
  drill,
  failureCases,
  scaleLadder,
  whichLock,
  capabilities,
  consensus,
  redisLock,
  postgresLocks,
  redlock,
  top,
  numbers,
  steps: STEPS,
};

/** The page's sentences; a table's short tag ("Durable lock") is not advice. */
const sentences = allStrings(prose)
  .flatMap((s) => s.split(/(?<=[.!?])\s+/))
  .filter((s) => s.split(/\s+/).length >= 5);

describe('a durable token source', () => {
  const advice = sentences.filter((s) => /\b(durable|every acknowledged write)\b/i.test(s));

  it('is named where a failover repeats a token', () => {
    expect(advice.length).toBeGreaterThan(0);
  });

  it.each(advice.map((s) => [s]))('is where the lock comes from too: %s', (s) => {
    expect(s).toMatch(/\block\b/);
  });
});
