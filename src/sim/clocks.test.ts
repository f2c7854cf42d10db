// A server's clock apart from true time: an offset, and a drift that makes its expiries come early
// (a fast clock) or late (a slow one). Set by a script's `clocks`, on the simulator only.
import { describe, expect, it } from 'vitest';
import type { NodeClockSetting, Script } from './run/script';
import { story } from './scenarios/scenario';
import { simulateScript } from './simulate';

/** Client 1 takes a 300 ms lock and keeps it; client 2 asks once, at `askAtMs`. */
function askOnce(askAtMs: number, clocks?: Record<string, NodeClockSetting>): Script {
  return story(
    'redis',
    true,
    {
      'client-1': [{ atMs: 0, op: { f: 'acquire', ttlMs: 300 } }],
      'client-2': [{ atMs: askAtMs, op: { f: 'acquire', ttlMs: 300 }, stopOnFail: true }],
    },
    clocks ? { clocks } : {},
  );
}

const meta = { scenario: 'clock-test', variant: 'default', params: {} };

/** Whether client 2 got the lock, on the first ten seeds (the network's jitter is under 1 ms). */
function client2Got(script: Script): boolean[] {
  return Array.from({ length: 10 }, (_, i) =>
    simulateScript(script, i + 1, meta).trace.events.some(
      (e) => e.actor === 'client-2' && e.f === 'acquire' && e.type === 'ok',
    ),
  );
}

describe('a server clock set apart from true time', () => {
  it('a fast clock lets the key go early, a slow one late', () => {
    // 10% fast: Redis counts the 300 ms TTL out in about 273 ms of true time.
    expect(client2Got(askOnce(285))).toEqual(Array(10).fill(false));
    expect(client2Got(askOnce(285, { redis: { driftPpm: 100_000 } }))).toEqual(
      Array(10).fill(true),
    );
    // 10% slow: about 333 ms.
    expect(client2Got(askOnce(315))).toEqual(Array(10).fill(true));
    expect(client2Got(askOnce(315, { redis: { driftPpm: -100_000 } }))).toEqual(
      Array(10).fill(false),
    );
  });

  it('an offset alone moves nothing: the TTL is counted on the same clock it was set by', () => {
    const plain = simulateScript(askOnce(285), 3, meta).trace;
    const offset = simulateScript(askOnce(285, { redis: { offsetMs: 5_000 } }), 3, meta).trace;
    expect(offset.events).toEqual(plain.events);
    expect(offset.outcome).toEqual(plain.outcome);
  });

  it('the trace says which clocks were set, so it names everything its run depended on', () => {
    const { trace } = simulateScript(
      askOnce(285, { redis: { driftPpm: 100_000 }, postgres: { offsetMs: -20 } }),
      1,
      meta,
    );
    expect(trace.params['clock.redis']).toBe('offset 0 ms, drift 100000 ppm');
    expect(trace.params['clock.postgres']).toBe('offset -20 ms, drift 0 ppm');
  });

  it('refuses a clock for a server the lock does not run on', () => {
    expect(() => simulateScript(askOnce(285, { 'redis-3': { driftPpm: 10 } }), 1, meta)).toThrow(
      'the script sets the clock of "redis-3", but redis runs on no node of that name',
    );
  });
});
