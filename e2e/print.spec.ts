import { expect, test } from '@playwright/test';
import { LabPage } from './pages/labPage';
import { ReplayPage } from './pages/replayPage';

// The page on paper (src/app/print.css): printed from a dark screen, about as wide as an A4 page.
test.use({ colorScheme: 'dark', viewport: { width: 720, height: 1000 } });

test('printed, the page is dark on light, shows every event and every code line, and leaves out the replay’s transport', async ({
  page,
}) => {
  const lab = new LabPage(page);
  const replay = new ReplayPage(page);
  await lab.open();
  await lab.waitForPanels();
  await page.emulateMedia({ media: 'print' });

  // A browser prints no backgrounds unless asked: the text itself must be dark.
  const textLightness = await page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = getComputedStyle(document.body).color.match(/\d+/g)!.map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
  expect.soft(textLightness, 'lightness of the body text, 0 to 1').toBeLessThan(0.3);

  // What scrolls on screen is cut off on paper.
  const eventList = replay.events.getByRole('list');
  const cutOffPx = await eventList.evaluate((ol) => ol.scrollHeight - ol.clientHeight);
  expect.soft(cutOffPx, 'px of the replay’s events cut off').toBeLessThanOrEqual(1);
  const wideListings = await page
    .locator('pre.code')
    .evaluateAll((pres) =>
      pres
        .filter((pre) => pre.scrollWidth > pre.clientWidth + 1)
        .map((pre) => pre.closest('figure')?.querySelector('figcaption')?.textContent ?? '?'),
    );
  expect.soft(wideListings, 'code listings with lines cut off').toEqual([]);

  // The colour keys are backgrounds, which print only where the page asks for them exactly.
  const keysLeftOut = await page
    .locator('.swatch, .rl-swatch, .rl-node-dot')
    .evaluateAll(
      (keys) => keys.filter((k) => getComputedStyle(k).printColorAdjust !== 'exact').length,
    );
  expect.soft(keysLeftOut, 'colour keys that a printer would leave blank').toBe(0);

  // A question cut from its choices by a page break is hard to answer on paper.
  const splittableQuestions = await page
    .locator('.drill-card')
    .evaluateAll(
      (cards) => cards.filter((c) => getComputedStyle(c).breakInside !== 'avoid').length,
    );
  expect.soft(splittableQuestions, 'drill questions a page break may split').toBe(0);

  // The numbers table is cards at this width: its strip of sort buttons has nothing to do on paper.
  await expect.soft(page.locator('.reflow-wide .data-table thead')).toBeHidden();

  await expect.soft(replay.playButton()).toBeHidden();
  await expect(replay.stepForward).toBeHidden();
});
