// The committed recordings/numbers.json, read as the page reads it: an author who ran
// `npm run lab:bench` learns here, before committing, whether the page will show the numbers or
// the notice that the file is broken (as runs.test.ts does for the recordings).
import { describe, expect, it } from 'vitest';
import { numbersLoad } from './numbersSource';

describe('recordings/numbers.json', () => {
  it('is there and the page accepts it', () => {
    expect(numbersLoad.status === 'invalid' ? numbersLoad.problems : []).toEqual([]);
    expect(numbersLoad.status).toBe('ok');
  });
});
