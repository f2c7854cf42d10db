// A link's problems are told under the title at load: a hash that names nothing, a value a
// section cannot use (also when the reader is not in that section), a parameter given twice. A
// clean link shows nothing, and a notice above a linked section does not push it down. A link
// whose hash leads to a section has the notice again at that section's top, in view.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LabPage } from './pages/labPage';
import { linkNotice as notice, liveRegionsSaying } from './pages/linkNotice';

const noticeItems = (page: Page) => notice(page).getByRole('listitem');
/** The notice's copy at the top of the section the link's hash leads to. */
const noticeHere = (section: Locator) =>
  section.getByRole('note', { name: 'About the link you opened' });

/**
 * How many places in the viewport show `text`, each the innermost element that holds it whole:
 * what a reader sees without scrolling.
 */
function inViewSaying(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (text) =>
      [...document.querySelectorAll('body *')]
        .filter((el) => (el.textContent ?? '').includes(text))
        .filter((el) => ![...el.children].some((c) => (c.textContent ?? '').includes(text)))
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
        }).length,
    text,
  );
}

/** Where a section's top is in the viewport, in px. */
function sectionTop(page: Page, id: string): Promise<number> {
  return page.evaluate(
    (id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top),
    id,
  );
}

test.describe('the notice about the link', () => {
  test('a hash that names nothing is named, and the contents are one click away', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const lab = new LabPage(page);
    await lab.open('#nope');
    await expect(notice(page)).toContainText(
      'The link’s #nope names no part of this page, so the page opened at its top.',
    );
    await expect(notice(page)).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await notice(page).getByRole('button', { name: 'Open the contents' }).click();
    await expect(lab.contentsToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(lab.contentsLink('Key points')).toBeFocused();
  });

  test('a long hash is cut short and shown as text, never as markup', async ({ page }) => {
    const lab = new LabPage(page);
    const hash = `<img src=x onerror=alert(1)>${'x'.repeat(80)}`;
    await lab.open(`#${encodeURIComponent(hash)}`);
    await expect(notice(page)).toContainText(`#${hash.slice(0, 40)}… names no part of this page`);
    await expect(notice(page).locator('img')).toHaveCount(0);
  });

  test('an unknown scenario without #see-it is told at the top, with a link to the replay', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const lab = new LabPage(page);
    await lab.open('?scenario=nope');
    await expect(notice(page)).toContainText(
      'There is no scenario called “nope”; the replay shows “The paused client” instead.',
    );
    await expect(notice(page)).toBeInViewport();
    await notice(page).getByRole('link', { name: 'Go to “See it: fencing off, then on”' }).click();
    await expect(
      lab.section('See it: fencing off, then on').getByRole('heading').first(),
    ).toBeInViewport();
  });

  test('a parameter given twice says which value was used', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open('?scenario=redis-failover&scenario=paused-client');
    await expect(noticeItems(page)).toHaveCount(1);
    await expect(notice(page)).toContainText(
      'The link gives scenario twice (“redis-failover”, “paused-client”); the page used the first, “redis-failover”.',
    );
    await expect(
      lab.section('See it: fencing off, then on').getByRole('combobox').first(),
    ).toHaveValue(/redis-failover/);
  });

  for (const width of [1280, 375]) {
    test(`a bad GC pause is told at load, and the linked Redlock section is not pushed down (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const lab = new LabPage(page);
      await lab.open('?try-gc-pause=abc#redlock');
      await lab.waitForPanels();
      await expect(notice(page)).toContainText(
        'The link’s try-gc-pause “abc” is not a number of ms from 0 to 1000, so the figure runs the recorded 500 ms GC pause.',
      );
      await expect(
        notice(page).getByRole('link', { name: 'Go to “Redlock and its critique”' }),
      ).toBeAttached();
      // Landed on #redlock (under the phone's contents bar), and it stays there once the page has
      // let go of it.
      await expect.poll(() => sectionTop(page, 'redlock')).toBeLessThan(80);
      const landed = await sectionTop(page, 'redlock');
      expect(landed).toBeGreaterThanOrEqual(0);
      await page.waitForTimeout(2500);
      expect(await sectionTop(page, 'redlock')).toBe(landed);
    });
  }

  test('a bad GC pause beside a clock jump is told at load, though the figure opens the jump', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    await lab.open('?try-jump=300&try-gc-pause=abc#redlock');
    await lab.waitForPanels();
    const redlock = lab.section('Redlock and its critique');
    await expect(redlock.getByRole('button', { name: /clock jumps/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(notice(page)).toContainText('The link’s try-gc-pause “abc”');
  });

  test('a clean link has no notice, and its empty live region takes no room', async ({ page }) => {
    const lab = new LabPage(page);
    for (const link of ['', '#numbers', '?try-ttl=300&scenario=redis-failover#paused-client']) {
      await lab.open(link);
      await lab.waitForPanels();
      // Long enough for the notice to have come, had there been one.
      await page.waitForTimeout(300);
      const live = page.locator('.link-notice-live');
      await expect(live).toHaveAttribute('role', 'status');
      await expect(live).toHaveText('');
      expect((await live.boundingBox())?.height).toBe(0);
      await expect(notice(page)).toHaveCount(0);
    }
  });

  test('a hash given later that names nothing is told; Back and Forward tell nothing twice', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const lab = new LabPage(page);
    await lab.open('#nope');
    await lab.waitForPanels();
    await expect(noticeItems(page)).toHaveCount(1);
    await lab.goViaContents('Numbers to say');
    await lab.scrollSettled();
    await expect(noticeItems(page)).toHaveCount(1);
    await page.goBack();
    await lab.scrollSettled();
    await page.goForward();
    await lab.scrollSettled();
    await expect(noticeItems(page)).toHaveCount(1);
    await expect(notice(page)).toContainText('The link’s #nope');

    // The reader types a hash that names nothing: the page stays, and the notice says so.
    const before = await page.evaluate(() => Math.round(window.scrollY));
    await page.evaluate(() => {
      window.location.hash = 'numbrs';
    });
    await expect(notice(page)).toContainText(
      '#numbrs names no part of this page, so the page stayed where it was.',
    );
    await expect(noticeItems(page)).toHaveCount(1);
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(before);

    // Dismissed, it is gone; the same mistake made again is told again.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await notice(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice(page)).toHaveCount(0);
    await page.evaluate(() => {
      window.location.hash = 'numbers';
    });
    await expect(notice(page)).toHaveCount(0);
    await page.evaluate(() => {
      window.location.hash = 'numbrs';
    });
    await expect(notice(page)).toContainText('#numbrs names no part');
  });

  for (const width of [1280, 375]) {
    test(`a bad value with a hash to its section is told in view, at that section's top (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const lab = new LabPage(page);
      await lab.open('?try-pause=abc#paused-client');
      await lab.waitForPanels();
      const section = lab.section('The paused client');
      const here = noticeHere(section);
      await expect(here).toContainText('The link’s try-pause “abc”');
      await expect(here).toBeInViewport();
      // Told under the title as well, once, by the only live region.
      await expect(notice(page)).toContainText('The link’s try-pause “abc”');
      await expect(section.getByRole('status', { name: 'About the link you opened' })).toHaveCount(
        0,
      );
      // Shown beside the controls too, and not announced there a second time.
      await expect(
        section
          .getByRole('group', { name: 'Try other numbers' })
          .getByText('The link’s try-pause “abc”'),
      ).toBeVisible();
      expect(await liveRegionsSaying(page, 'The link’s try-pause “abc”')).toBe(1);
      // Dismissed where the reader is, it goes from both places.
      await here.getByRole('button', { name: 'Dismiss' }).click();
      await expect(here).toHaveCount(0);
      await expect(notice(page)).toHaveCount(0);
      await expect(section.getByRole('heading').first()).toBeFocused();
    });
  }

  for (const width of [375, 1280]) {
    test(`the replay’s own bad value and another section’s, with #see-it: one box at its top, one Dismiss (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const lab = new LabPage(page);
      await lab.open('?scenario=nope&try-ttl=abc#see-it');
      await lab.waitForPanels();
      const replay = lab.section('See it: fencing off, then on');
      const here = noticeHere(replay);
      // Both lines in the one box, not the try-ttl line in a box stacked on the replay's own.
      await expect(here).toContainText('The link’s try-ttl “abc”');
      await expect(here).toContainText('There is no scenario called “nope”');
      await expect(here).toBeInViewport();
      await expect(replay.locator('.replay-notice')).toHaveCount(0);
      await expect(replay.getByRole('button', { name: 'Dismiss' })).toHaveCount(1);
      expect(await inViewSaying(page, 'There is no scenario called “nope”')).toBe(1);
      // Said aloud once, by the notice under the title.
      expect(await liveRegionsSaying(page, 'There is no scenario called “nope”')).toBe(1);
      expect(await liveRegionsSaying(page, 'The link’s try-ttl “abc”')).toBe(1);
      // One Dismiss, and nothing of the link's is left in the section.
      await here.getByRole('button', { name: 'Dismiss' }).click();
      await expect(here).toHaveCount(0);
      await expect(replay.getByText('There is no scenario called “nope”')).toHaveCount(0);
      await expect(notice(page)).toHaveCount(0);
    });
  }

  for (const [width, copied] of [
    // The slider's notice is in view under the section's notes: the copy would say it twice.
    [1280, false],
    // Below the fold on a phone: the copy says it where the reader lands.
    [375, true],
  ] as const) {
    test(`a bad Redlock size with #redlock is seen once where the reader lands (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const lab = new LabPage(page);
      await lab.open('?try-jump=abc#redlock');
      await lab.waitForPanels();
      await expect(notice(page)).toContainText('The link’s try-jump “abc”');
      await expect.poll(() => sectionTop(page, 'redlock')).toBeLessThan(80);
      await page.waitForTimeout(300);
      await expect(noticeHere(lab.section('Redlock and its critique'))).toHaveCount(copied ? 1 : 0);
      expect(await inViewSaying(page, 'The link’s try-jump “abc”')).toBe(1);
      expect(await liveRegionsSaying(page, 'The link’s try-jump “abc”')).toBe(1);
    });
  }

  for (const width of [375, 1280]) {
    test(`a hash naming a heading inside a section has the notice just before it, in view (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const lab = new LabPage(page);
      await lab.open('?try-ttl=abc#replay-events-title');
      await lab.waitForPanels();
      const replay = lab.section('See it: fencing off, then on');
      const here = noticeHere(replay);
      await expect(here).toContainText('The link’s try-ttl “abc”');
      const events = replay.getByRole('heading', { name: 'Events' });
      // Let the page hold its place, then look where the reader is.
      await page.waitForTimeout(2500);
      await expect(here).toBeInViewport();
      await expect(events).toBeInViewport();
      expect(
        await events.evaluate((h) =>
          h.previousElementSibling?.classList.contains('link-notice-slot'),
        ),
      ).toBe(true);
      // The section's top is far above: the copy is not there.
      expect(await sectionTop(page, 'see-it')).toBeLessThan(-200);
    });
  }

  test('a bad Redlock size with #redlock is told in view, and the section is not pushed down', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const lab = new LabPage(page);
    await lab.open('?try-jump=abc#redlock');
    await lab.waitForPanels();
    const here = noticeHere(lab.section('Redlock and its critique'));
    await expect(here).toContainText('The link’s try-jump “abc”');
    await expect(here).toBeInViewport();
    await expect.poll(() => sectionTop(page, 'redlock')).toBeLessThan(80);
    expect(await sectionTop(page, 'redlock')).toBeGreaterThanOrEqual(0);
    // Shown under the slider too, and announced once, by the notice under the title.
    await expect(
      lab.section('Redlock and its critique').locator('.rl-notice', { hasText: 'try-jump “abc”' }),
    ).toBeVisible();
    expect(await liveRegionsSaying(page, 'The link’s try-jump “abc”')).toBe(1);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`no serious or critical axe violations in the notice (${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      const lab = new LabPage(page);
      for (const [link, box, count] of [
        ['?scenario=nope&try-ttl=abc#nowhere', '.link-notice', 3],
        // Another query, so that the page loads anew rather than follows a hash.
        ['?try-ttl=abc&scenario=nope#paused-client', '.link-notice-here', 2],
      ] as const) {
        await lab.open(link);
        await expect(page.locator(box).getByRole('listitem')).toHaveCount(count);
        const results = await new AxeBuilder({ page }).include(box).analyze();
        expect(results.passes.length).toBeGreaterThan(3);
        expect(
          results.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      }
    });
  }
});
