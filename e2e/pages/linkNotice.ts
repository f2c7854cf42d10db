import type { Page } from '@playwright/test';

/** The notice under the page's title about the link the page was opened with. */
export const linkNotice = (page: Page) =>
  page.getByRole('status', { name: 'About the link you opened' });

/**
 * How many live regions hold `text`: a screen reader hears each. The notice under the title is
 * the one that announces a link's problems; a panel shows its own in place without a second.
 */
export function liveRegionsSaying(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (text) =>
      [...document.querySelectorAll('[role="status"], [role="alert"], [role="log"], [aria-live]')]
        .filter((el) => el.getAttribute('aria-live') !== 'off')
        .filter((el) => (el.textContent ?? '').includes(text)).length,
    text,
  );
}
