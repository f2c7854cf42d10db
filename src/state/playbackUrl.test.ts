import { describe, expect, it } from 'vitest';
import { parseReplayQuery, replayHref, replaySearch } from './playbackUrl';

describe('parseReplayQuery', () => {
  it('reads a full replay link', () => {
    expect(
      parseReplayQuery('?scenario=paused-client&variant=fencing-on&lock=redis&step=7'),
    ).toEqual({
      query: { scenario: 'paused-client', variant: 'fencing-on', lock: 'redis', step: 7 },
      present: true,
      problems: [],
    });
  });

  it('sees no replay in a link without its parameters', () => {
    expect(parseReplayQuery('')).toEqual({ query: {}, present: false, problems: [] });
    expect(parseReplayQuery('?utm=x')).toEqual({ query: {}, present: false, problems: [] });
  });

  it('drops malformed values with a problem each, and keeps the rest', () => {
    const r = parseReplayQuery('?scenario=%3Cscript%3E&variant=fencing-on&step=-4&lock=');
    expect(r.present).toBe(true);
    expect(r.query).toEqual({ variant: 'fencing-on' });
    expect(r.problems).toHaveLength(3);
    expect(parseReplayQuery('?step=1e3').query).toEqual({});
    expect(parseReplayQuery('?step=99999999').query).toEqual({});
    expect(parseReplayQuery('?step=0012').query).toEqual({ step: 12 });
    expect(parseReplayQuery('?step=1000000').query).toEqual({ step: 1_000_000 });
    expect(parseReplayQuery('?step=1000001').query).toEqual({});
    expect(parseReplayQuery('?scenario=-paused-client').query).toEqual({});
    expect(parseReplayQuery('?lock=%2Bredis').problems).toHaveLength(1);
  });
});

describe('replaySearch', () => {
  it('writes the replay moment and keeps unrelated parameters', () => {
    const s = { scenario: 'paused-client', variant: 'fencing-on', lock: 'pg-lease', step: 3 };
    expect(replaySearch('?lang=en&step=9', s)).toBe(
      '?lang=en&scenario=paused-client&variant=fencing-on&lock=pg-lease&step=3',
    );
    expect(replayHref('', s)).toBe(
      '?scenario=paused-client&variant=fencing-on&lock=pg-lease&step=3#see-it',
    );
    expect(parseReplayQuery(replaySearch('', s)).query).toEqual(s);
  });
});
