import { describe, expect, it } from 'vitest';
import { blockingOf, median } from './longTasks';

describe('blockingOf', () => {
  it('counts only the time past 50 ms of each task, and keeps the longest', () => {
    expect(blockingOf([89, 51, 50, 120])).toEqual({
      longestTaskMs: 120,
      totalBlockingMs: 39 + 1 + 70,
    });
  });

  it('is zero for a load with no long task', () => {
    expect(blockingOf([])).toEqual({ longestTaskMs: 0, totalBlockingMs: 0 });
  });
});

describe('median', () => {
  it('takes the middle of an odd count and the mean of the middle two of an even one', () => {
    expect(median([90, 10, 40, 70, 20])).toBe(40);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
