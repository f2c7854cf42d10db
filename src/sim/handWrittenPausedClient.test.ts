import { describe, expect, it } from 'vitest';
import { HandWrittenPausedClient } from './handWrittenPausedClient';
import { prepareRun } from './simulate';

// The benchmark prints the hand-written run as the engine's floor; that comparison means
// something only while both do the same work, so both must produce the same trace.
describe('the hand-written paused client', () => {
  it('produces the engine’s trace, event count and queue depth, byte for byte, seed by seed', () => {
    const engine = prepareRun({ scenario: 'paused-client', variant: 'fencing-on' });
    const byHand = new HandWrittenPausedClient();
    for (let seed = 1; seed <= 500; seed++) {
      const expected = engine.run(seed);
      const actual = byHand.run(seed);
      expect(JSON.stringify(actual.trace), `seed ${seed}`).toBe(JSON.stringify(expected.trace));
      expect(actual.events, `seed ${seed}`).toBe(expected.events);
      expect(actual.queueDepthSum, `seed ${seed}`).toBe(expected.queueDepthSum);
    }
  });

  it('tells the story the engine tells: the stale write is rejected', () => {
    const { trace } = new HandWrittenPausedClient().run(42);
    expect(trace.outcome.verdict).toBe('stale-write-rejected');
    expect(trace.outcome.document).toEqual({ body: 'v2', fence: 34 });
  });
});
