import { describe, expect, it } from 'vitest';
import {
  gatherLinkProblems,
  isCleanLink,
  repeatedParams,
  unknownHashProblem,
  type LinkReader,
} from './linkProblems';
import { hashFound } from './linkHash';

const SECTIONS = ['top', 'see-it', 'numbers'];
const ids = new Set([...SECTIONS, 'main', 'café']);
const exists = (id: string) => ids.has(id);

describe('isCleanLink', () => {
  it('is clean with no query and no hash, or a hash that names a section', () => {
    expect(isCleanLink('', '', SECTIONS)).toBe(true);
    expect(isCleanLink('?', '#', SECTIONS)).toBe(true);
    expect(isCleanLink('', '#numbers', SECTIONS)).toBe(true);
  });
  it('needs reading with any query, or a hash that is not a section', () => {
    expect(isCleanLink('?try-ttl=300', '', SECTIONS)).toBe(false);
    expect(isCleanLink('', '#nope', SECTIONS)).toBe(false);
    // An element that is not a section (the skip link's #main) is checked against the page.
    expect(isCleanLink('', '#main', SECTIONS)).toBe(false);
  });
});

describe('hashFound', () => {
  it('finds an empty hash and one that names an element, decoded or not', () => {
    expect(hashFound('', exists)).toBe(true);
    expect(hashFound('#main', exists)).toBe(true);
    expect(hashFound('#caf%C3%A9', exists)).toBe(true);
    expect(hashFound('#nope', exists)).toBe(false);
  });
});

describe('unknownHashProblem', () => {
  it('says nothing for a hash that names an element, percent-encoded or not', () => {
    expect(unknownHashProblem('#main', exists, 'load')).toBeNull();
    expect(unknownHashProblem('#caf%C3%A9', exists, 'load')).toBeNull();
    expect(unknownHashProblem('', exists, 'load')).toBeNull();
    expect(unknownHashProblem('#', exists, 'load')).toBeNull();
  });
  it('names a hash that names nothing, says what the page did, and points to the contents', () => {
    const atLoad = unknownHashProblem('#nope', exists, 'load');
    expect(atLoad).toEqual({
      key: 'hash',
      text: 'The link’s #nope names no part of this page, so the page opened at its top. Every section is in the contents.',
      section: null,
      unknownHash: true,
    });
    expect(unknownHashProblem('#nope', exists, 'later')?.text).toBe(
      '#nope names no part of this page, so the page stayed where it was. Every section is in the contents.',
    );
  });
  it('cuts a long hash short, decoded, and keeps a malformed escape as it came', () => {
    const long = unknownHashProblem(`#${'a'.repeat(100)}`, exists, 'load');
    expect(long?.text).toContain(`#${'a'.repeat(40)}… names no part`);
    expect(unknownHashProblem('#%3Cb%3E', exists, 'load')?.text).toContain('#<b> names');
    expect(unknownHashProblem('#100%', exists, 'load')?.text).toContain('#100% names');
  });
});

describe('repeatedParams', () => {
  it('says which value was used when a parameter comes twice with different values', () => {
    expect(repeatedParams('?scenario=a&scenario=b', ['scenario'])).toEqual([
      'The link gives scenario twice (“a”, “b”); the page used the first, “a”.',
    ]);
  });
  it('says nothing of a repeat with one value, nor of a parameter no section reads', () => {
    expect(repeatedParams('?scenario=a&scenario=a', ['scenario'])).toEqual([]);
    expect(repeatedParams('?utm=a&utm=b', ['scenario'])).toEqual([]);
  });
  it('counts past two and cuts long values short', () => {
    const [text] = repeatedParams(`?step=1&step=2&step=3&step=${'9'.repeat(30)}`, ['step']);
    expect(text).toBe(
      'The link gives step 4 times (“1”, “2”, “3”, …); the page used the first, “1”.',
    );
    const [long] = repeatedParams(`?lock=${'x'.repeat(30)}&lock=y`, ['lock']);
    expect(long).toContain(`(“${'x'.repeat(20)}…”, “y”)`);
  });
});

describe('gatherLinkProblems', () => {
  const reader = (keys: string[], problems: string[]): LinkReader => ({
    keys,
    problems: () => problems,
  });

  it('lists the hash first, then each section in the page’s order with its own sentences', () => {
    const found = gatherLinkProblems(
      { search: '?a=1&b=2&b=3', hash: '#nope' },
      [
        { section: 'paused-client', reader: reader(['a'], ['A is bad.']) },
        { section: 'see-it', reader: reader(['b'], []) },
        { section: 'redlock', reader: reader(['c'], []) },
      ],
      exists,
    );
    expect(found.map((p) => [p.key, p.section, p.text])).toEqual([
      ['hash', null, expect.stringContaining('#nope')],
      ['paused-client', 'paused-client', 'A is bad.'],
      ['see-it', 'see-it', 'The link gives b twice (“2”, “3”); the page used the first, “2”.'],
    ]);
  });

  it('asks no section when the link has no query', () => {
    const asked: string[] = [];
    const spy: LinkReader = {
      keys: [],
      problems: (s) => {
        asked.push(s);
        return [];
      },
    };
    expect(
      gatherLinkProblems({ search: '', hash: '#see-it' }, [{ section: 'x', reader: spy }], exists),
    ).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('says so when a section’s reading fails, rather than staying silent', () => {
    const broken: LinkReader = {
      keys: [],
      problems: () => {
        throw new Error('boom');
      },
    };
    const [p] = gatherLinkProblems(
      { search: '?x=1', hash: '' },
      [{ section: 'redlock', reader: broken }],
      exists,
    );
    expect(p?.text).toMatch(/could not read this link’s values for this section \(Error: boom\)/);
  });

  it('keeps apart what a panel says at its own top, for the copy where the link leads', () => {
    const atTop = (problems: () => string[]): LinkReader => ({
      keys: ['b'],
      problems,
      saidAtTop: true,
    });
    const gather = (search: string, r: LinkReader) =>
      gatherLinkProblems({ search, hash: '' }, [{ section: 'see-it', reader: r }], exists)[0];
    expect(
      gather(
        '?b=2',
        atTop(() => ['B is bad.']),
      )?.notSaidAtTop,
    ).toBe('');
    expect(
      gather(
        '?b=2&b=3',
        atTop(() => ['B is bad.']),
      ),
    ).toMatchObject({
      text: 'B is bad. The link gives b twice (“2”, “3”); the page used the first, “2”.',
      notSaidAtTop: 'The link gives b twice (“2”, “3”); the page used the first, “2”.',
    });
    // A reading that failed said nothing at the panel's top: all of it is new there.
    const failed = gather(
      '?b=2',
      atTop(() => {
        throw new Error('boom');
      }),
    );
    expect(failed?.notSaidAtTop).toBe(failed?.text);
    // A panel that says nothing at its top has nothing to keep apart.
    expect(gather('?b=2', reader(['b'], ['B is bad.']))).not.toHaveProperty('notSaidAtTop');
  });
});
