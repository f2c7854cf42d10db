import { beforeAll, describe, expect, it } from 'vitest';
import { loadRun, recordingSet, replayOptions, runsReady } from './runs';
import { ReplayCursor } from './cursor';

describe('every run the replay offers', () => {
  beforeAll(() => runsReady);

  it('loads: every recording is valid, and the engine runs the rest', () => {
    expect(recordingSet().invalid).toEqual([]);
    for (const o of replayOptions()) {
      const run = loadRun(o);
      expect(run.error, o.id).toBeNull();
      expect(run.trace?.events.length, o.id).toBeGreaterThan(0);
    }
  });

  it('ends with the document the run’s own outcome reports', () => {
    for (const o of replayOptions()) {
      const trace = loadRun(o).trace!;
      const end = new ReplayCursor(trace).stateAt(trace.events.length);
      expect(end.document.body, o.id).toBe(trace.outcome.document.body);
    }
  });

  it('finds the stale write wherever the outcome says one was accepted or rejected', () => {
    for (const o of replayOptions()) {
      const trace = loadRun(o).trace!;
      const c = new ReplayCursor(trace);
      const i = c.staleWriteIndex();
      if (trace.outcome.verdict === 'stale-write-accepted') {
        expect(c.verdict(i!)?.accepted, o.id).toBe(true);
      }
      if (trace.outcome.verdict === 'stale-write-rejected' && o.lock !== 'pg-advisory') {
        expect(c.verdict(i!)?.accepted, o.id).toBe(false);
      }
    }
  });
});
