import { describe, expect, it } from 'vitest';
import { LatencyHistogram, bucketOf, bucketValue } from './histogram';

describe('buckets', () => {
  it('keep every value within 1% (exact below 128 µs)', () => {
    for (const micros of [0, 1, 5, 127, 128, 129, 255, 256, 1_000, 12_345, 999_999, 50_000_000]) {
      const back = bucketValue(bucketOf(micros));
      if (micros < 128) expect(back).toBe(micros);
      else expect(Math.abs(back - micros) / micros).toBeLessThan(0.01);
    }
  });

  it('never go down as values go up', () => {
    let last = -1;
    for (let micros = 0; micros < 200_000; micros += 37) {
      const bucket = bucketOf(micros);
      expect(bucket).toBeGreaterThanOrEqual(last);
      last = bucket;
    }
  });
});

describe('LatencyHistogram', () => {
  it('gives nearest-rank percentiles of 1..1000 ms within 1%', () => {
    const histogram = new LatencyHistogram();
    // Shuffled order: percentiles must not depend on arrival order.
    for (let i = 0; i < 1_000; i++) histogram.recordMs(((i * 7919) % 1_000) + 1);
    expect(histogram.count).toBe(1_000);
    expect(histogram.percentileMs(50)).toBeCloseTo(500, -1);
    expect(Math.abs(histogram.percentileMs(50) - 500) / 500).toBeLessThan(0.01);
    expect(Math.abs(histogram.percentileMs(99) - 990) / 990).toBeLessThan(0.01);
    expect(histogram.percentileMs(100)).toBe(1_000);
    // Values are kept to under 1%: 1 ms (1000 µs) sits in a 4 µs wide bucket.
    expect(Math.abs(histogram.percentileMs(0.1) - 1)).toBeLessThan(0.01);
  });

  it('reports a skewed tail: 99 fast samples and one slow', () => {
    const histogram = new LatencyHistogram();
    for (let i = 0; i < 99; i++) histogram.recordMs(1);
    histogram.recordMs(250);
    expect(Math.abs(histogram.percentileMs(50) - 1)).toBeLessThan(0.01);
    expect(Math.abs(histogram.percentileMs(99) - 1)).toBeLessThan(0.01);
    expect(Math.abs(histogram.percentileMs(99.5) - 250) / 250).toBeLessThan(0.01);
  });

  it('keeps sub-millisecond values to the microsecond', () => {
    const histogram = new LatencyHistogram();
    histogram.recordMs(0.042);
    expect(histogram.percentileMs(50)).toBe(0.042);
  });

  it('is NaN when empty, and adds and resets', () => {
    const a = new LatencyHistogram();
    expect(a.percentileMs(50)).toBeNaN();
    const b = new LatencyHistogram();
    a.recordMs(2);
    b.recordMs(4);
    b.recordMs(4);
    a.add(b);
    expect(a.count).toBe(3);
    expect(Math.abs(a.percentileMs(50) - 4)).toBeLessThan(0.04);
    a.reset();
    expect(a.count).toBe(0);
    expect(a.percentileMs(99)).toBeNaN();
  });
});
