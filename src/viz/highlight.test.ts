import { describe, expect, it } from 'vitest';
import { tokenize, toLines, type Language, type Token } from './highlight';

const kinds = (tokens: Token[]) =>
  tokens.filter((t) => t.kind !== 'plain' || t.text.trim() !== '').map((t) => [t.kind, t.text]);

describe('tokenize', () => {
  it('colours a Redis script: comments, keywords, builtins, strings, numbers', () => {
    const src = "-- take it\nif redis.call('EXISTS', KEYS[1]) == 1 then\n  return false\nend";
    expect(kinds(tokenize(src, 'lua'))).toEqual([
      ['comment', '-- take it'],
      ['keyword', 'if'],
      ['builtin', 'redis'],
      ['punctuation', '.'],
      ['function', 'call'],
      ['punctuation', '('],
      ['string', "'EXISTS'"],
      ['punctuation', ','],
      ['builtin', 'KEYS'],
      ['punctuation', '['],
      ['number', '1'],
      ['punctuation', '])'],
      ['operator', '=='],
      ['number', '1'],
      ['keyword', 'then'],
      ['keyword', 'return'],
      ['keyword', 'false'],
      ['keyword', 'end'],
    ]);
  });

  it('reads Lua long strings and block comments as one token', () => {
    const tokens = tokenize('--[[ a\nb ]] x = [[c\nd]]', 'lua');
    expect(tokens[0]).toEqual({ kind: 'comment', text: '--[[ a\nb ]]' });
    expect(tokens.at(-1)).toEqual({ kind: 'string', text: '[[c\nd]]' });
  });

  it('colours SQL case-insensitively, with parameters, types and doubled quotes', () => {
    const src = "update documents SET body = $2 WHERE name = 'it''s' AND fence <= $3; -- done";
    const k = kinds(tokenize(src, 'sql'));
    expect(k).toContainEqual(['keyword', 'update']);
    expect(k).toContainEqual(['keyword', 'SET']);
    expect(k).toContainEqual(['param', '$2']);
    expect(k).toContainEqual(['param', '$3']);
    expect(k).toContainEqual(['string', "'it''s'"]);
    expect(k).toContainEqual(['operator', '<=']);
    expect(k.at(-1)).toEqual(['comment', '-- done']);
  });

  it('tells functions, types and quoted identifiers apart in SQL', () => {
    const k = kinds(
      tokenize('SELECT pg_try_advisory_xact_lock(hashtext("Name")), 1::bigint', 'sql'),
    );
    expect(k).toContainEqual(['function', 'pg_try_advisory_xact_lock']);
    expect(k).toContainEqual(['function', 'hashtext']);
    expect(k).toContainEqual(['plain', '"Name"']);
    expect(k).toContainEqual(['builtin', 'bigint']);
  });

  it('does not read digits inside a name as a number', () => {
    expect(tokenize('client_1 v2', 'sql')).toEqual([{ kind: 'plain', text: 'client_1 v2' }]);
  });

  it('colours pseudo code keywords and // comments', () => {
    const k = kinds(tokenize('IF rows == 0: RETURN busy   // a newer holder', 'pseudo'));
    expect(k[0]).toEqual(['keyword', 'IF']);
    expect(k).toContainEqual(['keyword', 'RETURN']);
    expect(k.at(-1)).toEqual(['comment', '// a newer holder']);
  });

  it('stops an unterminated string at the end of its line', () => {
    const tokens = tokenize("x = 'open\ny = 1", 'lua');
    expect(tokens).toContainEqual({ kind: 'string', text: "'open" });
    expect(tokens).toContainEqual({ kind: 'number', text: '1' });
  });

  // The one property that matters most: highlighting never changes the code it shows.
  it('gives back the source exactly, for any input', () => {
    const alphabet = 'abcIFendif-[]\'"$1 2.5\n\t/*-=<>(),;:_{}\\#';
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let run = 0; run < 500; run += 1) {
      let src = '';
      const length = next() % 60;
      for (let k = 0; k < length; k += 1) src += alphabet[next() % alphabet.length];
      for (const language of ['lua', 'sql', 'pseudo'] as Language[]) {
        const tokens = tokenize(src, language);
        expect(tokens.map((t) => t.text).join(''), `seed run ${run}, ${language}`).toBe(src);
        expect(tokens.every((t) => t.text.length > 0)).toBe(true);
      }
    }
  });
});

describe('toLines', () => {
  it('splits tokens at newlines and keeps each piece its kind', () => {
    const lines = toLines(tokenize('/* a\nb */ SELECT 1\n', 'sql'));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual([{ kind: 'comment', text: '/* a' }]);
    expect(lines[1]?.[0]).toEqual({ kind: 'comment', text: 'b */' });
    expect(lines[2]).toEqual([]);
  });
});
