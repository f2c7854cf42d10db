import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { LinkReader } from '../state/linkProblems';

// Every panel already in: the notice reads the link at once. The real turns would fetch every
// panel's code, which is not what these tests are about.
vi.mock('./panelTurns', () => ({ panelTurns: { allShown: () => Promise.resolve() } }));

/** The sections' readings, as the panels' modules give them; `asked` records each load. */
const asked: string[] = [];
const readers: Record<string, LinkReader> = {
  'paused-client': {
    keys: ['try-ttl'],
    problems: (s) =>
      new URLSearchParams(s).get('try-ttl') === 'abc'
        ? ['The link’s try-ttl “abc” is not a number, so the TTL is the recorded 300 ms.']
        : [],
  },
  'see-it': { keys: ['scenario'], problems: () => [] },
};
vi.mock('./panels', () => ({
  linkReaderLoaders: Object.fromEntries(
    ['paused-client', 'see-it'].map((id) => [
      id,
      () => {
        asked.push(id);
        return Promise.resolve(readers[id]);
      },
    ]),
  ),
}));

/** The notice reads the URL the page was opened with when its module loads: a fresh one each. */
async function openAt(url: string) {
  window.history.replaceState(null, '', url);
  // happy-dom sends a hashchange for replaceState, a task later; no browser does at load.
  await tick();
  vi.resetModules();
  const { LinkNotice } = await import('./LinkNotice');
  render(
    <main id="main" tabIndex={-1}>
      <LinkNotice />
      <section id="paused-client" />
      <section id="see-it" />
      <section id="numbers" />
    </main>,
  );
  await act(() => new Promise((done) => setTimeout(done, 20)));
}

const tick = () => new Promise((done) => setTimeout(done, 0));

/** Changes the URL as the browser would and lets its hashchange (happy-dom's, a task later) land. */
async function go(change: () => void) {
  await act(async () => {
    change();
    await tick();
  });
}

const notice = () => screen.queryByRole('status', { name: 'About the link you opened' });

afterEach(() => {
  cleanup();
  asked.length = 0;
  window.history.replaceState(null, '', '/');
});

describe('LinkNotice', () => {
  it('is an empty live region for a clean link, and asks no section', async () => {
    await openAt('/#numbers');
    expect(notice()).toBeNull();
    const live = screen.getByRole('status');
    expect(live.textContent).toBe('');
    expect(asked).toEqual([]);
  });

  it('says nothing when every value in the query is fine', async () => {
    await openAt('/?try-ttl=300&scenario=paused-client');
    await waitFor(() => expect(asked.sort()).toEqual(['paused-client', 'see-it']));
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(notice()).toBeNull();
  });

  it('lists the hash, each section’s sentences and its repeats, with a link to the section', async () => {
    await openAt('/?try-ttl=abc&scenario=a&scenario=b#nope');
    const items = (await screen.findAllByRole('listitem')).map((li) => li.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^The link’s #nope names no part of this page.*Open the contents$/),
      'The link’s try-ttl “abc” is not a number, so the TTL is the recorded 300 ms. Go to “The paused client”',
      'The link gives scenario twice (“a”, “b”); the page used the first, “a”. Go to “See it: fencing off, then on”',
    ]);
    expect(
      screen.getByRole('link', { name: 'Go to “The paused client”' }).getAttribute('href'),
    ).toBe('#paused-client');
  });

  it('quotes a hash as text, not markup', async () => {
    await openAt(`/#${encodeURIComponent('<b>bold</b>')}`);
    await screen.findByRole('listitem');
    expect(notice()?.textContent).toContain('#<b>bold</b> names no part');
    expect(notice()?.querySelector('b')).toBeNull();
  });

  it('goes on Dismiss, with the keyboard’s place on the page', async () => {
    await openAt('/#nope');
    await screen.findByRole('listitem');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(notice()).toBeNull();
    expect(document.activeElement?.id).toBe('main');
  });

  it('tells a later hash that names nothing, and nothing on Back or Forward', async () => {
    await openAt('/');
    expect(notice()).toBeNull();
    // A hash the reader types: a new entry with no state of the page's (happy-dom sends the
    // hashchange a browser would).
    await go(() => window.history.pushState(null, '', '/#numbrs'));
    await screen.findByRole('listitem');
    expect(notice()?.textContent).toContain(
      '#numbrs names no part of this page, so the page stayed',
    );
    await go(() => window.history.pushState(null, '', '/#numbers'));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    // Back to an entry the page has been on: told already.
    const { newEntryState } = await import('../state/urlWriter');
    const state = newEntryState();
    await go(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state }));
      window.history.replaceState(state, '', '/#numbrs');
    });
    expect(notice()).toBeNull();
  });
});
