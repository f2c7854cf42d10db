import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../trace/schema';
import {
  checkFenceMonotonic,
  checkMutualExclusion,
  checkNoLostUpdate,
  checkNoStaleWrite,
  repeatedTokens,
} from './checks';
import { settleWrites } from './writes';
import { deriveOutcome } from '../run/outcome';

const ev = (
  t: number,
  actor: string,
  f: TraceEvent['f'],
  type: TraceEvent['type'],
  value?: Record<string, unknown>,
): TraceEvent => (value === undefined ? { t, actor, f, type } : { t, actor, f, type, value });

// The paused client with fencing off, written by hand: every checker below has something to find.
const staleRun: TraceEvent[] = [
  ev(0, 'client-1', 'acquire', 'ok', { token: 33 }),
  ev(10, 'client-1', 'pause', 'info', { pauseMs: 500 }),
  ev(320, 'client-2', 'acquire', 'ok', { token: 34 }),
  ev(321, 'client-2', 'write', 'ok', { body: 'v2', token: 34, fence: 34 }),
  ev(510, 'client-1', 'write', 'ok', { body: 'v1', token: 33, fence: 33 }),
];

// The same run with fencing on and client 1 stopping: the checkers must pass it.
const safeRun: TraceEvent[] = [
  ev(0, 'client-1', 'acquire', 'ok', { token: 33 }),
  ev(5, 'client-1', 'write', 'ok', { body: 'v1', token: 33, fence: 33 }),
  ev(6, 'client-1', 'release', 'invoke', { token: 33 }),
  ev(7, 'client-1', 'release', 'ok'),
  ev(320, 'client-2', 'acquire', 'ok', { token: 34 }),
  ev(321, 'client-2', 'write', 'ok', { body: 'v2', token: 34, fence: 34 }),
  ev(510, 'client-1', 'write', 'fail', { body: 'v1x', token: 33, fence: 34 }),
];

describe('checkers', () => {
  it('mutual exclusion fails when two clients hold at once, passes when they take turns', () => {
    expect(checkMutualExclusion({ events: staleRun }).ok).toBe(false);
    expect(checkMutualExclusion({ events: staleRun }).violations[0]).toMatch(
      /client-1 and client-2 both held/,
    );
    expect(checkMutualExclusion({ events: safeRun }).ok).toBe(true);
  });

  it('stale write fails when a lower token is accepted after a higher one', () => {
    const r = checkNoStaleWrite({ events: staleRun });
    expect(r.ok).toBe(false);
    expect(r.violations[0]).toMatch(/token 33 after client-2 wrote with token 34/);
    expect(checkNoStaleWrite({ events: safeRun }).ok).toBe(true);
  });

  it('fence monotonic fails when the stored fence goes down', () => {
    expect(checkFenceMonotonic({ events: staleRun }).ok).toBe(false);
    expect(checkFenceMonotonic({ events: safeRun }).ok).toBe(true);
  });

  it('lost update fails when an earlier holder overwrites a later one, tokens or not', () => {
    expect(checkNoLostUpdate({ events: staleRun }).ok).toBe(false);
    const noTokens = staleRun.map((e) =>
      e.value && 'token' in e.value ? { ...e, value: { ...e.value, token: null } } : e,
    );
    expect(checkNoLostUpdate({ events: noTokens }).ok).toBe(false);
    expect(checkNoStaleWrite({ events: noTokens }).ok).toBe(true); // no tokens, nothing to compare
    expect(checkNoLostUpdate({ events: safeRun }).ok).toBe(true);
  });

  it('finds a token granted to two clients', () => {
    expect(
      repeatedTokens([
        ev(0, 'a', 'acquire', 'ok', { token: 33 }),
        ev(1, 'b', 'acquire', 'ok', { token: 33 }),
      ]),
    ).toEqual([33]);
    expect(repeatedTokens(safeRun)).toEqual([]);
  });

  it('does not count a token given again to the client that already had it', () => {
    const again = [
      ev(0, 'a', 'acquire', 'ok', { token: 33 }),
      ev(5, 'a', 'release', 'invoke', { token: 33 }),
      ev(10, 'a', 'acquire', 'ok', { token: 33 }),
    ];
    expect(repeatedTokens(again)).toEqual([]);
    expect(repeatedTokens([...again, ev(20, 'b', 'acquire', 'ok', { token: 33 })])).toEqual([33]);
  });

  it('ranks a write made in the same millisecond as its lock among that holder’s writes', () => {
    // Client 2 takes the lock and writes within one ms; client 1's later write overwrites it.
    const sameMs = [
      ev(0, 'client-1', 'acquire', 'ok', { token: null }),
      ev(10, 'client-2', 'acquire', 'ok', { token: null }),
      ev(10, 'client-2', 'write', 'ok', { body: 'v2', token: null }),
      ev(20, 'client-1', 'write', 'ok', { body: 'v1', token: null }),
    ];
    expect(checkNoLostUpdate({ events: sameMs }).violations).toEqual([
      'at 20 ms client-1\'s "v1" overwrote "v2" from client-2, who took the lock after it',
    ]);
  });

  it('counts a write inside a transaction only if its commit succeeded', () => {
    const events = [
      ev(1, 'client-1', 'write', 'ok', { body: 'v1', token: null, pending: true }),
      ev(2, 'client-2', 'write', 'ok', { body: 'v2', token: null, pending: true }),
      ev(3, 'client-2', 'release', 'ok', { committed: true }),
      ev(4, 'client-1', 'release', 'fail', { committed: false }),
    ];
    const { accepted, rejected } = settleWrites(events);
    expect(accepted.map((w) => w.body)).toEqual(['v2']);
    expect(rejected.map((w) => w.body)).toEqual(['v1']);
  });

  it('counts a transaction’s write as refused when its commit never said ok', () => {
    // A COMMIT whose answer never came (info) did not succeed as far as the client knows.
    const { accepted, rejected } = settleWrites([
      ev(1, 'client-1', 'write', 'ok', { body: 'v1', token: null, pending: true }),
      ev(2, 'client-1', 'release', 'info', { reason: 'timeout' }),
    ]);
    expect(accepted).toEqual([]);
    expect(rejected.map((w) => w.body)).toEqual(['v1']);
  });

  it('rolls back a crashed client’s transaction even if it commits another after it restarts', () => {
    const { accepted, rejected } = settleWrites([
      ev(1, 'client-1', 'write', 'ok', { body: 'v1', token: null, pending: true }),
      ev(2, 'client-1', 'crash', 'info'),
      ev(3, 'client-1', 'write', 'ok', { body: 'v1b', token: null, pending: true }),
      ev(4, 'client-1', 'release', 'ok', { committed: true }),
    ]);
    expect(accepted.map((w) => w.body)).toEqual(['v1b']);
    expect(rejected.map((w) => w.body)).toEqual(['v1']);
  });
});

describe('settleWrites and holds', () => {
  it('counts a write whose reply is indefinite (info) as neither accepted nor refused', () => {
    const { accepted, rejected } = settleWrites([
      ev(0, 'client-1', 'write', 'info', { body: 'v1', token: 33 }),
      ev(5, 'client-2', 'write', 'fail', { body: 'v2', token: 32 }),
    ]);
    expect(accepted).toEqual([]);
    expect(rejected.map((w) => w.body)).toEqual(['v2']);
  });

  it('ends a hold nobody released at its holder’s last event, not at the end of the run', () => {
    const run = [
      ev(0, 'client-1', 'acquire', 'ok', { token: 33 }),
      ev(10, 'client-1', 'write', 'ok', { body: 'v1', token: 33 }),
      ev(500, 'client-2', 'acquire', 'ok', { token: 34 }),
      ev(510, 'client-2', 'write', 'ok', { body: 'v2', token: 34 }),
    ];
    expect(checkMutualExclusion({ events: run }).ok).toBe(true);
    // Still busy when client 2 takes it: two holders.
    const busy = [
      ...run.slice(0, 3),
      ev(505, 'client-1', 'write', 'ok', { body: 'v1b', token: 33 }),
      run[3]!,
    ];
    expect(checkMutualExclusion({ events: busy }).ok).toBe(false);
  });
});

describe('the outcome of a run with more than one thing wrong', () => {
  // A stale write accepted (fencing off), then a token handed out again (a failover).
  const both = [
    ev(0, 'client-1', 'acquire', 'ok', { token: 33 }),
    ev(100, 'client-2', 'acquire', 'ok', { token: 34 }),
    ev(110, 'client-2', 'write', 'ok', { body: 'v2', token: 34, seq: 1 }),
    ev(200, 'client-1', 'write', 'ok', { body: 'v1', token: 33, seq: 2 }),
    ev(300, 'client-3', 'acquire', 'ok', { token: 34 }),
  ];
  const doc = { body: 'v1', fence: null };

  it('names the stale write first: data was lost, whatever else went wrong', () => {
    expect(deriveOutcome(both, doc).verdict).toBe('stale-write-accepted');
    expect(
      deriveOutcome(
        both.filter((e) => e.t !== 200),
        doc,
      ).verdict,
    ).toBe('token-repeated');
  });

  it('ends holds at a stop, and counts a crashed transaction’s writes as refused', () => {
    const stopped = [
      ev(0, 'client-1', 'acquire', 'ok', { token: 33 }),
      ev(50, 'client-1', 'stop', 'info'),
      ev(100, 'client-2', 'acquire', 'ok', { token: 34 }),
      ev(150, 'client-2', 'write', 'ok', { body: 'v2', token: 34 }),
    ];
    expect(checkMutualExclusion({ events: stopped }).ok).toBe(true);
    const crashed = [
      ev(0, 'client-1', 'acquire', 'ok', { token: null }),
      ev(10, 'client-1', 'write', 'ok', { body: 'v1', token: null, pending: true }),
      ev(20, 'client-1', 'crash', 'info'),
    ];
    const { accepted, rejected } = settleWrites(crashed);
    expect(accepted).toEqual([]);
    expect(rejected.map((w) => w.body)).toEqual(['v1']);
  });

  it('ends a hold when its client sends the release, not when the answer comes back', () => {
    // The server deleted the lock as the release arrived; client 2 took it before client 1 heard.
    const handover = [
      ev(0, 'client-1', 'acquire', 'ok', { token: 33 }),
      ev(100, 'client-1', 'release', 'invoke', { token: 33 }),
      ev(110, 'client-2', 'acquire', 'ok', { token: 34 }),
      ev(120, 'client-1', 'release', 'ok'),
      ev(150, 'client-2', 'write', 'ok', { body: 'v2', token: 34 }),
    ];
    expect(checkMutualExclusion({ events: handover }).ok).toBe(true);
    expect(deriveOutcome(handover, { body: 'v2', fence: 34 }).holdersOverlap).toBe(false);
  });

  it('does not count holds that only touch as overlapping', () => {
    const touching = [
      ev(0, 'client-1', 'acquire', 'ok', { token: 33 }),
      ev(100, 'client-1', 'release', 'invoke', { token: 33 }),
      ev(100, 'client-2', 'acquire', 'ok', { token: 34 }),
      ev(150, 'client-2', 'write', 'ok', { body: 'v2', token: 34 }),
    ];
    expect(checkMutualExclusion({ events: touching }).ok).toBe(true);
    expect(deriveOutcome(touching, { body: 'v2', fence: 34 }).holdersOverlap).toBe(false);
  });
});
