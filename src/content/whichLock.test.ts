import { describe, expect, it } from 'vitest';
import { sections } from '../app/sections';
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

  // A link to a section that was renamed or removed would leave the reader at the top.
  it.each(lockChoices.filter((c) => c.section !== undefined))(
    '$lock: links to a section that exists, further down the page',
    (c) => {
      const at = sections.findIndex((s) => s.id === c.section);
      expect(at, `no section "${c.section}"`).toBeGreaterThan(
        sections.findIndex((s) => s.id === 'which-lock'),
      );
    },
  );
});
