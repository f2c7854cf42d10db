import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { isLoadFailure, SectionBoundary } from './SectionBoundary';

afterEach(cleanup);

function Throws({ message }: { message: string }): never {
  throw new Error(message);
}

describe('SectionBoundary', () => {
  it('tells code that did not arrive from code that broke', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://127.0.0.1:4173/assets/drill-DEEg6Aq1.js',
      'error loading dynamically imported module: http://127.0.0.1:4173/assets/drill.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/redlock-CHmsmS21.css',
    ])
      expect(isLoadFailure(new Error(message)), message).toBe(true);
    expect(isLoadFailure(new Error("Cannot read properties of undefined (reading 't')"))).toBe(
      false,
    );
  });

  it('offers a reload for code that did not arrive, and only the note for code that broke', () => {
    // React reports the caught error on the console; the test wants only what the reader sees.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <SectionBoundary title="Drill">
        <Throws message="Failed to fetch dynamically imported module: /assets/drill.js" />
      </SectionBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/Its code did not arrive/);
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    cleanup();

    render(
      <SectionBoundary title="Drill">
        <Throws message="Cannot read properties of undefined" />
      </SectionBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/The rest of the page is unaffected/);
    expect(screen.queryByRole('button')).toBeNull();
    vi.restoreAllMocks();
  });
});
