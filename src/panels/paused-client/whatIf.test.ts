import { describe, expect, it } from 'vitest';
import { timelineModel } from '../../viz/timeline';
import { pausedClientStory, storySentence } from './story';
import {
  parseWhatIfQuery,
  whatIfSearch,
  PAUSE_RANGE_MS,
  RECORDED_NUMBERS,
  TTL_RANGE_MS,
  whatIfRun,
  whatIfVerdict,
  type WhatIfNumbers,
} from './whatIf';

function tryNumbers(n: WhatIfNumbers) {
  const trace = whatIfRun(n);
  const story = pausedClientStory(timelineModel(trace));
  return { trace, story, verdict: whatIfVerdict(trace, n, story) };
}

describe('try other numbers', () => {
  it('starts from the recorded run’s numbers, with fencing on', () => {
    expect(RECORDED_NUMBERS).toEqual({ ttlMs: 300, pauseMs: 500, fencing: true, lock: 'redis' });
    const { trace } = tryNumbers(RECORDED_NUMBERS);
    expect(trace.params).toMatchObject({ ttlMs: 300, pauseMs: 500, lock: 'redis' });
    expect(trace.variant).toBe('fencing-on');
  });

  it.each([
    [
      { ttlMs: 300, pauseMs: 0, fencing: true, lock: 'redis' },
      'safe',
      /^Safe: client 1 did not pause, so it wrote “v1” and let go long before its 300 ms TTL ran out; client 2 took the lock after it, with a higher token, and wrote “v2” in turn\./,
    ],
    [
      { ttlMs: 300, pauseMs: 200, fencing: false, lock: 'redis' },
      'safe',
      /before its 300 ms TTL ran out/,
    ],
    [
      { ttlMs: 300, pauseMs: 300, fencing: true, lock: 'redis' },
      'safe',
      /^Safe by luck: .* while client 1 was paused/,
    ],
    [
      { ttlMs: 300, pauseMs: 310, fencing: true, lock: 'redis' },
      'two-holders',
      /fence would have turned it away/,
    ],
    [
      { ttlMs: 300, pauseMs: 310, fencing: false, lock: 'redis' },
      'two-holders',
      /overwritten client 2’s/,
    ],
    [
      { ttlMs: 300, pauseMs: 500, fencing: false, lock: 'redis' },
      'stale-write-accepted',
      /“v2” is lost under a stale “v1”/,
    ],
    [
      { ttlMs: 300, pauseMs: 500, fencing: true, lock: 'redis' },
      'stale-write-rejected',
      /had seen token 34, so it rejected/,
    ],
    [
      { ttlMs: 1000, pauseMs: 1500, fencing: true, lock: 'redis' },
      'stale-write-rejected',
      /paused 1500 ms, past its 1000 ms TTL/,
    ],
  ] as const)('%j: %s', (n, verdict, sentence) => {
    const result = tryNumbers(n);
    expect(result.trace.outcome.verdict).toBe(verdict);
    expect(result.verdict).toMatch(sentence);
  });

  it('holds the lesson over the sliders’ whole range: pause past the TTL, and only the fence saves the data', () => {
    for (let ttlMs = TTL_RANGE_MS.min; ttlMs <= TTL_RANGE_MS.max; ttlMs += 50) {
      for (let pauseMs = PAUSE_RANGE_MS.min; pauseMs <= PAUSE_RANGE_MS.max; pauseMs += 50) {
        for (const [fencing, lock] of [
          [false, 'redis'],
          [true, 'redis'],
          [false, 'pg-lease'],
          [true, 'pg-lease'],
        ] as const) {
          const n = { ttlMs, pauseMs, fencing, lock };
          const { trace, verdict } = tryNumbers(n);
          const what = `${JSON.stringify(n)} gave ${trace.outcome.verdict}`;
          // Client 1 pauses from 10 ms; client 2 asks at ttl + 20 ms.
          if (pauseMs + 10 < ttlMs) expect(trace.outcome.verdict, what).toBe('safe');
          if (pauseMs > ttlMs + 30) {
            expect(trace.outcome.verdict, what).toBe(
              fencing ? 'stale-write-rejected' : 'stale-write-accepted',
            );
          }
          if (fencing) expect(trace.outcome.verdict, what).not.toBe('stale-write-accepted');
          expect(verdict.length, what).toBeGreaterThan(40);
        }
      }
    }
  });

  it('runs on the Postgres lease row too, which expires under a paused holder all the same', () => {
    const { trace, verdict } = tryNumbers({
      ttlMs: 300,
      pauseMs: 500,
      fencing: true,
      lock: 'pg-lease',
    });
    expect(trace.params.lock).toBe('pg-lease');
    expect(trace.outcome.verdict).toBe('stale-write-rejected');
    expect(verdict).toMatch(/had seen token 34/);
  });

  it('gives the same run for the same numbers', () => {
    const n: WhatIfNumbers = { ttlMs: 420, pauseMs: 730, fencing: false, lock: 'pg-lease' };
    expect(JSON.stringify(whatIfRun(n))).toBe(JSON.stringify(whatIfRun({ ...n })));
  });
});

describe('the story sentence with other numbers', () => {
  it('tells events in the order they happened, and says mid-pause only when it was', () => {
    // The TTL runs out 0.6 ms after client 1 wakes, and client 1 writes before client 2 asks.
    const late = storySentence(
      tryNumbers({ ttlMs: 300, pauseMs: 290, fencing: true, lock: 'redis' }).story,
    );
    expect(late).toMatch(/Its TTL runs out at 300\.\d ms, before client 1 lets go\./);
    expect(late).not.toMatch(/mid-pause/);
    const early = storySentence(
      tryNumbers({ ttlMs: 300, pauseMs: 300, fencing: true, lock: 'redis' }).story,
    );
    expect(early.indexOf('Client 1 wakes and writes')).toBeLessThan(
      early.indexOf('Client 2 takes the lock'),
    );
    const none = storySentence(
      tryNumbers({ ttlMs: 300, pauseMs: 0, fencing: true, lock: 'redis' }).story,
    );
    expect(none).not.toMatch(/pauses/);
  });
});

describe('the reader’s numbers in the URL', () => {
  it('writes them beside the replay’s parameters, and reads them back', () => {
    const n: WhatIfNumbers = { ttlMs: 300, pauseMs: 310, fencing: false, lock: 'pg-lease' };
    const search = whatIfSearch('?scenario=paused-client&step=3', n);
    expect(search).toBe(
      '?scenario=paused-client&step=3&try-ttl=300&try-pause=310&try-fencing=off&try-lock=pg-lease',
    );
    expect(parseWhatIfQuery(search)).toEqual({ numbers: n, problems: [] });
    expect(whatIfSearch(search, null)).toBe('?scenario=paused-client&step=3');
    expect(whatIfSearch('?try-ttl=300', null)).toBe('');
  });

  it('fills what a link leaves out with the recorded numbers, and snaps to the sliders’ steps', () => {
    expect(parseWhatIfQuery('?try-pause=204')).toEqual({
      numbers: { ...RECORDED_NUMBERS, pauseMs: 200 },
      // The run differs from the link's number, so the reader is told.
      problems: [
        'The link’s try-pause 204 ms falls between the slider’s 10 ms steps, so it runs as 200 ms.',
      ],
    });
    expect(parseWhatIfQuery('?try-pause=200').problems).toEqual([]);
    // The nearest step, up as well as down; and both ends of a range are on it.
    expect(parseWhatIfQuery('?try-pause=206').numbers?.pauseMs).toBe(210);
    expect(parseWhatIfQuery('?try-ttl=50&try-pause=1500')).toEqual({
      numbers: { ...RECORDED_NUMBERS, ttlMs: 50, pauseMs: 1500 },
      problems: [],
    });
    expect(parseWhatIfQuery('?step=4').numbers).toBeNull();
  });

  it.each([
    ['?try-ttl=abc', 'try-ttl “abc” is not a number of ms from 50 to 1000'],
    ['?try-ttl=5000', 'try-ttl “5000” is not a number of ms from 50 to 1000'],
    ['?try-pause=-1', 'try-pause “-1” is not a number of ms from 0 to 1500'],
    ['?try-fencing=yes', 'try-fencing “yes” is neither on nor off'],
    ['?try-lock=etcd', 'try-lock “etcd” is not one of redis, pg-lease'],
    ['?try-lock=__proto__', 'try-lock “__proto__” is not one of redis, pg-lease'],
  ])('refuses %s with a sentence, and shows the recorded run', (search, problem) => {
    const parsed = parseWhatIfQuery(search);
    expect(parsed.numbers).toBeNull();
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toContain(problem);
  });

  it('keeps the good values of a link that also has a bad one, and says what replaces the bad', () => {
    const parsed = parseWhatIfQuery('?try-pause=800&try-fencing=maybe');
    expect(parsed.numbers).toEqual({ ...RECORDED_NUMBERS, pauseMs: 800 });
    expect(parsed.problems).toEqual([
      `The link’s try-fencing “maybe” is neither on nor off, so fencing is ${RECORDED_NUMBERS.fencing ? 'on' : 'off'}, as recorded.`,
    ]);
    const mixed = parseWhatIfQuery('?try-ttl=400&try-pause=abc&try-fencing=off');
    expect(mixed.numbers).toEqual({ ...RECORDED_NUMBERS, ttlMs: 400, fencing: false });
    expect(mixed.problems).toEqual([
      `The link’s try-pause “abc” is not a number of ms from 0 to 1500, so the pause is the recorded ${RECORDED_NUMBERS.pauseMs} ms.`,
    ]);
  });
});

describe('the what-if’s reading of a link, for the notice under the title', () => {
  it('reads the parameters whatIfSearch writes, and gives parseWhatIfQuery’s sentences', async () => {
    const { WHAT_IF_KEYS, whatIfLinkReader, whatIfSearch, parseWhatIfQuery, RECORDED_NUMBERS } =
      await import('./whatIf');
    const written = new URLSearchParams(whatIfSearch('', RECORDED_NUMBERS));
    expect([...written.keys()].sort()).toEqual([...WHAT_IF_KEYS].sort());
    const search = '?try-ttl=abc&try-lock=zk';
    expect(whatIfLinkReader.problems(search)).toEqual(parseWhatIfQuery(search).problems);
    expect(whatIfLinkReader.problems(search)).toHaveLength(2);
  });
});
