import { describe, expect, it } from 'vitest';
import { INTERACTIONS, interactionFigures, interactionRows } from './interactions';

describe('interactionFigures', () => {
  it("takes each interaction's median, in the table's order, and leaves out those not measured", () => {
    const figures = interactionFigures({
      reference: [20, 30, 25],
      pcTtl: [120, 90, 400],
      replayArrows: [],
    });
    expect(figures).toEqual([
      {
        name: 'pcTtl',
        label: 'paused client: drag the TTL slider',
        medianMs: 120,
        eachMs: [120, 90, 400],
      },
      {
        name: 'reference',
        label: 'reference: open or close a <details>',
        medianMs: 25,
        eachMs: [20, 30, 25],
      },
    ]);
  });

  it('lists every interaction the task names once, with the reference last', () => {
    const names = INTERACTIONS.map((i) => i.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.at(-1)).toBe('reference');
  });
});

describe('interactionRows', () => {
  const figures = interactionFigures({
    pcFencing: [250, 210, 230],
    rlStep: [40.4, 39.6],
    reference: [20, 20, 20],
  });

  it("prints each median, its multiple of the reference's and each run, in aligned columns", () => {
    const rows = interactionRows(figures);
    expect(rows).toEqual([
      '  paused client: toggle fencing          230 ms   11.5× the reference  (over 200 ms)   (each run: 250, 210, 230)',
      '  Redlock: drag the step slider           40 ms    2.0× the reference   (each run: 40, 40)',
      '  reference: open or close a <details>    20 ms                         (each run: 20, 20, 20)',
    ]);
  });

  it('leaves the multiple out without a reference, or with a reference of 0 ms', () => {
    expect(interactionRows(figures.slice(0, 1))[0]).not.toContain('reference');
    const zero = interactionFigures({ rlStep: [40], reference: [0] });
    expect(interactionRows(zero)[0]).not.toContain('×');
  });
});
