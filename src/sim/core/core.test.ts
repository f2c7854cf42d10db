import { describe, expect, it } from 'vitest';
import { createPrng } from './prng';
import { EventQueue } from './eventQueue';
import { NodeClock } from './clock';
import { World } from './world';

describe('seeded PRNG', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = createPrng(42);
    const b = createPrng(42);
    const c = createPrng(43);
    const seqA = Array.from({ length: 50 }, () => a.float());
    const seqB = Array.from({ length: 50 }, () => b.float());
    const seqC = Array.from({ length: 50 }, () => c.float());
    expect(seqA).toEqual(seqB);
    expect(seqA).not.toEqual(seqC);
  });

  it('stays in range and spreads over it', () => {
    const p = createPrng(7);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) {
      const f = p.float();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      counts[p.int(0, 5)]!++;
    }
    for (const c of counts) expect(c).toBeGreaterThan(800);
    expect(p.hex(12)).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe('event queue', () => {
  it('pops in time order, and in scheduling order for equal times', () => {
    const q = new EventQueue();
    const out: string[] = [];
    const times = [5, 1, 3, 3, 0, 9, 3, 2];
    times.forEach((t, i) => q.push(t, () => out.push(`${t}:${i}`)));
    while (q.size > 0) q.pop()();
    expect(out).toEqual(['0:4', '1:1', '2:7', '3:2', '3:3', '3:6', '5:0', '9:5']);
  });

  it('sorts a large random load like a stable sort would', () => {
    const p = createPrng(1);
    const q = new EventQueue();
    const entries = Array.from({ length: 2000 }, (_, i) => ({ t: p.int(0, 100), i }));
    const out: number[] = [];
    for (const e of entries) q.push(e.t, () => out.push(e.i));
    while (q.size > 0) q.pop()();
    const expected = [...entries].sort((x, y) => x.t - y.t || x.i - y.i).map((e) => e.i);
    expect(out).toEqual(expected);
  });
});

describe('node clock', () => {
  it('adds offset, drift and steps that have happened', () => {
    const c = new NodeClock(5, 1000); // 5 ms ahead, 1 ms fast per second
    expect(c.localMs(0)).toBe(5);
    expect(c.localMs(1000)).toBe(1006);
    c.step(2000, 10_000);
    expect(c.localMs(1999)).toBeCloseTo(2005.999);
    expect(c.localMs(2000)).toBe(12_007);
  });
});

describe('world', () => {
  it('runs callbacks at their virtual times and never goes back in time', () => {
    const w = new World(1);
    const seen: number[] = [];
    w.at(30, () => seen.push(w.nowMs()));
    w.at(10, () => {
      seen.push(w.nowMs());
      w.at(5, () => seen.push(w.nowMs())); // in the past: runs now, not before
      w.after(100, () => seen.push(w.nowMs()));
    });
    w.run();
    expect(seen).toEqual([10, 10, 30, 110]);
    expect(w.eventsRun).toBe(4);
  });
});
