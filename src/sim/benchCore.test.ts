import { describe, expect, it } from 'vitest';
import { measureSideBySide } from './benchCore';

/** A clock that moves 1 ms each time it is read, so the benchmark's loops end on their own. */
function steppingClock(): () => number {
  let ms = 0;
  return () => ms++;
}

// What the benchmark counts, not how fast it goes (speed is for `npm run bench:sim` to print).
describe('the engine benchmark', () => {
  const { engine, handWritten, heap, slices } = measureSideBySide(40, steppingClock(), 2);

  it('counts the paused client’s queued events, the same in the engine and by hand', () => {
    expect(slices).toBe(2);
    expect(engine.runs).toBeGreaterThan(0);
    expect(handWritten.runs).toBeGreaterThan(0);
    expect(engine.events / engine.runs).toBe(13);
    expect(handWritten.events / handWritten.runs).toBe(13);
    expect(handWritten.meanQueueDepth).toBeCloseTo(engine.meanQueueDepth, 10);
  });

  it('runs the bare loop at the engine’s mean queue depth, rounded up', () => {
    expect(engine.meanQueueDepth).toBeGreaterThan(1);
    expect(engine.meanQueueDepth).toBeLessThan(2);
    expect(heap.depth).toBe(2);
    expect(heap.operations).toBeGreaterThan(0);
    expect(heap.operations % 10_000).toBe(0);
  });
});
