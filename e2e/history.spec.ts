// Back and Forward after a jump to the replay: a button that takes the reader to the replay with
// a run opened behaves as a link does. Back returns them to where they were, with the replay on
// the run that place's URL names; Forward goes to the jump again. Dragging, scrubbing and the
// replay's own selects change the page where the reader is, and add no entry.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DrillPage } from './pages/drillPage';
import { LabPage } from './pages/labPage';
import { ReplayPage } from './pages/replayPage';

const Q1 = /Client 1 holds a lock with a 300 ms TTL and pauses for 500 ms/;
const Q1_BEST = /^Without fencing the storage accepts it over client 2/;

function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => Math.round(window.scrollY));
}

/** How many entries the tab's history has: the page's own, and the blank one before it. */
function historyLength(page: Page): Promise<number> {
  return page.evaluate(() => window.history.length);
}

/** Opens the page, goes to the paused client by the contents and puts the focus on its TTL. */
async function pausedClientTtlFocused(page: Page) {
  const lab = new LabPage(page);
  await lab.open();
  await lab.waitForPanels();
  await lab.goViaContents('The paused client');
  await lab.scrollSettled();
  const ttl = lab.section('The paused client').getByRole('slider', { name: /TTL/ });
  await ttl.focus();
  return { lab, ttl };
}

/**
 * Moves the focused slider twice, then leaves the entry (Back, or the contents link to a section)
 * while the
 * second move is still waiting for the address bar, and returns the value it set. The first move
 * comes after the address bar's interval, so it is written at once and the second must wait
 * (URL_WRITE_INTERVAL_MS). On a machine so slow that the second was written before the page could
 * leave, the page stays and the moves are made again, a few times, before the test gives up.
 */
async function leaveMidMove(page: Page, leave: 'back' | `#${string}`): Promise<string> {
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.waitForTimeout(400);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // Read and gone in one round trip.
    const [value, left] = await page.evaluate((how) => {
      const value = (document.activeElement as HTMLInputElement).value;
      if (window.location.search.includes(`try-ttl=${value}`)) return [value, false] as const;
      if (how === 'back') window.history.back();
      else document.querySelector<HTMLAnchorElement>(`#contents-list a[href="${how}"]`)?.click();
      return [value, true] as const;
    }, leave);
    if (left) return value;
  }
  throw new Error('each second slider move reached the address bar before the page could leave');
}

test.describe('Back and Forward after a jump to the replay', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('from the paused client: Back returns to it with the replay as it was; Forward jumps again', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    const replay = new ReplayPage(page);
    await lab.open();
    await lab.waitForPanels();
    const pausedClient = lab.section('The paused client');
    const jump = pausedClient.getByRole('link', { name: 'Step through it in the replay' });
    await jump.scrollIntoViewIfNeeded();
    await expect(jump).toBeInViewport();
    const before = page.url();
    const placeBefore = await scrollY(page);
    const entries = await historyLength(page);
    await expect(replay.fencing).toHaveAttribute('aria-checked', 'false');

    await jump.click();
    await replay.scrollSettled();
    await expect(replay.heading).toBeInViewport();
    await expect(replay.fencing).toHaveAttribute('aria-checked', 'true');
    await expect(page).toHaveURL(
      /scenario=paused-client&variant=fencing-on&lock=redis&step=0#see-it$/,
    );
    const jumpUrl = page.url();
    expect(await historyLength(page)).toBe(entries + 1);

    // The keyboard lands in the replay.
    await expect(replay.panel).toBeFocused();

    await page.goBack();
    await expect(page).toHaveURL(before);
    await lab.scrollSettled();
    // Where the reader was, as the browser keeps it for the entry, the keyboard's focus too.
    expect(Math.abs((await scrollY(page)) - placeBefore)).toBeLessThanOrEqual(2);
    await expect(jump).toBeInViewport();
    await expect(jump).toBeFocused();
    await expect(replay.heading).not.toBeInViewport();
    // The URL names no run: the replay is back on its default, fencing off, at the start.
    await expect(replay.fencing).toHaveAttribute('aria-checked', 'false');
    await expect(replay.position).toHaveValue('0');

    await page.goForward();
    await expect(page).toHaveURL(jumpUrl);
    await expect(replay.fencing).toHaveAttribute('aria-checked', 'true');
    await expect(replay.position).toHaveValue('0');
    await lab.scrollSettled();
    await expect(replay.heading).toBeInViewport();
    await expect(replay.panel).toBeFocused();
  });

  test('from a failure case: Back returns to the table and to the step the replay was on', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    const replay = new ReplayPage(page);
    await replay.open();
    await lab.waitForPanels();
    // The reader steps the replay a little, then goes on to the failure cases by the contents.
    for (let i = 0; i < 3; i++) await replay.stepForward.click();
    await expect(page).toHaveURL(/variant=fencing-off&lock=redis&step=3#see-it$/);
    await lab.goViaContents('Failure cases');
    await expect(page).toHaveURL(/step=3#failure-cases$/);
    const failures = lab.section('Failure cases');
    const show = failures.getByRole('link', {
      name: 'Show the save: A write is held up in the network',
    });
    await show.scrollIntoViewIfNeeded();
    await lab.scrollSettled();
    const before = page.url();
    const placeBefore = (await show.boundingBox())?.y;

    await show.click();
    await replay.scrollSettled();
    await expect(replay.heading).toBeInViewport();
    const scenario = replay.panel.getByRole('combobox', { name: 'Scenario' });
    await expect(scenario).toHaveValue('delayed-write');
    const jumpUrl = page.url();
    expect(jumpUrl).toMatch(/scenario=delayed-write&variant=fencing-on&lock=redis&step=0#see-it$/);

    await page.goBack();
    await expect(page).toHaveURL(before);
    await lab.scrollSettled();
    // Where the reader was in the table, not the top of its section: the row where it was in the
    // viewport. Not the scroll offset: the replay above may have grown by the line under its
    // timeline, which tells of the last event the pointer passed over there (historyMoves.ts).
    expect(placeBefore).toBeDefined();
    expect(Math.abs((await show.boundingBox())!.y - placeBefore!)).toBeLessThanOrEqual(2);
    await expect(show).toBeInViewport();
    await expect(scenario).toHaveValue('paused-client');
    await expect(replay.fencing).toHaveAttribute('aria-checked', 'false');
    await expect(replay.position).toHaveValue('3');

    await page.goForward();
    await expect(page).toHaveURL(jumpUrl);
    await expect(scenario).toHaveValue('delayed-write');
    await expect(replay.fencing).toHaveAttribute('aria-checked', 'true');
    await expect(replay.position).toHaveValue('0');
    await lab.scrollSettled();
    await expect(replay.heading).toBeInViewport();

    // Back twice: past the contents link, to the replay the reader had stepped.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/step=3#see-it$/);
    await expect(scenario).toHaveValue('paused-client');
    await expect(replay.position).toHaveValue('3');
  });

  test('from a drill answer: Back returns to the answer, still revealed', async ({ page }) => {
    const lab = new LabPage(page);
    const replay = new ReplayPage(page);
    const drill = new DrillPage(page);
    await drill.open();
    await lab.waitForPanels();
    await drill.predict(Q1, Q1_BEST);
    await drill.reveal(Q1);
    const link = drill.question(Q1).getByRole('link', { name: 'Replay: fencing on' });
    await link.scrollIntoViewIfNeeded();
    const before = page.url();

    await link.click();
    await replay.scrollSettled();
    await expect(replay.heading).toBeInViewport();
    await expect(replay.fencing).toHaveAttribute('aria-checked', 'true');

    await page.goBack();
    await expect(page).toHaveURL(before);
    await lab.scrollSettled();
    await expect(link).toBeInViewport();
    await expect(drill.answer(Q1)).toBeVisible();
    await expect(replay.fencing).toHaveAttribute('aria-checked', 'false');
  });

  test('from the Redlock figure: Back returns to it, on the run it showed', async ({ page }) => {
    const lab = new LabPage(page);
    const replay = new ReplayPage(page);
    await lab.open();
    await lab.waitForPanels();
    const redlock = lab.section('Redlock and its critique');
    await redlock.getByRole('button', { name: 'A GC pause past the TTL' }).click();
    await expect(page).toHaveURL(/\?redlock=gc-pause$/);
    const jump = redlock.getByRole('link', { name: 'Step through that recording in the replay' });
    await jump.scrollIntoViewIfNeeded();
    await lab.scrollSettled();
    const before = page.url();

    await jump.click();
    await replay.scrollSettled();
    const scenario = replay.panel.getByRole('combobox', { name: 'Scenario' });
    await expect(scenario).toHaveValue('redlock-gc-pause');

    await page.goBack();
    await expect(page).toHaveURL(before);
    await lab.scrollSettled();
    await expect(jump).toBeInViewport();
    await expect(redlock.getByRole('button', { name: 'A GC pause past the TTL' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(scenario).toHaveValue('paused-client');
  });

  test('Back from a contents link while the replay plays: it goes on playing where it was', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    const replay = new ReplayPage(page);
    await replay.open('#see-it');
    await lab.waitForPanels();
    await replay.playButton().click();
    await expect(replay.position).not.toHaveValue('0');
    await lab.goViaContents('Failure cases');
    await expect(page).toHaveURL(/#failure-cases$/);
    const stepBeforeBack = Number(await replay.position.inputValue());
    expect(stepBeforeBack).toBeGreaterThan(0);

    await page.goBack();
    await expect(page).toHaveURL(/#see-it$/);
    // Not rewound to the step play began at (the one the URL names), and not stopped.
    await expect(replay.playButton()).toHaveAccessibleName('Pause');
    expect(Number(await replay.position.inputValue())).toBeGreaterThanOrEqual(stepBeforeBack);
  });

  test('two quick Backs land where the reader was two places ago, not on the way there', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    await lab.open();
    await lab.waitForPanels();
    await lab.goViaContents('Which lock, for what');
    await lab.scrollSettled();
    const firstPlace = await scrollY(page);
    await lab.goViaContents('Failure cases');
    await lab.scrollSettled();
    await lab.goViaContents('Numbers to say');
    await lab.scrollSettled();

    // The second Back comes while the page would still be scrolling back from the first.
    await page.evaluate(() => {
      history.back();
      setTimeout(() => history.back(), 60);
    });
    await expect(page).toHaveURL(/#which-lock$/);
    await lab.scrollSettled();
    expect(Math.abs((await scrollY(page)) - firstPlace)).toBeLessThanOrEqual(2);
  });

  test('Back while a replay jump is still gliding, then Forward: the replay, not the half-way place', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    const replay = new ReplayPage(page);
    await lab.open('#failure-cases');
    await lab.waitForPanels();
    await lab.scrollSettled();
    const show = lab
      .section('Failure cases')
      .getByRole('link', { name: /^Show the save:/ })
      .first();
    await show.scrollIntoViewIfNeeded();
    await lab.scrollSettled();
    const start = await scrollY(page);
    // Back a few frames into the glide, as a reader who clicked by mistake would.
    const midway = await page.evaluate(async () => {
      const link = [...document.querySelectorAll('a')].find((a) =>
        a.textContent?.startsWith('Show the save'),
      )!;
      link.click();
      for (let i = 0; i < 6; i++) await new Promise((r) => requestAnimationFrame(r));
      const y = window.scrollY;
      history.back();
      return y;
    });
    await expect(page).toHaveURL(/#failure-cases$/);
    await lab.scrollSettled();
    // The glide was under way, not over: otherwise this test shows nothing.
    expect(Math.abs(midway - start)).toBeGreaterThan(20);
    await page.goForward();
    await expect(page).toHaveURL(/#see-it$/);
    await lab.scrollSettled();
    await expect(replay.heading).toBeInViewport();
    const top = await page.locator('#see-it').evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(120);
  });

  test('Back while a contents link is still gliding, then Forward: the section, not the half-way place', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    await lab.open('#which-lock');
    await lab.waitForPanels();
    await lab.scrollSettled();
    const start = await scrollY(page);
    const midway = await page.evaluate(async () => {
      document.querySelector<HTMLAnchorElement>('#contents-list a[href="#numbers"]')!.click();
      for (let i = 0; i < 6; i++) await new Promise((r) => requestAnimationFrame(r));
      const y = window.scrollY;
      history.back();
      return y;
    });
    await expect(page).toHaveURL(/#which-lock$/);
    await lab.scrollSettled();
    expect(Math.abs(midway - start)).toBeGreaterThan(20);
    await page.goForward();
    await expect(page).toHaveURL(/#numbers$/);
    await lab.scrollSettled();
    const top = await page.locator('#numbers').evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(120);
  });

  test('Back just after a slider move, then Forward: the entry shows the numbers last set on it', async ({
    page,
  }) => {
    const { lab, ttl } = await pausedClientTtlFocused(page);
    // Back before the last move has reached the address bar.
    const lastSet = await leaveMidMove(page, 'back');
    await expect(page).not.toHaveURL(/try-ttl=/);
    await expect(ttl).not.toHaveValue(lastSet);

    await page.goForward();
    await expect(page).toHaveURL(/#paused-client$/);
    await expect(ttl).toHaveValue(lastSet);
    await expect(page).toHaveURL(new RegExp(`try-ttl=${lastSet}&`));
    // The write on arrival leaves the page where the browser puts it back.
    await lab.scrollSettled();
    await expect(ttl).toBeInViewport();
    // Back and Forward once more: the entry itself now has them.
    await page.goBack();
    await expect(ttl).not.toHaveValue(lastSet);
    await page.goForward();
    await expect(ttl).toHaveValue(lastSet);
  });

  test('a contents link just after a slider move, then Back: the entry left shows that move', async ({
    page,
  }) => {
    const { ttl } = await pausedClientTtlFocused(page);
    // On to another section before the last move has reached the address bar.
    const lastSet = await leaveMidMove(page, '#which-lock');
    await expect(page).toHaveURL(new RegExp(`try-ttl=${lastSet}&.*#which-lock$`));

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`try-ttl=${lastSet}&.*#paused-client$`));
    await expect(ttl).toHaveValue(lastSet);
  });

  test('Back after a slider replaced the button the jump was made from: focus is on the new one', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    const replay = new ReplayPage(page);
    await lab.open();
    await lab.waitForPanels();
    const pausedClient = lab.section('The paused client');
    const jump = pausedClient.getByRole('link', { name: 'Step through it in the replay' });
    await jump.scrollIntoViewIfNeeded();
    await jump.click();
    await replay.scrollSettled();
    await expect(replay.panel).toBeFocused();

    // On the replay's entry the reader tries other numbers: the button gives way to "Back to the
    // recorded run".
    const ttl = pausedClient.getByRole('slider', { name: /TTL/ });
    await ttl.focus();
    await page.keyboard.press('ArrowRight');
    await expect(jump).toHaveCount(0);
    await expect(page).toHaveURL(/try-ttl=/);
    // Then back past the hint's link (to Locks in Postgres), to the button that only the
    // reader's numbers have.
    const toRecorded = pausedClient.getByRole('button', { name: 'Back to the recorded run' });
    await page.keyboard.press('Shift+Tab');
    await expect(pausedClient.getByRole('link', { name: 'Locks in Postgres' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(toRecorded).toBeFocused();

    await page.goBack();
    await expect(page).not.toHaveURL(/try-ttl=/);
    // The entry names no numbers, so the button is back: a new element, not the one clicked,
    // and the one focused has gone with the numbers.
    await expect(jump).toBeVisible();
    await expect(jump).toBeFocused();

    // Forward: the numbers, and the button the reader left from, come back.
    await page.goForward();
    await expect(page).toHaveURL(/try-ttl=/);
    await expect(toRecorded).toBeFocused();
  });

  test('scrubbing the replay, its selects and the sliders add no history entries', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    const replay = new ReplayPage(page);
    await replay.open();
    await lab.waitForPanels();
    const entries = await historyLength(page);
    await replay.stepTo(4);
    await replay.stepForward.click();
    await replay.setFencing(true);
    await replay.panel.getByRole('combobox', { name: 'Scenario' }).selectOption('delayed-write');
    await expect(page).toHaveURL(/scenario=delayed-write/);
    const ttl = lab.section('The paused client').getByRole('slider', { name: /TTL/ });
    await ttl.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/try-ttl=/);
    expect(await historyLength(page)).toBe(entries);
  });
});

// Chromium puts the page back where it was on an entry only when the entry's URL has no section
// in its hash: Back to `/#failure-cases` scrolled to the top of the failure cases, not to the row
// the jump was made from, eight cards further down on a phone.
for (const width of [375, 1280]) {
  test.describe(`Back to an entry whose URL names a section, ${width} px wide`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    });

    /** Where `target` is in the viewport before the jump it makes, and after Back. */
    async function backFromJump(page: Page, target: Locator, jump: () => Promise<void>) {
      const lab = new LabPage(page);
      const replay = new ReplayPage(page);
      await target.scrollIntoViewIfNeeded();
      await lab.scrollSettled();
      await expect(target).toBeInViewport();
      const before = page.url();
      const topBefore = (await target.boundingBox())?.y;
      await jump();
      await replay.scrollSettled();
      await expect(replay.heading).toBeInViewport();
      await page.goBack();
      await expect(page).toHaveURL(before);
      await lab.scrollSettled();
      return { topBefore, topAfter: (await target.boundingBox())?.y };
    }

    /** The page opened and moved to Failure cases by the contents; its last row's link. */
    async function lastFailureCase(page: Page) {
      const lab = new LabPage(page);
      await lab.open();
      await lab.waitForPanels();
      await lab.goViaContents('Failure cases');
      await expect(page).toHaveURL(/\/#failure-cases$/);
      await lab.scrollSettled();
      return lab.section('Failure cases').getByRole('link', {
        name: /^Show the save: The client holding an advisory lock/,
      });
    }

    test('the last failure case, reached by the contents: Back returns to its row', async ({
      page,
    }) => {
      const show = await lastFailureCase(page);
      const { topBefore, topAfter } = await backFromJump(page, show, () => show.click());
      expect(topBefore).toBeDefined();
      expect(Math.abs(topAfter! - topBefore!)).toBeLessThanOrEqual(3);
      await expect(show).toBeFocused();
    });

    test('the last failure case: Back returns to its row though an event was hovered in the replay on the jump', async ({
      page,
    }) => {
      // The line under the replay's timeline tells of the event hovered, which no URL names, and
      // is taller than the hint it replaces (a line more at 375 px, 3 px at 1280 px). On Back the
      // replay shows the entry's own run, so the line goes back to the hint: the page must land
      // on the row by what is there now, not by a scroll offset taken with the taller line.
      const replay = new ReplayPage(page);
      const show = await lastFailureCase(page);
      const detail = replay.panel.locator('.lt-detail');
      const hint = (await detail.textContent()) ?? '';
      const { topBefore, topAfter } = await backFromJump(page, show, async () => {
        await show.click();
        await replay.scrollSettled();
        // The pointer onto the fourth event's mark (or its touch target, over the drawing at
        // 375 px): the run the entry left has a fourth event too.
        const mark = replay.panel.locator('.lt-mark[data-mark="e4"]');
        await mark.scrollIntoViewIfNeeded();
        const box = (await mark.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await expect(detail).not.toHaveText(hint);
      });
      // The event hovered was the jump's run's; this entry's run is told of by the hint.
      await expect(detail).toHaveText(hint);
      expect(topBefore).toBeDefined();
      expect(Math.abs(topAfter! - topBefore!)).toBeLessThanOrEqual(3);
    });

    test('a drill answer, on a page opened at #drill: Back returns to its link', async ({
      page,
    }) => {
      const lab = new LabPage(page);
      const drill = new DrillPage(page);
      await lab.open('#drill');
      await lab.waitForPanels();
      await drill.predict(Q1, Q1_BEST);
      await drill.reveal(Q1);
      const link = drill.question(Q1).getByRole('link', { name: 'Replay: fencing on' });
      // Scrolled on past the top of the drill, where the browser alone would put the page back.
      await link.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy({ top: 200, behavior: 'instant' }));
      const { topBefore, topAfter } = await backFromJump(page, link, () => link.click());
      expect(topBefore).toBeDefined();
      expect(Math.abs(topAfter! - topBefore!)).toBeLessThanOrEqual(3);
      await expect(drill.answer(Q1)).toBeVisible();
    });
  });
}
