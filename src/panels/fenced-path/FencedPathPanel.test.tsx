import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FencedPathPanel } from './FencedPathPanel';

afterEach(cleanup);

describe('FencedPathPanel', () => {
  it('opens on the acquire step', () => {
    render(<FencedPathPanel />);
    expect(screen.getByRole('heading', { name: 'Step 1: Acquire, with a token' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: /Acquire, with a token/ }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('lights the path to a clicked step and says what to do when it fails', () => {
    render(<FencedPathPanel />);
    const write = screen.getByRole('button', { name: /Write with the token/ });
    fireEvent.click(write);
    expect(write.getAttribute('aria-pressed')).toBe('true');
    expect(write.closest('.fp-cell')?.className).toContain('is-lit');
    expect(
      screen.getByRole('button', { name: /Do the work/ }).closest('.fp-cell')?.className,
    ).toContain('is-lit');
    expect(
      screen.getByRole('button', { name: /Release/ }).closest('.fp-cell')?.className,
    ).not.toContain('is-lit');
    expect(
      screen.getByText(/A retry would carry the same old token and be refused again/),
    ).toBeTruthy();
  });

  it('moves between steps with the arrow keys', () => {
    render(<FencedPathPanel />);
    fireEvent.keyDown(screen.getByRole('button', { name: /Acquire/ }), { key: 'ArrowRight' });
    expect(screen.getByRole('heading', { name: 'Step 2: Do the work' })).toBeTruthy();
    expect(document.activeElement?.textContent).toContain('Do the work');
  });
});
