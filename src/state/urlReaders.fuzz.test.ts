// Properties of the page's URL readers over any link: the replay's moment (playbackUrl), a
// panel's number of ms (urlParams), and what the notice under the title says of a link
// (linkProblems, with every section's own reader). A link can hold anything, so they never throw,
// what they quote of it stays short and whole (no half of an emoji), and a link the page wrote
// reads back as the state it was written from.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PAGE_KEYS, oddHash, oddSearch } from '../testing/oddSearch';
import { wellFormed } from '../testing/oddJson';
import { REPLAY_KEYS, parseReplayQuery, replaySearch } from './playbackUrl';
import { readMsParam, searchWith, type MsRange } from './urlParams';
import { gatherLinkProblems, quoted, repeatedParams, unknownHashProblem } from './linkProblems';
import { runsReady } from '../panels/replay/runs';
import { replayLinkReader } from '../panels/replay/linkReader';
import { whatIfLinkReader, PAUSE_RANGE_MS, TTL_RANGE_MS } from '../panels/paused-client/whatIf';
import { redlockLinkReader } from '../panels/redlock/readLink';
import { CLOCK_JUMP_RANGE_MS } from '../panels/redlock/clockJump';
import { GC_PAUSE_RANGE_MS } from '../panels/redlock/gcPause';

const RUNS = 1_000;
/** One sentence about one value: what was wrong, a short quote, and what the page does instead. */
const SENTENCE_MAX_CHARS = 300;

function expectShortAndWhole(sentences: readonly string[], max = SENTENCE_MAX_CHARS): void {
  for (const s of sentences) {
    expect(s.length).toBeGreaterThan(0);
    expect(s.length, s.slice(0, 100)).toBeLessThanOrEqual(max);
    expect(wellFormed(s), JSON.stringify(s)).toBe(true);
  }
}

const NAME = /^[a-z0-9][a-z0-9+-]{0,63}$/;
const name = fc.stringMatching(NAME);
const SLIDER_RANGES: readonly MsRange[] = [
  TTL_RANGE_MS,
  PAUSE_RANGE_MS,
  CLOCK_JUMP_RANGE_MS,
  GC_PAUSE_RANGE_MS,
];

describe('parseReplayQuery on any link (properties)', () => {
  it('never throws; keeps only names and steps, and quotes the rest briefly', () => {
    fc.assert(
      fc.property(oddSearch, (search) => {
        const { query, present, problems } = parseReplayQuery(search);
        const params = new URLSearchParams(search);
        expect(present).toBe(REPLAY_KEYS.some((k) => params.has(k)));
        for (const k of ['scenario', 'variant', 'lock'] as const)
          if (query[k] !== undefined) expect(query[k]).toMatch(NAME);
        if (query.step !== undefined) {
          expect(Number.isSafeInteger(query.step)).toBe(true);
          expect(query.step).toBeGreaterThanOrEqual(0);
          expect(query.step).toBeLessThanOrEqual(1_000_000);
        }
        expectShortAndWhole(problems);
      }),
      { numRuns: RUNS },
    );
  });

  it('reads back the moment replaySearch wrote, whatever else the link holds', () => {
    fc.assert(
      fc.property(
        oddSearch,
        fc.record({
          scenario: name,
          variant: name,
          lock: fc.oneof(fc.constant(''), name),
          step: fc.nat(1_000_000),
        }),
        (current, moment) => {
          const { query, present, problems } = parseReplayQuery(replaySearch(current, moment));
          const { lock, ...rest } = moment;
          expect(query).toEqual(lock ? moment : rest);
          expect(present).toBe(true);
          expect(problems).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('readMsParam on any link (properties)', () => {
  it('never throws; a number it reads is on the slider, and what it quotes is short', () => {
    fc.assert(
      fc.property(
        oddSearch,
        fc.constantFrom(...PAGE_KEYS),
        fc.constantFrom(...SLIDER_RANGES),
        (search, key, range) => {
          const read = readMsParam(new URLSearchParams(search), key, range);
          if (read.ms !== null) {
            expect(read.ms).toBeGreaterThanOrEqual(range.min);
            expect(read.ms).toBeLessThanOrEqual(range.max);
            expect((read.ms - range.min) % range.step).toBe(0);
            expect(read.problem).toBeNull();
          }
          expectShortAndWhole([read.problem, read.rounded].filter((s): s is string => s !== null));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('keeps a snapped number inside any range, even one its steps do not divide', () => {
    const range = fc
      .tuple(fc.nat(1000), fc.nat(5000), fc.integer({ min: 1, max: 500 }))
      .map(([min, width, step]) => ({ min, max: min + width, step }));
    fc.assert(
      fc.property(range, fc.nat(7000), (r, value) => {
        const read = readMsParam(new URLSearchParams(`k=${value}`), 'k', r);
        if (value < r.min || value > r.max) expect(read.ms).toBeNull();
        else {
          expect(read.ms).not.toBeNull();
          expect(read.ms!).toBeGreaterThanOrEqual(r.min);
          expect(read.ms!).toBeLessThanOrEqual(r.max);
          expect(Math.abs(read.ms! - value)).toBeLessThanOrEqual(r.step);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('reads back every slider value as written, with nothing to say', () => {
    fc.assert(
      fc.property(
        oddSearch,
        fc.constantFrom(...SLIDER_RANGES),
        fc.nat(),
        (current, range, pick) => {
          const places = Math.floor((range.max - range.min) / range.step) + 1;
          const ms = range.min + (pick % places) * range.step;
          const search = searchWith(current, { 'try-x': String(ms) });
          expect(readMsParam(new URLSearchParams(search), 'try-x', range)).toEqual({
            ms,
            problem: null,
            rounded: null,
          });
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('the link notice on any link (properties)', () => {
  beforeAll(() => runsReady);
  const sections = ['top', 'paused-client', 'see-it', 'redlock', 'numbers'];
  const exists = (id: string) => sections.includes(id);
  const readers = [
    { section: 'paused-client', reader: whatIfLinkReader },
    { section: 'see-it', reader: replayLinkReader },
    { section: 'redlock', reader: redlockLinkReader },
  ];

  it('unknownHashProblem never throws, and quotes at most 40 characters of the hash, whole', () => {
    fc.assert(
      fc.property(oddHash, fc.constantFrom('load' as const, 'later' as const), (hash, when) => {
        const problem = unknownHashProblem(hash, exists, when);
        if (problem) expectShortAndWhole([problem.text], 200);
      }),
      { numRuns: RUNS },
    );
  });

  it('repeatedParams never throws, and says each repeated key in one short sentence', () => {
    fc.assert(
      fc.property(oddSearch, (search) => {
        const sentences = repeatedParams(search, PAGE_KEYS);
        const params = new URLSearchParams(search);
        const repeated = PAGE_KEYS.filter((k) => new Set(params.getAll(k)).size > 1);
        expect(sentences).toHaveLength(repeated.length);
        expectShortAndWhole(sentences);
      }),
      { numRuns: RUNS },
    );
  });

  it('gatherLinkProblems reads any link with every section’s reader, without a reader failing', () => {
    fc.assert(
      fc.property(oddSearch, oddHash, (search, hash) => {
        const problems = gatherLinkProblems({ search, hash }, readers, exists);
        for (const p of problems) {
          // A reader that threw is reported, not thrown: here that would be a bug of the page's.
          expect(p.text).not.toMatch(/could not read this link/);
          // A few sentences a section, each with a short quote, however long the link.
          expectShortAndWhole([p.text], 3_000);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('URL readers: the cases the properties found', () => {
  it('quotes a value whose 20th character is an emoji whole, not half of it', () => {
    // UTF-16 keeps 😀 as two code units; slice(0, 20) cut between them, and the notice showed �.
    const { problems } = parseReplayQuery(`?step=${'9'.repeat(19)}😀`);
    expect(problems).toEqual([
      `The link’s step “${'9'.repeat(19)}” is not a step number, so the replay starts at the beginning.`,
    ]);
    expect(quoted(`${'a'.repeat(39)}😀😀`)).toBe(`${'a'.repeat(39)}…`);
  });

  it('snaps a value near the top of a range its steps do not divide to a step inside it', () => {
    expect(readMsParam(new URLSearchParams('k=11'), 'k', { min: 0, max: 11, step: 3 }).ms).toBe(9);
  });
});
