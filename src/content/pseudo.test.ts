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

  // Note 1 once ended "so retry the statement" right above note 2's "a retry would … be refused
  // again": a reader met "retry" and "do not retry" one line apart. They are two failures.
  it('fencing: a serialization error is retried, a refused write is not, and the notes say which is which', () => {
    const [checkNote, refusedNote] = fencingListing.notes;
    expect(checkNote).toMatch(/serialization error .*not a refusal/);
    expect(refusedNote).toMatch(/^Stop the work: a refusal is final/);
    expect(refusedNote).not.toMatch(/\bretry\b/i);
  });

  it('finds a marker with no note', () => {
    expect(
      listingProblems({ title: 't', lines: [{ code: 'x', notes: [2] }], notes: ['a'] }),
    ).toEqual(['marker 2 has no note', 'note 1 has no marker']);
  });
});
