import { describe, expect, it } from 'vitest';
import { formatDate } from './MachineNote';

describe('formatDate', () => {
  it('writes each month’s day as toLocaleDateString does in en-GB, in UTC', () => {
    const options = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
    for (let month = 0; month < 12; month++) {
      // A time late in the day, which a local time zone east of UTC would put on the next day.
      const iso = new Date(Date.UTC(2026, month, 9 + month, 23, 30)).toISOString();
      expect(formatDate(iso), iso).toBe(new Date(iso).toLocaleDateString('en-GB', options));
    }
  });

  it('gives back what is not a date as it is', () => {
    expect(formatDate('last Tuesday')).toBe('last Tuesday');
  });
});
