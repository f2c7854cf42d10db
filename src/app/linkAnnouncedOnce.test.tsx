import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';

// The panels below are in before the notice reads the link, as on the page once every turn is
// done (panelTurns.ts): the notice reads it at once.
vi.mock('./panelTurns', () => ({ panelTurns: { allShown: () => Promise.resolve() } }));

/**
 * The page as a reader opens it with `url`: the notice under the title, and the three sections
 * that say their own link problems in place, with their real panels and real readings of the
 * link. Fresh modules each time: the notice and the replay's store read the URL when they load.
 */
async function openPage(url: string, { titled = true } = {}) {
  window.history.replaceState(null, '', url);
  // happy-dom sends a hashchange for replaceState, a task later; no browser does at load.
  await new Promise((done) => setTimeout(done, 0));
  vi.resetModules();
  const { panelLoaders } = await import('./panels');
  const { LinkNotice } = await import('./LinkNotice');
  const ids = ['paused-client', 'see-it', 'redlock'] as const;
  const panels = await Promise.all(ids.map((id) => panelLoaders[id]!()));
  render(
    <main id="main" tabIndex={-1}>
      <section id="top">
        <LinkNotice />
      </section>
      {ids.map((id, i) => {
        const Panel = panels[i] as ComponentType;
        return (
          <section key={id} id={id}>
            <header>
              <h2 id={`${id}-title`}>{id}</h2>
            </header>
            <Panel />
          </section>
        );
      })}
    </main>,
  );
  // Settled: the notice under the title has read the link and drawn its lines, if it has any.
  if (titled)
    await waitFor(
      () => expect(screen.getByRole('status', { name: 'About the link you opened' })).toBeTruthy(),
      { timeout: 5000 },
    );
  await act(() => new Promise((done) => setTimeout(done, 50)));
}

/** A live region: one a screen reader announces changes in. */
const LIVE = '[role="status"], [role="alert"], [role="log"], [aria-live]:not([aria-live="off"])';

function liveRegionsSaying(sentence: string): Element[] {
  return [...document.querySelectorAll(LIVE)].filter(
    (el) => el.getAttribute('aria-live') !== 'off' && (el.textContent ?? '').includes(sentence),
  );
}

/**
 * Where a sentence is shown: the id of each section that shows it (`top` for the notice under the
 * title), `(copy)` added for the copy of that notice at the top of the section the hash leads to.
 */
function placesShowing(sentence: string): string[] {
  return (
    [...document.querySelectorAll('body *')]
      .filter((el) => (el.textContent ?? '').includes(sentence))
      // The innermost element that says it, not every one around it.
      .filter((el) => ![...el.children].some((c) => (c.textContent ?? '').includes(sentence)))
      .map((el) =>
        el.closest('.link-notice-slot')
          ? `${el.closest('section')!.id} (copy)`
          : el.closest('section')!.id,
      )
  );
}

/**
 * Lays the panels' notices beside their controls out 2000 px below the top of their section, as
 * on a phone, where the reader who lands there does not see them. Without it happy-dom lays
 * nothing out: every element is at 0, in view where the reader lands.
 */
function panelNoticesBelowTheFold() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const top = this.classList.contains('fl-link-notice') ? 2000 : 0;
    return new DOMRect(0, top, 0, top === 0 ? 0 : 40);
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('a problem with the link is announced once at load', () => {
  // Where the reader lands, the panel's own notice beside its controls in view (as the Redlock
  // slider's at 1280 px): the copy at the section's top leaves it out, so it is seen once.
  const cases: [url: string, sentence: string, shownIn: string[]][] = [
    ['/?scenario=nope#see-it', 'There is no scenario called “nope”', ['top', 'see-it']],
    [
      '/?step=999#see-it',
      'the link asked for step 999.',
      // The replay's own notice is at its top: the copy there leaves it out.
      ['top', 'see-it'],
    ],
    ['/?try-pause=abc#paused-client', 'The link’s try-pause “abc”', ['top', 'paused-client']],
    ['/?try-jump=abc#redlock', 'The link’s try-jump “abc”', ['top', 'redlock']],
    ['/?redlock=nope#redlock', 'The link’s redlock “nope”', ['top', 'redlock']],
    ['/?redlock-step=abc#redlock', 'The link’s redlock-step “abc”', ['top', 'redlock']],
    // The notice runs the engine on the linked run to know its length, as the panel does.
    ['/?redlock-step=999#redlock', 'The link’s redlock-step 999 is past', ['top', 'redlock']],
    // Of the run the link's own size makes: a 500 ms jump's run has 9 events, the recorded 10.
    [
      '/?try-jump=500&redlock-step=10#redlock',
      'The link’s redlock-step 10 is past this run’s last event (9)',
      ['top', 'redlock'],
    ],
  ];
  for (const [url, sentence, shownIn] of cases) {
    it(`${url}: one live region says “${sentence}”, and each place still shows it`, async () => {
      await openPage(url, { titled: shownIn.includes('top') });
      expect(placesShowing(sentence).sort()).toEqual([...shownIn].sort());
      expect(liveRegionsSaying(sentence)).toHaveLength(1);
    });
  }

  // The panel's notice out of view where the reader lands (a phone): the copy says it there.
  const belowTheFold: [url: string, sentence: string, section: string][] = [
    ['/?try-pause=abc#paused-client', 'The link’s try-pause “abc”', 'paused-client'],
    ['/?try-jump=abc#redlock', 'The link’s try-jump “abc”', 'redlock'],
    ['/?redlock=nope#redlock', 'The link’s redlock “nope”', 'redlock'],
  ];
  for (const [url, sentence, section] of belowTheFold) {
    it(`${url}, its panel's notice below the fold: the copy says “${sentence}” too, unannounced`, async () => {
      panelNoticesBelowTheFold();
      await openPage(url);
      expect(placesShowing(sentence).sort()).toEqual(['top', section, `${section} (copy)`].sort());
      expect(liveRegionsSaying(sentence)).toHaveLength(1);
    });
  }

  it('the replay’s problem and another section’s, to #see-it: one box at its top, one Dismiss', async () => {
    await openPage('/?scenario=nope&try-ttl=abc#see-it');
    const nope = 'There is no scenario called “nope”';
    // The replay's own notice gives way to the copy, which says both.
    expect(placesShowing(nope).sort()).toEqual(['see-it (copy)', 'top']);
    const replay = document.getElementById('see-it')!;
    expect(replay.querySelectorAll('.replay-notice')).toHaveLength(0);
    const copy = within(replay).getByRole('note', { name: 'About the link you opened' });
    expect(copy.textContent).toContain('The link’s try-ttl “abc”');
    expect(within(replay).getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1);
    expect(liveRegionsSaying(nope)).toHaveLength(1);
    expect(liveRegionsSaying('The link’s try-ttl “abc”')).toHaveLength(1);
    // Dismissed, it goes from the title, the copy and the replay alike.
    fireEvent.click(within(copy).getByRole('button', { name: 'Dismiss' }));
    expect(placesShowing(nope)).toEqual([]);
  });

  it('a link with problems for several sections: each is announced once, under the title', async () => {
    await openPage('/?scenario=nope&try-ttl=abc&try-jump=abc#redlock');
    const title = screen.getByRole('status', { name: 'About the link you opened' });
    for (const sentence of [
      'There is no scenario called “nope”',
      'The link’s try-ttl “abc”',
      'The link’s try-jump “abc”',
    ]) {
      expect(liveRegionsSaying(sentence)).toEqual([title]);
    }
    expect(within(title).getAllByRole('listitem')).toHaveLength(3);
  });
});
