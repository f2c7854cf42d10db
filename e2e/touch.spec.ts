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

test.describe('on a phone, three marks of one moment', () => {
  test('a tap on any part of each stacked mark’s target chooses that mark, the middle one’s beside the stack too', async ({
    page,
  }) => {
    // Holder crash, Redis: client 2 takes the lock, writes and releases within 2 ms, three marks
    // stacked over and under its lane's line. The middle one's place in the stack is 9 px tall;
    // its target reaches out beside the stack, 24 px square each side.
    const lab = new LabPage(page);
    await lab.open('?scenario=holder-crash&variant=default&lock=redis#see-it');
    await lab.waitForPanels();
    const section = page.locator('#see-it');
    const figure = section.getByRole('group', { name: /^Timeline/ });
    await expect(figure).toBeVisible();
    await figure.scrollIntoViewIfNeeded();
    await lab.scrollSettled();
    const stacked = [/client 2 takes the lock/, /client 2 sends/, /client 2 releases/];
    let middleSquares = 0;
    for (const name of stacked) {
      const event = lab.timelineEvent(section, name).first();
      const happened = (await event.getAttribute('aria-label'))!.replace(/^[^:]*: /, '');
      const id = await event.getAttribute('data-mark');
      const d = await section.locator(`.lt-hit[data-mark="${id}"]`).getAttribute('d');
      const parts = [...d!.matchAll(/M([-\d.]+),([-\d.]+)h([-\d.]+)v([-\d.]+)/g)].map((g) =>
        g.slice(1, 5).map(Number),
      );
      expect(parts.length).toBeGreaterThan(0);
      for (const [x, y, w, h] of parts) {
        if (w! >= 24 && h! >= 24) middleSquares++;
        const svg = await figure.boundingBox();
        await page.touchscreen.tap(svg!.x + x! + w! / 2, svg!.y + y! + h! / 2);
        await expect(lab.timelineDetail(section), `${happened}: part at ${x},${y}`).toContainText(
          happened,
          { ignoreCase: true },
        );
      }
    }
    // The top's and the bottom's 26 by 24, and the middle's two beside the stack.
    expect(middleSquares).toBeGreaterThanOrEqual(4);
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
