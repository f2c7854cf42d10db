// What a sweep of the controls checks after each move: nothing logged as an error, no broken
// value in the visible text, nothing wider than a phone's screen. Each check returns what it
// found, so a failure names the state and the problem together.
import type { Page } from '@playwright/test';

/** Collects console errors and uncaught page errors from now on; `take()` empties the list. */
export function watchErrors(page: Page): { take(): string[] } {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  return { take: () => errors.splice(0) };
}

/**
 * Words that mean a value went missing on its way to the screen, each with the text around it.
 * A link's own bad value is quoted back to the reader ("The link’s try-ttl “NaN” is not…"), so a
 * word inside the page's quotation marks is not counted.
 */
export async function brokenValues(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const text = document.body.innerText;
    const found: string[] = [];
    const word = /\b(NaN|undefined|null|Infinity)\b|\[object Object\]/g;
    for (let m = word.exec(text); m; m = word.exec(text)) {
      const quoted = text[m.index - 1] === '“' && text[m.index + m[0].length] === '”';
      if (!quoted) found.push(text.slice(Math.max(0, m.index - 40), m.index + 40));
    }
    return found;
  });
}

/** How far the page is wider than the window, in px: 0 when nothing scrolls sideways. */
export async function sidewaysOverflowPx(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}
