import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { newEntryState } from '../state/urlWriter';
import { useDeepLink } from './useDeepLink';

// The panels' turns, as if every panel were already in the page: the hold starts at once. The
// real turns would fetch every panel's code, which is not what these tests are about.
vi.mock('./panelTurns', () => ({ panelTurns: { allShown: () => Promise.resolve() } }));

function Page() {
  useDeepLink();
  return (
    <>
      <section id="which-lock" />
      <section id="numbers" />
    </>
  );
}

/** Lets the hold's promise and its animation frame run. */
const frames = () => new Promise((done) => setTimeout(done, 50));

let pinned: string[] = [];

beforeEach(() => {
  pinned = [];
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (
    this: HTMLElement,
  ) {
    pinned.push(this.id);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

// happy-dom sends a hashchange of its own whenever pushState or replaceState changes the hash,
// which no browser does; the tests use it as the browser's hashchange.

/** A contents link: a new entry with no state of the page's, and its hashchange. */
function followLink(hash: string) {
  window.history.pushState(null, '', `/${hash}`);
}

/** Back or Forward to an entry the page has been on: a popstate with its state, then the hash. */
function traverseTo(hash: string) {
  const state = newEntryState();
  window.dispatchEvent(new PopStateEvent('popstate', { state }));
  window.history.replaceState(state, '', `/${hash}`);
}

describe('useDeepLink', () => {
  it('holds the linked section in place once the panels are in', async () => {
    window.history.replaceState(null, '', '/#numbers');
    render(<Page />);
    await frames();
    expect(pinned).toContain('numbers');
  });

  it('holds the section a contents link goes to, but not the one Back returns to', async () => {
    window.history.replaceState(null, '', '/');
    render(<Page />);
    await frames();
    expect(pinned).toEqual([]);

    followLink('#which-lock');
    await frames();
    expect(new Set(pinned)).toEqual(new Set(['which-lock']));

    // Back or Forward: an entry the page has been on. The browser puts the page back where the
    // reader was there, and the page must not pull the section's top over it.
    pinned = [];
    traverseTo('#numbers');
    await frames();
    expect(pinned).toEqual([]);
  });
});
