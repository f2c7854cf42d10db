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
    const section = lab.section('The paused client');
    const takes = lab.timelineEvent(section, /client 2 takes the lock/);
    await lab.tapDrawing(takes, -2);
    await expect(lab.timelineDetail(section)).toContainText('Client 2 takes the lock');
  });
});

test.describe('on the narrowest phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('every step of the fenced path stays inside its card', async ({ page }) => {
    const lab = new LabPage(page);
    await lab.open('#fenced-path');
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
});
