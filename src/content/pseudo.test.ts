import { describe, expect, it } from 'vitest';
import { listingProblems } from './pseudo';
import { redisLockListing } from './redisLock';
import { fencingListing } from './fencingStorage';
import { postgresListing } from './postgresLocks';

describe('pseudo-code listings', () => {
  it.each([
    ['redis', redisLockListing],
    ['fencing', fencingListing],
    ['postgres', postgresListing],
  ])('%s: every marker has its note and every note its marker', (_, listing) => {
    expect(listingProblems(listing)).toEqual([]);
  });

  it('finds a marker with no note', () => {
    expect(
      listingProblems({ title: 't', lines: [{ code: 'x', notes: [2] }], notes: ['a'] }),
    ).toEqual(['marker 2 has no note', 'note 1 has no marker']);
  });
});
