import { describe, expect, it } from 'vitest';
import { readLink, redlockLinkReader } from './readLink';

describe('the Redlock figure’s reading of a link', () => {
  it('reads the parameters the figure writes', () => {
    expect([...redlockLinkReader.keys].sort()).toEqual(
      ['redlock', 'redlock-step', 'try-gc-pause', 'try-jump'].sort(),
    );
  });

  it('reports a bad GC pause even when the figure opens the clock jump', () => {
    const search = '?try-jump=300&try-gc-pause=abc';
    expect(readLink(search).which).toBe('redlock-clock-jump');
    expect(redlockLinkReader.problems(search)).toEqual([
      'The link’s try-gc-pause “abc” is not a number of ms from 0 to 1000, so the figure runs the recorded 500 ms GC pause.',
    ]);
  });

  it('gives the panel’s own sentences, in the order of its controls', () => {
    const search = '?redlock=paxos&try-jump=x&redlock-step=q';
    const link = readLink(search);
    expect(redlockLinkReader.problems(search)).toEqual([
      link.runProblem,
      link.linkProblem['redlock-clock-jump'],
      link.stepFromLink.problem,
    ]);
    expect(redlockLinkReader.problems('?try-jump=500')).toEqual([]);
  });
});
