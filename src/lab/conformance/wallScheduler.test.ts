// The wall scheduler stands in for virtual time on real servers: a step must never start
// before its time, callbacks are always asynchronous, and a failed run can cancel them all.
import { describe, expect, it } from 'vitest';
import { WallScheduler } from '../wallScheduler';

describe('WallScheduler', () => {
  it('runs callbacks in time order and never before their time', async () => {
    const scheduler = new WallScheduler();
    const ran: { label: string; atMs: number; nowMs: number }[] = [];
    await new Promise<void>((resolve) => {
      for (const [label, atMs] of [
        ['b', 60],
        ['a', 20],
        ['c', 100],
      ] as const) {
        scheduler.at(atMs, () => {
          ran.push({ label, atMs, nowMs: scheduler.nowMs() });
          if (ran.length === 3) resolve();
        });
      }
    });
    expect(ran.map((r) => r.label)).toEqual(['a', 'b', 'c']);
    for (const r of ran) expect(r.nowMs).toBeGreaterThanOrEqual(r.atMs);
    expect(scheduler.pending).toBe(0);
  });

  it('runs a time already passed soon, but not inside the caller', async () => {
    const scheduler = new WallScheduler();
    let ran = false;
    scheduler.at(0, () => {
      ran = true;
    });
    expect(ran).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toBe(true);
  });

  it('counts from the moment the drifting clocks count from, when the run wakes late', () => {
    // A loaded machine woke the run 30 ms after that moment: t = 0 is still the moment itself.
    const scheduler = new WallScheduler(Date.now() - 30);
    expect(scheduler.nowMs()).toBeGreaterThanOrEqual(29);
    expect(scheduler.nowMs()).toBeLessThan(45);
    expect(new WallScheduler().nowMs()).toBeLessThan(5);
  });

  it('cancels everything pending, and ignores what is asked after', async () => {
    const scheduler = new WallScheduler();
    let ran = 0;
    scheduler.at(10, () => ran++);
    scheduler.cancelAll();
    scheduler.at(0, () => ran++);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(ran).toBe(0);
    expect(scheduler.pending).toBe(0);
  });
});
