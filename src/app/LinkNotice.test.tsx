import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
  'see-it': {
    keys: ['scenario'],
    problems: (s) =>
      new URLSearchParams(s).get('scenario') === 'nope'
        ? ['There is no scenario called “nope”; the replay shows “The paused client” instead.']
        : [],
    // As the replay's: its own notice, at the top of its panel, says the same.
    saidAtTop: true,
    dismissAtTop: (search) => dismissedAtTop.push(search),
  },
};
/** Each search the replay was asked to take its own notice away for. */
const dismissedAtTop: string[] = [];
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

/**
 * A notice of the section's panel beside its controls, saying `text`, at `box` (px from the
 * section's top, which is where the reader lands): happy-dom lays nothing out, so the test does.
 */
function withPanelNotice(id: string, text: string, box: { top: number; bottom: number }) {
  panelNotices[id] = text;
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: Element,
  ) {
    const at = this.classList.contains('fl-link-notice') ? box : { top: 0, bottom: 0 };
    return {
      ...at,
      left: 0,
      right: 0,
      width: 0,
      height: at.bottom - at.top,
      x: 0,
      y: at.top,
      toJSON: () => ({}),
    } as DOMRect;
  });
}
/** The text of each section's panel notice beside its controls, if it has one. */
const panelNotices: Record<string, string> = {};

/** The notice reads the URL the page was opened with when its module loads: a fresh one each. */
async function openAt(url: string) {
  window.history.replaceState(null, '', url);
  // happy-dom sends a hashchange for replaceState, a task later; no browser does at load.
  await tick();
  vi.resetModules();
  const { LinkNotice } = await import('./LinkNotice');
  render(
    <main id="main" tabIndex={-1}>
      <section id="top">
        <LinkNotice />
      </section>
      {['paused-client', 'see-it', 'numbers'].map((id) => (
        <section key={id} id={id}>
          <header>
            <h2 id={`${id}-title`}>{id}</h2>
          </header>
          <div className="panel">
            {id === 'see-it' && <h3 id="see-it-events">Events</h3>}
            {panelNotices[id] && <p className="fl-link-notice">{panelNotices[id]}</p>}
          </div>
        </section>
      ))}
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
/** The notice's copy at the top of a section the link sent the reader to. */
const noticeIn = (id: string) =>
  within(document.getElementById(id)!).queryByRole('note', { name: 'About the link you opened' });
const linesOf = (el: HTMLElement | null) =>
  el
    ? within(el)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];

afterEach(() => {
  cleanup();
  asked.length = 0;
  dismissedAtTop.length = 0;
  for (const id of Object.keys(panelNotices)) delete panelNotices[id];
  vi.restoreAllMocks();
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

describe('LinkNotice, where the link sends the reader', () => {
  const ttlLine = 'The link’s try-ttl “abc” is not a number, so the TTL is the recorded 300 ms.';

  it('shows the lines again at the top of the linked section, not as a second live region', async () => {
    await openAt('/?try-ttl=abc#paused-client');
    await waitFor(() => expect(noticeIn('paused-client')).not.toBeNull());
    const copy = noticeIn('paused-client')!;
    // Right under the section's header, above its panel: where the browser puts the reader.
    expect(copy.closest('section')?.firstElementChild?.nextElementSibling).toBe(copy.parentElement);
    // Its own section needs no link to itself.
    expect(linesOf(copy)).toEqual([ttlLine + ' ']);
    // Told once: the live region under the title has it, the copy is no live region.
    expect(linesOf(notice())).toEqual([`${ttlLine} Go to “The paused client”`]);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(copy.closest('[role="status"], [aria-live]')).toBeNull();
    expect(noticeIn('see-it')).toBeNull();
  });

  it('says what the section’s panel says at its top with the rest, in one box', async () => {
    await openAt('/?scenario=nope&try-ttl=abc#see-it');
    await waitFor(() => expect(noticeIn('see-it')).not.toBeNull());
    // Both lines in the copy, rather than the ttl line in a box stacked above the replay's own;
    // the replay's first, as it is about the section the reader landed in.
    expect(linesOf(noticeIn('see-it'))).toEqual([
      'There is no scenario called “nope”; the replay shows “The paused client” instead. ',
      `${ttlLine} Go to “The paused client”`,
    ]);
    // The replay's own notice is taken away: one box, one Dismiss.
    expect(dismissedAtTop).toEqual(['?scenario=nope&try-ttl=abc']);
    expect(within(document.getElementById('see-it')!).getAllByRole('button')).toHaveLength(1);
    // Under the title, everything.
    expect(linesOf(notice())).toHaveLength(2);
  });

  it('leaves the section’s panel its own notice at its top when the copy has nothing else', async () => {
    await openAt('/?scenario=nope#see-it');
    await waitFor(() => expect(notice()).not.toBeNull());
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(dismissedAtTop).toEqual([]);
  });

  it('leaves out a line the section’s panel shows in view where the reader lands', async () => {
    withPanelNotice('paused-client', ttlLine, { top: 300, bottom: 340 });
    await openAt('/?try-ttl=abc#paused-client');
    await waitFor(() => expect(notice()).not.toBeNull());
    await act(() => new Promise((done) => setTimeout(done, 20)));
    // In view under the section's top at landing (happy-dom's viewport is 768 px high): said once.
    expect(noticeIn('paused-client')).toBeNull();
  });

  it('keeps a line the section’s panel shows only below the fold', async () => {
    withPanelNotice('paused-client', ttlLine, { top: 1500, bottom: 1540 });
    await openAt('/?try-ttl=abc#paused-client');
    await waitFor(() => expect(noticeIn('paused-client')).not.toBeNull());
    expect(linesOf(noticeIn('paused-client'))).toEqual([ttlLine + ' ']);
  });

  it('stands just before an element inside a section that the hash names', async () => {
    await openAt('/?try-ttl=abc#see-it-events');
    await waitFor(() => expect(noticeIn('see-it')).not.toBeNull());
    const events = document.getElementById('see-it-events')!;
    // Where the reader lands (useDeepLink puts the copy's top at the view's), not the section's top.
    expect(events.previousElementSibling).toBe(noticeIn('see-it')!.parentElement);
    expect(events.previousElementSibling?.className).toBe('link-notice-slot');
    fireEvent.click(within(noticeIn('see-it')!).getByRole('button', { name: 'Dismiss' }));
    expect(document.querySelector('.link-notice-slot')).toBeNull();
    // The keyboard on the heading the link named.
    expect(document.activeElement).toBe(events);
  });

  it('adds nothing to a section whose panel already says every line at its top', async () => {
    await openAt('/?scenario=nope#see-it');
    await waitFor(() => expect(notice()).not.toBeNull());
    expect(noticeIn('see-it')).toBeNull();
    expect(document.querySelector('#see-it .link-notice-slot')).toBeNull();
  });

  it('says a parameter the section’s panel does not, given twice, at its top too', async () => {
    await openAt('/?scenario=a&scenario=b#see-it');
    await waitFor(() => expect(noticeIn('see-it')).not.toBeNull());
    expect(linesOf(noticeIn('see-it'))).toEqual([
      'The link gives scenario twice (“a”, “b”); the page used the first, “a”. ',
    ]);
  });

  it('goes from both places on either Dismiss, the keyboard staying in the section', async () => {
    await openAt('/?try-ttl=abc#paused-client');
    await waitFor(() => expect(noticeIn('paused-client')).not.toBeNull());
    fireEvent.click(within(noticeIn('paused-client')!).getByRole('button', { name: 'Dismiss' }));
    expect(noticeIn('paused-client')).toBeNull();
    expect(notice()).toBeNull();
    expect(document.querySelector('.link-notice-slot')).toBeNull();
    expect(document.activeElement?.id).toBe('paused-client-title');
  });

  it('adds nothing to a section for a clean link, a hash alone, or a link to the top', async () => {
    for (const url of ['/#numbers', '/?try-ttl=abc', '/?try-ttl=abc#top', '/#nope']) {
      await openAt(url);
      await waitFor(() => expect(screen.getByRole('status')).toBeTruthy());
      await act(() => new Promise((done) => setTimeout(done, 20)));
      expect(document.querySelectorAll('[role="note"], .link-notice-slot')).toHaveLength(0);
      cleanup();
    }
  });
});
