// Tests that read or set the address bar: the page's writes to it are merged (urlWriter.ts), so a
// test flushes them before it reads the URL, and before it puts its own in place.
import { flushUrlWrites } from '../urlWriter';

/** The search string once every write asked for has landed. */
export function urlSearch(): string {
  flushUrlWrites();
  return window.location.search;
}

/** Puts this path (with its search and hash) in the address bar, after any write still waiting. */
export function openAt(path: string): void {
  flushUrlWrites();
  window.history.replaceState(null, '', path);
}
