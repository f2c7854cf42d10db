import { describe, expect, it } from 'vitest';
import { LIBRARY_BAR_HEIGHT, layoutChart } from './chartLayout';

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

describe('layoutChart: the library bar', () => {
  const withLibrary = [
    { ...rows[0]!, library: { value: 9_000, label: 'ioredis 9,000' } },
    { ...rows[1]!, library: { value: 49_000, label: 'ioredis 49,000' } },
    { id: 'c', label: 'C', value: 1_000, ceiling: null },
  ];

  it('draws it to the same scale, under the main bar, clear of the ceiling outline', () => {
    const layout = layoutChart(withLibrary, 600);
    const [a, , c] = layout.bars;
    expect(a!.library!.width / a!.barWidth).toBeCloseTo(9_000 / 20_000, 5);
    expect(a!.library!.y).toBeGreaterThan(a!.y + layout.barHeight + 3);
    expect(c!.library).toBeNull();
  });

  it('makes room for it in every row, and no room when no row has one', () => {
    const plain = layoutChart(rows, 600);
    const layout = layoutChart(withLibrary.slice(0, 2), 600);
    expect(layout.height).toBeGreaterThan(plain.height);
    const [a, b] = layout.bars;
    expect(b!.labelY).toBeGreaterThan(a!.library!.y + LIBRARY_BAR_HEIGHT);
  });

  it('puts its text after the bar when it fits, else inside the plot, ending on the bar', () => {
    for (const width of [320, 375, 1000]) {
      const layout = layoutChart(withLibrary, width);
      for (const bar of layout.bars) {
        const lib = bar.library;
        if (!lib) continue;
        expect(lib.textX).toBeLessThanOrEqual(width);
        expect(lib.textX).toBeGreaterThanOrEqual(layout.plotLeft);
        if (lib.textAnchor === 'start')
          expect(lib.textX).toBeGreaterThan(layout.plotLeft + lib.width);
      }
    }
    // A long bar on a phone leaves no room after it.
    expect(layoutChart(withLibrary, 320).bars[1]!.library!.textAnchor).toBe('end');
    expect(layoutChart(withLibrary, 1000).bars[0]!.library!.textAnchor).toBe('start');
  });
});

describe('layoutChart at a larger text size', () => {
  it('puts each row’s figures under its name where one line would not fit, and makes room', () => {
    // "Postgres lease row  17,000 pairs/s": 34 characters, at 200% wider than a phone's chart.
    const one = layoutChart(rows, 311, { textScale: 1, labelChars: 34 });
    const two = layoutChart(rows, 311, { textScale: 2, labelChars: 34 });
    expect(one.labelLines).toBe(1);
    expect(two.labelLines).toBe(2);
    // The second line's baseline, 16 px of 13-pixel text below the first at the default size,
    // stays above the bar.
    for (const bar of two.bars) expect(bar.labelY + 2 * 16).toBeLessThan(bar.y);
    expect(layoutChart(rows, 1200, { textScale: 2, labelChars: 34 }).labelLines).toBe(1);
  });
});
