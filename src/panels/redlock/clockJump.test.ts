import { describe, expect, it } from 'vitest';
import { CLOCK_JUMP_RANGE_MS, RECORDED_JUMP_MS, runClockJump } from './clockJump';

describe('sizing the clock jump', () => {
  it('gives two holders from some size on, and for every bigger jump, as the panel says', () => {
    const twoHolders: boolean[] = [];
    for (
      let ms = CLOCK_JUMP_RANGE_MS.min;
      ms <= CLOCK_JUMP_RANGE_MS.max;
      ms += CLOCK_JUMP_RANGE_MS.step
    ) {
      const { trace } = runClockJump(ms);
      expect(trace, `${ms} ms`).not.toBeNull();
      twoHolders.push(trace!.outcome.holdersOverlap);
    }
    const first = twoHolders.indexOf(true);
    expect(first).toBeGreaterThan(0);
    expect(twoHolders.slice(first).every(Boolean)).toBe(true);
    expect(twoHolders.slice(0, first).some(Boolean)).toBe(false);
  });

  it('runs the recorded size as the panel first shows it', () => {
    const { trace } = runClockJump(RECORDED_JUMP_MS);
    expect(trace?.params.jumpMs).toBe(RECORDED_JUMP_MS);
    expect(trace?.outcome.verdict).toBe('two-holders');
  });
});
