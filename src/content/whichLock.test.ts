import { describe, expect, it } from 'vitest';
import { lockChoices } from './whichLock';

describe('which lock, for what', () => {
  // A reader picks a lock for correctness from this table: a "yes, but" that does not say its
  // "but" reads as a plain yes.
  it.each(lockChoices.filter((c) => c.correctness.level === 'conditional'))(
    '$lock: a conditional yes for correctness names its condition',
    (c) => {
      expect(c.correctness.text).toMatch(/\b(if|with)\b/);
    },
  );
});
