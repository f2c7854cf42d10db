import { describe, expect, it } from 'vitest';
import { readLink, redlockLinkReader, redlockRun, type RunName } from './readLink';

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
      link.stepProblem,
    ]);
    expect(link.stepProblem).toBe(link.stepFromLink.problem);
    expect(redlockLinkReader.problems('?try-jump=500')).toEqual([]);
  });

  it('says when the linked step is past the end of the run the link opens, as the panel draws it', () => {
    const lastOf = (which: RunName, ms: number | null) =>
      redlockRun(which, ms).trace!.events.length;
    const last = lastOf('redlock-clock-jump', null);
    expect(redlockLinkReader.problems(`?redlock-step=${last}`)).toEqual([]);
    expect(redlockLinkReader.problems(`?redlock-step=${last + 1}`)).toEqual([
      `The link’s redlock-step ${last + 1} is past this run’s last event (${last}), so the figure shows its end.`,
    ]);
    // The run's length is that of the size the link opens: a small clock jump leaves client 2
    // without a majority, and its run has fewer events than the recorded one.
    const shortLast = lastOf('redlock-clock-jump', 500);
    expect(shortLast).toBeLessThan(last);
    expect(redlockLinkReader.problems(`?try-jump=500&redlock-step=${shortLast}`)).toEqual([]);
    expect(redlockLinkReader.problems(`?try-jump=500&redlock-step=${last}`)).toEqual([
      `The link’s redlock-step ${last} is past this run’s last event (${shortLast}), so the figure shows its end.`,
    ]);
  });
});
