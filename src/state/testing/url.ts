// Tests that read or set the address bar: the page's writes to it are merged (urlWriter.ts), so a
// test flushes them before it reads the URL, and before it puts its own in place.
import { discardUrlWrites, flushUrlWrites, newEntryState } from '../urlWriter';

/** The search string once every write asked for has landed. */
export function urlSearch(): string {
  flushUrlWrites();
  return window.location.search;
}

/**
 * Puts this path (with its search and hash) in the address bar, after any write still waiting,
 * as the entry of a page just opened: Back to it later is a traversal (historyMoves.ts).
 */
export function openAt(path: string): void {
  flushUrlWrites();
  window.history.replaceState(newEntryState(), '', path);
  // The page now shows this entry's search: a traversal away and back compares with it.
  discardUrlWrites();
}

/**
 * Back (-1) or Forward (1), as the browser does it: resolves once the popstate event has been
 * handled, and fails when there is no entry to go to.
 */
export function goInHistory(delta: -1 | 1): Promise<void> {
  return new Promise((resolve, reject) => {
    const missing = setTimeout(() => reject(new Error(`no history entry at ${delta}`)), 1000);
    window.addEventListener(
      'popstate',
      () => {
        clearTimeout(missing);
        resolve();
      },
      { once: true },
    );
    window.history.go(delta);
  });
}
