// The whole page by Tab alone, as a keyboard-only reader goes through it: every stop is on screen
// with a visible focus ring and a name, and Tab comes back round to the top (no trap, and focus
// never falls to the page's body on the way).
import { expect, test } from '@playwright/test';
import { LabPage } from './pages/labPage';

interface Stop {
  what: string;
  inView: boolean;
  ring: boolean;
  onBody: boolean;
}

for (const { width, height, colorScheme } of [
  { width: 1280, height: 800, colorScheme: 'light' },
  { width: 375, height: 740, colorScheme: 'dark' },
] as const) {
  test(`at ${width} px (${colorScheme}) Tab reaches every control on screen, with a ring and a name, and comes back to the top`, async ({
    page,
  }) => {
    // About 130 stops, each read twice: slower than one click test, not a performance budget.
    test.setTimeout(120_000);
    // Reduced motion: the page scrolls to each stop at once, not smoothly, so that where a stop
    // is can be read straight after the key press.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await LabPage.openAt(page, { width, height });
    const stops: Stop[] = [];
    const nameless: string[] = [];
    let cameBack = false;
    for (let i = 0; i < 400; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate((): Stop => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body)
          return { what: 'body', inView: false, ring: false, onBody: true };
        const r = el.getBoundingClientRect();
        const cs = getComputedStyle(el);
        return {
          what: `${el.tagName.toLowerCase()} ${el.outerHTML.slice(0, 80)}`,
          inView:
            r.width > 0 &&
            r.height > 0 &&
            r.bottom > 0 &&
            r.top < innerHeight &&
            r.right > 0 &&
            r.left < innerWidth,
          ring:
            (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) ||
            cs.boxShadow !== 'none',
          onBody: false,
        };
      });
      if (stop.onBody) {
        stops.push(stop);
        continue;
      }
      // Back at the skip link: the round is done.
      if (
        stops.length > 0 &&
        (await page
          .getByRole('link', { name: 'Skip to the page' })
          .evaluate((el) => el === document.activeElement))
      ) {
        cameBack = true;
        break;
      }
      // The accessibility tree's first line names the control: `- button "Play"`, or the words
      // of a <summary> (`- text: How this run was recorded`).
      const line = (await page.locator(':focus').ariaSnapshot()).split('\n')[0] ?? '';
      if (!/"[^"]*\S[^"]*"|text: \S/.test(line)) nameless.push(`${stop.what} → ${line}`);
      stops.push(stop);
    }
    expect(cameBack).toBe(true);
    // The browser's own stop after the last control (its toolbar) shows as the body: once, last.
    const onBody = stops.flatMap((s, i) => (s.onBody ? [i] : []));
    expect(onBody.filter((i) => i !== stops.length - 1)).toEqual([]);
    const controls = stops.filter((s) => !s.onBody);
    expect(controls.length).toBeGreaterThan(100);
    expect(controls.filter((s) => !s.inView).map((s) => s.what)).toEqual([]);
    expect(controls.filter((s) => !s.ring).map((s) => s.what)).toEqual([]);
    expect(nameless).toEqual([]);
  });
}

// A link opened in a new page lands on its section once the panels are in, after the browser has
// given up on the fragment; the first Tab went to "Skip to the page", 20,000 px above.
for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${width} px a link to a section, opened anew, starts Tab there, and the focus stays put until then`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const lab = new LabPage(page);
    await lab.open('#drill');
    await lab.waitForPanels();
    const drill = lab.section('Drill');
    // Landed: the section's top just under the top of the view (its scroll margin keeps it clear
    // of the phone's contents bar).
    await expect(async () => {
      const top = await drill.evaluate((el) => el.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(80);
    }).toPass({ timeout: 10_000 });
    // Nothing focused, no ring drawn, and the page where the link put it.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    const landedY = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.evaluate((el) => el.closest('#drill') !== null)).toBe(true);
    await expect(focused).toBeInViewport();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - landedY)).toBeLessThan(height);
  });
}
