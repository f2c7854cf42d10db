// The assumptions table says what breaks each assumption. The clock row names a step forward:
// a node whose clock reads ahead reaches the key's expiry early, while one stepped back keeps the
// key longer and frees nothing. The engine's run of that row must agree both ways.
import { describe, expect, it } from 'vitest';
import { prepareRun } from '../../sim/simulate';
import type { Op } from '../../sim/run/script';
import { ASSUMPTIONS } from './assumptions';

/** The clock-jump run with redis-3's clock stepped by `byMs`, either way. */
function clockStep(byMs: number) {
  const prepared = prepareRun({ scenario: 'redlock-clock-jump', variant: 'default' });
  // The scenario's parameter is a size (0 or more); the step back is set on the script itself.
  const jump = prepared.script.actors.nemesis?.find((s) => s.op.f === 'clock-jump');
  if (!jump) throw new Error('the clock-jump run has no clock step');
  (jump.op as Extract<Op, { f: 'clock-jump' }>).byMs = byMs;
  return prepared.run(1).trace.outcome;
}

describe('the clock row of Redlock’s assumptions', () => {
  const row = ASSUMPTIONS.find((a) => a.run === 'redlock-clock-jump');

  it('breaks the lock with a step forward, as it says', () => {
    expect(row?.breaks).toMatch(/stepped forward/);
    expect(row?.result).toMatch(/expires too soon/);
    const outcome = clockStep(2000);
    expect(outcome.holdersOverlap).toBe(true);
    expect(outcome.verdict).toBe('two-holders');
  });

  it('would be wrong without “forward”: the same step back gives no second majority', () => {
    const outcome = clockStep(-2000);
    expect(outcome.holdersOverlap).toBe(false);
  });
});
