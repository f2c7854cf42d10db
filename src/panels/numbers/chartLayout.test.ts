import { describe, expect, it } from 'vitest';
import { layoutChart } from './chartLayout';

const rows = [
  { id: 'a', label: 'A', value: 20_000, ceiling: 25_000 },
  { id: 'b', label: 'B', value: 50_000, ceiling: null, inner: 1_700 },
];

describe('layoutChart', () => {
  it('scales bars from zero so lengths compare honestly', () => {
    const layout = layoutChart(rows, 600);
    const [a, b] = layout.bars;
    expect(a!.barWidth / b!.barWidth).toBeCloseTo(20_000 / 50_000, 5);
    expect(a!.ceilingWidth! > a!.barWidth).toBe(true);
    expect(b!.ceilingWidth).toBeNull();
    expect(b!.innerWidth! < b!.barWidth).toBe(true);
  });

  it('keeps every bar and tick inside the width it was given', () => {
    for (const width of [300, 375, 800]) {
      const layout = layoutChart(rows, width);
      for (const bar of layout.bars) {
        expect(layout.plotLeft + Math.max(bar.barWidth, bar.ceilingWidth ?? 0)).toBeLessThanOrEqual(
          width,
        );
      }
      for (const tick of layout.ticks) expect(tick.x).toBeLessThanOrEqual(width);
      expect(layout.ticks[0]!.value).toBe(0);
    }
  });

  it('stacks rows without overlap', () => {
    const layout = layoutChart(rows, 600);
    expect(layout.bars[1]!.labelY).toBeGreaterThan(layout.bars[0]!.y + layout.barHeight);
  });
});
