// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goInHistory } from './testing/url';

const STORAGE_KEY = 'fencing-lab:kept-url-writes';

/** Fresh copies of the writer and of Back and Forward, as a page loaded on this path and state. */
async function freshPage(path: string, state: unknown = null) {
  window.history.replaceState(state, '', path);
  vi.resetModules();
  const moves = await import('./historyMoves');
  const writer = await import('./urlWriter');
  const kept = await import('./keptUrlWrites');
  return { ...moves, ...writer, ...kept };
}

function url(): string {
  return `${window.location.search}${window.location.hash}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

afterEach(async () => {
  (await import('./urlWriter')).flushUrlWrites();
  window.history.replaceState(null, '', '/');
  window.sessionStorage.clear();
});

describe('writes kept for the entry the reader left', () => {
  it('a write still waiting at Back is written when the reader comes Forward, in its turn', async () => {
    const w = await freshPage('/#paused-client');
    w.pushUrl('', '#see-it');
    const writes = w.urlWriteCount();
    w.writeUrlSoon('?try-ttl=60');
    // Within the interval of the push: it waits.
    expect(url()).toBe('#see-it');
    await goInHistory(-1);
    expect(w.currentSearch()).toBe('');
    // Forward within that same interval: the entry shows the write, which still waits for it.
    await goInHistory(1);
    expect(w.currentSearch()).toBe('?try-ttl=60');
    expect(url()).toBe('#see-it');
    expect(w.urlWriteCount()).toBe(writes);
    await sleep(w.URL_WRITE_INTERVAL_MS + 20);
    expect(url()).toBe('?try-ttl=60#see-it');
    expect(w.urlWriteCount()).toBe(writes + 1);
    // Written, it is no longer kept: Back and Forward again read it from the entry's URL.
    await goInHistory(-1);
    expect(url()).toBe('#paused-client');
    await goInHistory(1);
    expect(w.currentSearch()).toBe('?try-ttl=60');
    expect(w.urlWriteCount()).toBe(writes + 1);
  });

  it('coming back after the interval, the kept write goes at once', async () => {
    const w = await freshPage('/#paused-client');
    w.pushUrl('', '#see-it');
    w.writeUrlSoon('?try-ttl=60');
    await goInHistory(-1);
    await sleep(w.URL_WRITE_INTERVAL_MS + 20);
    await goInHistory(1);
    expect(url()).toBe('?try-ttl=60#see-it');
  });

  it('a kept write asked for with the replay’s hash keeps it through the hashchange of Forward', async () => {
    const w = await freshPage('/#paused-client');
    w.pushUrl('', '#numbers');
    w.writeUrlSoon('?step=2', '#see-it'); // waits for the interval
    await goInHistory(-1);
    await goInHistory(1);
    // Chromium sends a hashchange after the popstate of a traversal between two hashes.
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    w.flushUrlWrites();
    expect(url()).toBe('?step=2#see-it');
  });

  it('a page loaded onto an entry with a write kept for it writes it before anything reads the URL', async () => {
    const w = await freshPage('/#paused-client');
    w.pushUrl('', '#see-it');
    const entryLeft = w.entryNameOf(window.history.state);
    w.writeUrlSoon('?try-ttl=60'); // waits for the interval
    await goInHistory(-1);
    // The reader leaves the page from here, and comes back to the entry they left from another
    // page: a new load of the page, on that entry's URL and state.
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    const loaded = await freshPage('/#see-it', { ...w.PAGE_ENTRY_STATE, entry: entryLeft });
    expect(url()).toBe('?try-ttl=60#see-it');
    expect(loaded.currentSearch()).toBe('?try-ttl=60');
  });

  it('a write still waiting at a link to a section goes on the new entry and stays with the old', async () => {
    const w = await freshPage('/#paused-client');
    w.writeUrlSoon('?try-ttl=60');
    w.writeUrlSoon('?try-ttl=70'); // waits for the interval
    // The browser's own entry for a #hash link, a copy of the one left: no state, then popstate
    // and hashchange.
    window.history.pushState(null, '', `${window.location.search}#numbers`);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    w.flushUrlWrites();
    expect(url()).toBe('?try-ttl=70#numbers');
    await goInHistory(-1);
    expect(w.currentSearch()).toBe('?try-ttl=70');
    w.flushUrlWrites();
    expect(url()).toBe('?try-ttl=70#paused-client');
  });

  it('a reload keeps them, as it keeps the tab’s history; a malformed stored value is left out', async () => {
    const w = await freshPage('/');
    w.keepUrlWrite('a.1', { search: '?try-ttl=60', hash: null });
    w.keepUrlWrite('a.2', { search: '?step=3', hash: '#see-it' });
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown[];
    window.sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify([
        ...stored,
        ['a.3', { search: 'javascript:x', hash: null }],
        ['a.4', 7],
        // A search no page's URL has: written, its '#' would turn the rest into the entry's hash.
        ['a.5', { search: '?try-ttl=60#evil', hash: null }],
      ]),
    );
    const reloaded = await freshPage('/');
    expect(reloaded.takeKeptUrlWrite('a.1')).toEqual({ search: '?try-ttl=60', hash: null });
    expect(reloaded.takeKeptUrlWrite('a.2')).toEqual({ search: '?step=3', hash: '#see-it' });
    expect(reloaded.takeKeptUrlWrite('a.3')).toBeNull();
    expect(reloaded.takeKeptUrlWrite('a.4')).toBeNull();
    expect(reloaded.takeKeptUrlWrite('a.5')).toBeNull();
    // Read once: a later load does not find them again.
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('keeps at most 50, dropping the entry left longest ago', async () => {
    const w = await freshPage('/');
    for (let i = 0; i <= 50; i++) w.keepUrlWrite(`a.${i}`, { search: `?step=${i}`, hash: null });
    expect(w.takeKeptUrlWrite('a.0')).toBeNull();
    expect(w.takeKeptUrlWrite('a.1')).toEqual({ search: '?step=1', hash: null });
    expect(w.takeKeptUrlWrite('a.50')).toEqual({ search: '?step=50', hash: null });
  });
});
