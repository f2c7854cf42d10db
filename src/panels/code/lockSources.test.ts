import { describe, expect, it } from 'vitest';
import { lockSources } from './lockSources';

describe('the tested sources the page shows', () => {
  // The page prints each file as it is, and the files keep to 100 columns: a longer line runs
  // past the code box at 1280 px, and the reader scrolls sideways for the rest of a sentence
  // (advisory-lock.sql once had a comment line of 140).
  it('keep every line to 100 characters', () => {
    for (const source of Object.values(lockSources)) {
      const long = source.code.split('\n').filter((line) => line.length > 100);
      expect(long, source.file).toEqual([]);
    }
  });
});
