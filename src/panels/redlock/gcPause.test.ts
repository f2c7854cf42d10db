import { describe, expect, it } from 'vitest';
import { lostUpdates } from '../../sim/checkers/checks';
import { ReplayCursor } from '../replay/cursor';
import { describeEvent } from '../replay/describe';
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

describe('the step captions over the slider’s whole range', () => {
  it('say an update is lost exactly when the checker finds one', () => {
    const wrong: string[] = [];
    for (
      let ms = GC_PAUSE_RANGE_MS.min;
      ms <= GC_PAUSE_RANGE_MS.max;
      ms += GC_PAUSE_RANGE_MS.step
    ) {
      const { trace } = gcPauseRun.run(ms);
      const cursor = new ReplayCursor(trace!);
      const said = trace!.events.filter((e, i) =>
        /update is lost/.test(describeEvent(e, cursor.verdict(i), 'redlock')),
      ).length;
      if (said !== lostUpdates(trace!.events).length) wrong.push(`${ms} ms`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('why a pause gave no second holder', () => {
  const timeOf = (ms: number, actor: string, f: string, type: string) => {
    const e = gcPauseRun
      .run(ms)
      .trace!.events.find((x) => x.actor === actor && x.f === f && x.type === type)!;
    return `${Math.round(e.t * 10) / 10} ms`;
  };

  it('says a short pause ended while client 1 still held the lock, with the run’s own times', () => {
    const sentence = noOverlapAfterPause(gcPauseRun.run(100).trace!);
    expect(sentence).toBe(
      `Client 1’s pause, from ${timeOf(100, 'client-1', 'pause', 'info')} to ${timeOf(100, 'client-1', 'resume', 'info')}, ended before its keys expired (at about 300 ms): it wrote at ${timeOf(100, 'client-1', 'write', 'invoke')} while it still held the lock, and client 2 got its majority only at ${timeOf(100, 'client-2', 'acquire', 'ok')}. A pause that ends after client 2 has the lock gives two holders, and Redlock cannot tell.`,
    );
  });

  it('says a pause that ran past the keys’ expiry wrote without the lock and was saved by timing', () => {
    const { trace } = gcPauseRun.run(250);
    expect(trace!.outcome.holdersOverlap).toBe(false);
    // The pause is 250 ms, but it began at 60 ms: it ends past the 300 ms expiry.
    expect(noOverlapAfterPause(trace!)).toMatch(
      /^Client 1’s pause, from 60 ms to 310 ms, ran past its keys’ expiry \(at about 300 ms\), so it wrote at 310 ms with a lock it no longer held; client 2 got its majority only at 32\d(\.\d)? ms, so by luck/,
    );
  });

  it('does not speak of a pause when there was none', () => {
    expect(noOverlapAfterPause(gcPauseRun.run(0).trace!)).toMatch(
      /^With no pause, client 1 wrote at 60 ms, before its keys expired \(at about 300 ms\), and client 2 got its majority only at/,
    );
  });
});

describe('the reader’s pause in the URL', () => {
  it('writes it beside other parameters, reads it back, and refuses a bad one', () => {
    expect(gcPauseRun.search('?try-jump=500', 250)).toBe('?try-jump=500&try-gc-pause=250');
    expect(gcPauseRun.search('?try-gc-pause=250', null)).toBe('');
    expect(gcPauseRun.parse('?try-gc-pause=250')).toEqual({ ms: 250, problem: null });
    expect(gcPauseRun.parse('?try-gc-pause=1001').problem).toBe(
      'The link’s try-gc-pause “1001” is not a number of ms from 0 to 1000, so the figure runs the recorded 500 ms GC pause.',
    );
  });
});
