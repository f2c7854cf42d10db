// What a sweep of the controls checks after each move: nothing logged as an error, no broken
// value in the visible text, nothing wider than a phone's screen, and the timelines' labels clear
// of each other. Each check returns what it found, so a failure names the state and the problem
// together.
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

/**
 * Pairs of text in the timelines (the lane timelines and the Redlock chart) whose boxes overlap by
 * more than `slackPx` both ways, and texts that run out of their figure by more than `slackPx`.
 */
export async function crowdedTimelineText(page: Page, slackPx = 2): Promise<string[]> {
  return page.evaluate((slack) => {
    const found: string[] = [];
    for (const svg of document.querySelectorAll('.lt svg, .rl-chart svg')) {
      const box = svg.getBoundingClientRect();
      const texts = [...svg.querySelectorAll('text')]
        .filter((t) => t.textContent?.trim())
        .map((t) => ({ text: t.textContent!.trim(), r: t.getBoundingClientRect() }));
      for (const t of texts) {
        const out = Math.max(box.left - t.r.left, t.r.right - box.right);
        if (out > slack) found.push(`“${t.text}” runs ${Math.round(out)} px out of the figure`);
      }
      texts.forEach((a, i) => {
        for (const b of texts.slice(i + 1)) {
          const across = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
          const down = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
          if (across > slack && down > slack) found.push(`“${a.text}” and “${b.text}” overlap`);
        }
      });
    }
    return found;
  }, slackPx);
}

/**
 * What runs past the right edge of the window, by section: the deepest elements that do, and
 * elements whose own text does (a long word in a flex row is wider than its box). What a box
 * that scrolls or clips holds is left to `cutOffByItsBox`.
 */
export async function pastTheScreensEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edgePx = document.documentElement.clientWidth + 0.5;
    const runsPast = (el: Element) => {
      const r = el.getBoundingClientRect();
      // Text for screen readers only sits in a 1 px box that hides the rest on purpose.
      if (r.width <= 1) return false;
      // An HTML box's text may run on past it, unless the box scrolls or clips it; an SVG element
      // has no such box of its own.
      const textRunsOn =
        el instanceof HTMLElement &&
        getComputedStyle(el).overflowX === 'visible' &&
        r.left + el.scrollWidth > edgePx;
      return r.right > edgePx || textRunsOn;
    };
    const heldByABox = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const past = [...document.body.querySelectorAll('*')].filter(
      (el) => runsPast(el) && !heldByABox(el),
    );
    const inList = new Set(past);
    return past
      .filter((el) => ![...el.querySelectorAll('*')].some((d) => inList.has(d)))
      .map(
        (el) =>
          `${el.closest('section')?.id ?? 'page'}: <${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> “${el.textContent?.trim().slice(0, 40)}”`,
      );
  });
}

/**
 * Boxes that scroll their content sideways or cut it off (overflow other than visible), by
 * section, with the px that do not fit. Not counted: text for screen readers only (1 px wide on
 * purpose) and a line that ends in “…” on purpose (text-overflow: ellipsis).
 */
export async function cutOffByItsBox(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const style = getComputedStyle(el);
        return (
          style.overflowX !== 'visible' &&
          style.textOverflow !== 'ellipsis' &&
          el.clientWidth > 1 &&
          el.scrollWidth - el.clientWidth > 1
        );
      })
      .map(
        (el) =>
          `${el.closest('section')?.id ?? 'page'}: <${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${el.scrollWidth - el.clientWidth} px`,
      ),
  );
}
