import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { WhichLockPanel } from './WhichLockPanel';

afterEach(cleanup);

describe('Which lock, for what', () => {
  // The table comes before the sections on SET NX PX, Redlock and advisory locks: each lock's
  // name is a way to the section that explains it.
  it('links each lock that a later section explains to that section', () => {
    render(<WhichLockPanel />);
    const hrefOf = (name: string) =>
      screen.getByRole('rowheader', { name }).querySelector('a')?.getAttribute('href') ?? null;
    expect(hrefOf('Redis SET NX PX, one node')).toBe('#redis-lock');
    expect(hrefOf('Redlock, 5 Redis nodes')).toBe('#redlock');
    expect(hrefOf('Advisory lock, work in the same transaction')).toBe('#postgres-locks');
    expect(hrefOf('A mutex inside one process')).toBeNull();
  });
});
