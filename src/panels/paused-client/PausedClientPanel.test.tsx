import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PausedClientPanel } from './PausedClientPanel';

afterEach(cleanup);

describe('PausedClientPanel', () => {
  it('draws the run it names, and tells its story in numbers', () => {
    render(<PausedClientPanel />);
    expect(
      screen.getByText(
        /recorded on Redis [\d.]+ and Postgres [\d.]+, \d{4}-\d\d-\d\d|simulated \(engine, seed 1\)/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Its TTL runs out at 30\d\.\d ms, mid-pause/)).toBeTruthy();
    expect(screen.getByText(/the storage rejects the stale write/)).toBeTruthy();
  });

  it('shows what happened when an event is focused', () => {
    render(<PausedClientPanel />);
    const expiry = screen.getByRole('button', { name: /TTL runs out at 30\d\.\d ms/ });
    fireEvent.focus(expiry);
    expect(screen.getByText(/the lock is free, and client 1 is not told/)).toBeTruthy();
    const lanes = screen.getAllByText(/^(client 1|client 2|the lock|the storage)$/);
    expect(lanes.length).toBeGreaterThanOrEqual(4);
  });
});
