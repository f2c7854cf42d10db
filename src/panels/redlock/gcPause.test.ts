import { describe, expect, it } from 'vitest';
import { GC_PAUSE_RANGE_MS, gcPauseRun, noOverlapAfterPause } from './gcPause';

describe('sizing the GC pause', () => {
  it('gives two holders from some length on, and for every longer pause', () => {
    const twoHolders: boolean[] = [];
    for (
      let ms = GC_PAUSE_RANGE_MS.min;
      ms <= GC_PAUSE_RANGE_MS.max;
      ms += GC_PAUSE_RANGE_MS.step
    ) {
      const { trace } = gcPauseRun.run(ms);
      expect(trace, `${ms} ms`).not.toBeNull();
      twoHolders.push(trace!.outcome.holdersOverlap);
    }
    const first = twoHolders.indexOf(true);
    // Past the TTL (300 ms, less the 60 ms before the pause), not at the first step.
    expect(first * GC_PAUSE_RANGE_MS.step).toBeGreaterThan(240);
    expect(twoHolders.slice(first).every(Boolean)).toBe(true);
    expect(twoHolders.slice(0, first).some(Boolean)).toBe(false);
  });

  it('runs the recorded length as the panel first shows it', () => {
    const { trace } = gcPauseRun.run(gcPauseRun.recordedMs);
    expect(gcPauseRun.recordedMs).toBe(500);
    expect(trace?.params.pauseMs).toBe(500);
    expect(trace?.outcome.verdict).toBe('two-holders');
  });
});

describe('why a pause gave no second holder', () => {
  it('says a short pause ended while client 1 still held the lock, with the run’s own times', () => {
    const { trace } = gcPauseRun.run(100);
    const wrote = trace!.events.find((e) => e.actor === 'client-1' && e.f === 'write')!;
    const took = trace!.events.find(
      (e) => e.actor === 'client-2' && e.f === 'acquire' && e.type === 'ok',
    )!;
    const sentence = noOverlapAfterPause(trace!);
    expect(sentence).toMatch(/^A 100 ms pause ended before client 1’s keys expired \(TTL 300 ms\)/);
    expect(sentence).toContain(`it wrote at ${Math.round(wrote.t * 10) / 10} ms`);
    expect(sentence).toContain(
      `client 2 got its majority only at ${Math.round(took.t * 10) / 10} ms`,
    );
  });

  it('says a pause past the TTL wrote with expired keys and was saved only by timing', () => {
    const { trace } = gcPauseRun.run(250);
    expect(trace!.outcome.holdersOverlap).toBe(false);
    expect(noOverlapAfterPause(trace!)).toMatch(
      /^A 250 ms pause ran past the 300 ms TTL, so client 1 wrote at 31\d(\.\d)? ms with keys that had already expired; client 2 got its majority only at 32\d(\.\d)? ms, so by luck/,
    );
  });
});

describe('the reader’s pause in the URL', () => {
  it('writes it beside other parameters, reads it back, and refuses a bad one', () => {
    expect(gcPauseRun.search('?try-jump=500', 250)).toBe('?try-jump=500&try-gc-pause=250');
    expect(gcPauseRun.search('?try-gc-pause=250', null)).toBe('');
    expect(gcPauseRun.parse('?try-gc-pause=250')).toEqual({ ms: 250, problem: null });
    expect(gcPauseRun.parse('?try-gc-pause=1001').problem).toBe(
      'The link’s try-gc-pause “1001” is not a number of ms from 0 to 1000; this is the recorded 500 ms.',
    );
  });
});
