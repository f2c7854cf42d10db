// A clock stepped back: the engine and the lab step clocks both ways (the lab's random contention
// runs draw steps from -500 ms on), and the page must not call such a step "-500 ms forward" or
// blame it for a lock that ended early. Here one client on Redis pauses past its TTL while Redis's
// clock is stepped back 500 ms: its key lives 500 ms longer by that clock, then runs out.
import { describe, expect, it } from 'vitest';
import { clockStepBackTrace } from '../panels/replay/fixtures';
import { timelineModel } from './timeline';
import { jumpLabel, redlockModel, type RedlockModel } from './redlock';
import type { Trace } from '../sim/trace/schema';

describe('the lane timeline when the lock server’s clock is stepped back', () => {
  const trace = clockStepBackTrace;
  const model = timelineModel(trace);
  const grantedAt = trace.events.find((e) => e.f === 'acquire' && e.type === 'ok')!.t;

  it('says the clock jumps back and keys live longer, not “-500 ms forward”', () => {
    const fault = model.marks.find((m) => m.kind === 'fault');
    expect(fault?.detail).toBe(
      'Redis’s wall clock jumps back 500 ms: every key on it lives 500 ms longer.',
    );
  });

  it('puts the expiry 500 ms after the TTL and says it came late, not that the jump freed it', () => {
    const expire = model.marks.find((m) => m.kind === 'expire');
    expect(expire?.t).toBeCloseTo(grantedAt + 1000 + 500, 6);
    expect(expire?.label).toBe('TTL runs out');
    expect(expire?.detail).toMatch(
      /^Redis’s wall clock jumped back 500 ms at 200 ms, so client 1’s TTL runs out by that clock at [\d.]+ ms, 500 ms late/,
    );
    const write = model.marks.find((m) => m.kind === 'write' && m.actor === 'client-1');
    expect(write?.detail).not.toMatch(/clock jump ended its lock/);
  });
});

describe('the Redlock figure when a node’s clock is stepped back', () => {
  it('writes the step with a minus sign, and does not draw the key as cut short', () => {
    const trace: Trace = {
      format: 'fencing-lab/trace',
      version: 1,
      scenario: 'redlock-clock-jump',
      variant: 'default',
      backend: 'sim',
      seed: 1,
      params: { lock: 'redlock', ttlMs: 1000 },
      events: [
        { t: 0, actor: 'client-1', f: 'acquire', type: 'invoke', value: { ttlMs: 1000 } },
        {
          t: 20,
          actor: 'client-1',
          f: 'acquire',
          type: 'ok',
          value: { token: null, nodes: ['redis-1', 'redis-2', 'redis-3'], validityMs: 968 },
        },
        {
          t: 100,
          actor: 'nemesis',
          f: 'clock-jump',
          type: 'invoke',
          value: { node: 'redis-3', byMs: -500 },
        },
        {
          t: 100,
          actor: 'nemesis',
          f: 'clock-jump',
          type: 'info',
          value: { node: 'redis-3', byMs: -500 },
        },
        { t: 1600, actor: 'client-1', f: 'write', type: 'invoke', value: { body: 'v1' } },
      ],
      outcome: {
        tokens: {},
        accepted: [],
        rejected: [],
        document: { body: 'v0', fence: null },
        holdersOverlap: false,
        verdict: 'safe',
      },
    };
    const model: RedlockModel = redlockModel(trace);
    const onRedis3 = model.holds.filter((h) => h.node === 'redis-3');
    expect(onRedis3.map((h) => h.endedBy)).not.toContain('clock-jump');
    const jump = model.jumps[0]!;
    expect(jumpLabel(model, jump, (ms) => ms)).toBe('clock −500 ms');
    // With no room, the shortest form keeps the sign.
    const cramped = { ...model, holds: [{ ...onRedis3[0]!, fromMs: 110 }] };
    expect(jumpLabel(cramped, jump, (ms) => ms)).toBe('−0.5 s');
  });
});
