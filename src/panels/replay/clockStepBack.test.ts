// The replay's words for a clock stepped back (see fixtures.ts): "jumped back 500 ms", a key that
// lives longer by that clock, and a lock that ran out late by its TTL, not one a jump ended early.
import { describe, expect, it } from 'vitest';
import { ReplayCursor } from './cursor';
import { describeEvent, describeLockNow } from './describe';
import { clockStepBackTrace } from './fixtures';
import { howLost } from './verdictWords';

describe('the replay when the lock server’s clock is stepped back', () => {
  const trace = clockStepBackTrace;
  const cursor = new ReplayCursor(trace);
  const at = (f: string, type: string) =>
    trace.events.findIndex((e) => e.f === f && e.type === type);

  it('says the clock is stepped back and keys live longer', () => {
    expect(describeEvent(trace.events[at('clock-jump', 'invoke')]!, null, 'redis')).toBe(
      'The fault injector asks to step Redis’s wall clock back 500 ms.',
    );
    expect(describeEvent(trace.events[at('clock-jump', 'info')]!, null, 'redis')).toBe(
      'Redis’s wall clock now reads 500 ms behind: every key lives that much longer by it, expiring that much later.',
    );
  });

  it('holds the lock 500 ms past its TTL, then calls it expired late, not early', () => {
    const jumped = at('clock-jump', 'info');
    expect(describeLockNow(cursor.stateAt(jumped + 1)).lock).toBe(
      'Held by client 1 with token 33, until 1501 ms: Redis’s wall clock jumped back 500 ms at 200 ms.',
    );
    const late = describeLockNow(cursor.stateAt(at('resume', 'info') + 1));
    expect(late.lock).toBe(
      'Free: client 1’s lock expired at 1501 ms, late: Redis’s wall clock jumped back 500 ms at 200 ms.',
    );
    expect(late.believers).toMatch(/whose TTL ran out at 1501 ms/);
    expect(late.believers).not.toMatch(/early|clock jumped/);
  });

  it('does not blame the step for the late write: the lock had simply expired', () => {
    const verdict = cursor.verdict(at('write', 'ok'))!;
    expect(verdict.lost).toBe('expired');
    expect(howLost(verdict)).toBe('whose lock had expired');
  });
});
