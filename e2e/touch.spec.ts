import { expect, test } from '@playwright/test';
import { LabPage } from './pages/labPage';

// A reader on a phone: a narrow screen, a finger, no mouse to hover with.
test.use({
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
});

test.describe('on a phone, by touch', () => {
  test('a tap on an event of the paused client says what happened', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open('#paused-client');
    // Every panel in and the page still: on a loaded machine a panel arriving late moved the
    // drawing between finding it and the tap.
    await lab.waitForPanels();
    await lab.scrollSettled();
    const section = lab.section('The paused client');
    const events = section.getByRole('group', { name: /^Timeline/ }).getByRole('button');
    await expect(events.first()).toBeVisible();
    for (const event of await events.all()) {
      // The name is "<time>: <what happened>"; the line under the figure says the same.
      const happened = (await event.getAttribute('aria-label'))!.replace(/^[^:]*: /, '');
      await lab.tapDrawing(event, 0.5);
      await expect(lab.timelineDetail(section)).toContainText(happened, { ignoreCase: true });
    }
  });

  test('a tap on the end of client 1’s lock, just left of the TTL’s cross, is about the lock', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    await lab.open('#paused-client');
    await lab.waitForPanels();
    await lab.scrollSettled();
    const section = lab.section('The paused client');
    const lock = lab.timelineEvent(section, /The lock belongs to client 1/);
    // The bar is what the finger lands on there; the cross is a few px further right.
    await lab.tapDrawing(lock, -6);
    await expect(lab.timelineDetail(section)).toContainText('The lock belongs to client 1');
  });

  test('a tap on the right edge of client 2’s dot is about its lock, not the write beside it', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    await lab.open('#paused-client');
    await lab.waitForPanels();
    await lab.scrollSettled();
    const section = lab.section('The paused client');
    const takes = lab.timelineEvent(section, /client 2 takes the lock/);
    await lab.tapDrawing(takes, -2);
    await expect(lab.timelineDetail(section)).toContainText('Client 2 takes the lock');
  });
});

test.describe('on a phone, what a finger can hit', () => {
  // A slider takes a tap anywhere in its box; at the browser's default the box was 16 px tall,
  // under the 24 px a finger needs (WCAG 2.5.8). Every slider on the page: the ones that set a
  // number in ms (MsSlider), the replay's and Redlock's steps.
  test('every slider is at least 24 px tall', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open('#paused-client');
    await lab.waitForPanels();
    const sliders = page.locator('input[type="range"]');
    // The paused client's TTL and pause, Redlock's clock jump and step, the replay's step.
    await expect(page.locator('.rl-controls input[type="range"]')).toHaveCount(1);
    expect(await sliders.count()).toBeGreaterThanOrEqual(5);
    for (const slider of await sliders.all()) {
      const name =
        (await slider.evaluate(
          (el) =>
            (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label'),
        )) ?? '';
      expect((await slider.boundingBox())!.height, name).toBeGreaterThanOrEqual(24);
    }
  });
});

test.describe('on a phone, what is said', () => {
  test('the replay does not list keyboard keys to a reader with none', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open('#see-it');
    await lab.waitForPanels();
    await lab.scrollSettled();
    const section = lab.section('See it: fencing off, then on');
    await expect(section.getByRole('button', { name: /^Play/ })).toBeVisible();
    await expect(section.getByText(/^Keys: Space plays/)).toBeHidden();
  });
});

test.describe('on the narrowest phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('every step of the fenced path stays inside its card', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open('#fenced-path');
    await lab.waitForPanels();
    await lab.scrollSettled();
    const section = lab.section('The fenced path');
    const card = await lab.cardContentBox(section);
    const steps = section.getByRole('button');
    await expect(steps).toHaveCount(5);
    for (const step of await steps.all()) {
      const name = (await step.textContent()) ?? '';
      const box = (await step.boundingBox())!;
      // Half a px either way is the rounding of fractional layout, not a step over the edge.
      expect(box.x, name).toBeGreaterThanOrEqual(card.left - 0.5);
      expect(box.x + box.width, name).toBeLessThanOrEqual(card.right + 0.5);
    }
  });

  test('each Redlock node’s name stays on one line', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open('#redlock');
    await lab.waitForPanels();
    await lab.scrollSettled();
    const nodes = lab
      .section('Redlock and its critique')
      .getByRole('list', { name: /^Who holds the key/ })
      .getByRole('listitem');
    await expect(nodes).toHaveCount(5);
    for (const node of await nodes.all()) {
      const name = node.getByText(/^redis-\d$/);
      const fontPx = await name.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      const box = (await name.boundingBox())!;
      // One line is about 1.2 font sizes tall; two would be 2.4.
      expect(box.height, (await name.textContent()) ?? '').toBeLessThan(fontPx * 2);
      // And it fits its card: no name runs over the card's edge.
      const card = (await node.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 0.5);
    }
  });
});
