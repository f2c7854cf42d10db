// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  URL_WRITE_INTERVAL_MS,
  currentSearch,
  flushUrlWrites,
  urlWriteCount,
  writeUrlSoon,
} from './urlWriter';

beforeEach(() => {
  vi.useFakeTimers();
  // Close the interval a previous test may have opened.
  vi.advanceTimersByTime(URL_WRITE_INTERVAL_MS);
  window.history.replaceState(null, '', '/#paused-client');
});

afterEach(() => {
  flushUrlWrites();
  vi.useRealTimers();
});

describe('the URL writer', () => {
  it('writes the first change at once, and merges a drag’s changes into one more write', () => {
    const before = urlWriteCount();
    writeUrlSoon('?try-ttl=50');
    expect(window.location.search).toBe('?try-ttl=50');
    // A slider dragged end to end: one change per input event.
    for (let ttlMs = 60; ttlMs <= 340; ttlMs += 10) writeUrlSoon(`?try-ttl=${ttlMs}`);
    expect(urlWriteCount() - before).toBe(1);
    // The next change is built on the newest, not on the address bar.
    expect(currentSearch()).toBe('?try-ttl=340');
    vi.advanceTimersByTime(URL_WRITE_INTERVAL_MS);
    expect(window.location.search).toBe('?try-ttl=340');
    expect(window.location.hash).toBe('#paused-client');
    expect(urlWriteCount() - before).toBe(2);
  });

  it('keeps the hash a write asks for, and the page’s own otherwise', () => {
    writeUrlSoon('?step=1', '#see-it');
    writeUrlSoon('?step=2&try-ttl=60');
    flushUrlWrites();
    expect(`${window.location.search}${window.location.hash}`).toBe('?step=2&try-ttl=60#see-it');
  });
});
