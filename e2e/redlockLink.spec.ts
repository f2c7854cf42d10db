// The Redlock figure's values in a link. A step past the run's end is told under the title with
// the link's other problems, and again at the top of the section the link leads to.
//
// Back and Forward onto entries whose Redlock values differ only in what was wrong with them. A
// bad value opens the same figure as no value at all (the recorded run, at its moment of two
// holders), so the figure is the same on both entries: only the notice beside the control tells
// them apart, and it must follow the entry too. The reader makes such entries themselves: a link
// with a bad value, a jump to the replay (a new entry that keeps the link's values), and a slider
// or a run button on one entry, which puts the figure's own values in that entry's URL alone.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LabPage } from './pages/labPage';
import { ReplayPage } from './pages/replayPage';
import { linkNotice as notice, liveRegionsSaying } from './pages/linkNotice';

const BAD_JUMP = 'The link’s try-jump “abc” is not a number of ms';
const BAD_STEP = 'The link’s redlock-step “abc” is not a step number';

/** The notices the Redlock panel shows beside its controls (not the copy of the title's notice). */
const panelNotices = (redlock: Locator) => redlock.locator('.rl-notice');

test('a step past the run’s end is told under the title with the link’s other problems, once', async ({
  page,
}) => {
  const lab = new LabPage(page);
  // A 500 ms jump leaves client 2 without a majority: its run is shorter than the recorded one.
  await lab.open('?try-jump=500&redlock-step=10&try-ttl=abc#redlock');
  await lab.waitForPanels();
  const pastEnd =
    'The link’s redlock-step 10 is past this run’s last event (9), so the figure shows its end.';
  await expect(notice(page).getByRole('listitem')).toContainText([
    'The link’s try-ttl “abc”',
    pastEnd,
  ]);
  const redlock = lab.section('Redlock and its critique');
  await expect(
    redlock.getByRole('note', { name: 'About the link you opened' }).getByRole('listitem'),
  ).toContainText([pastEnd]);
  await expect(panelNotices(redlock)).toHaveText([pastEnd]);
  await expect(redlock.getByRole('slider', { name: 'Redlock replay position' })).toHaveValue('9');
  expect(await liveRegionsSaying(page, pastEnd)).toBe(1);
});

/** Opens `query` on the Redlock section and jumps to the replay from its button: a new entry. */
async function openThenJump(page: Page, query: string) {
  const lab = new LabPage(page);
  const replay = new ReplayPage(page);
  await lab.open(query);
  await lab.waitForPanels();
  const redlock = lab.section('Redlock and its critique');
  await redlock.getByRole('link', { name: 'Step through that recording in the replay' }).click();
  await replay.scrollSettled();
  await expect(page).toHaveURL(/scenario=redlock-clock-jump.*#see-it$/);
  return { lab, redlock };
}

/** Moves the clock jump's slider, then takes it back to the recorded size by its button. */
async function jumpSliderThereAndBack(redlock: Locator) {
  await redlock.getByRole('slider', { name: 'Clock jump on redis-3' }).focus();
  await redlock.page().keyboard.press('ArrowLeft');
  await redlock.getByRole('button', { name: 'Back to 2000 ms' }).click();
}

test.describe('Redlock: Back and Forward between entries that differ in a bad value', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('a bad size: Back to the entry that has it shows its notice, Forward to one without hides it', async ({
    page,
  }) => {
    const { redlock } = await openThenJump(page, '?try-jump=abc#redlock');
    const opened = page.url().replace(/\?.*/, '?try-jump=abc#redlock');
    await expect(panelNotices(redlock)).toHaveText([new RegExp(`^${BAD_JUMP}`)]);
    // On the replay's entry the reader tries a size and returns to the recorded one: this entry
    // now names no size, and the notice has gone with the bad one.
    await jumpSliderThereAndBack(redlock);
    await expect(page).not.toHaveURL(/try-jump/);
    await expect(panelNotices(redlock)).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(opened);
    await expect(panelNotices(redlock)).toHaveText([new RegExp(`^${BAD_JUMP}`)]);
    // Told anew by the panel: the title's notice told it for the page as first opened.
    await expect(panelNotices(redlock)).toHaveAttribute('role', 'status');

    await page.goForward();
    await expect(page).not.toHaveURL(/try-jump/);
    await expect(panelNotices(redlock)).toHaveCount(0);

    await page.goBack();
    await expect(panelNotices(redlock)).toHaveText([new RegExp(`^${BAD_JUMP}`)]);
  });

  test('a bad size made good on the entry left: Forward to the jump shows the notice it still has', async ({
    page,
  }) => {
    const { redlock } = await openThenJump(page, '?try-jump=abc#redlock');
    await page.goBack();
    await expect(page).toHaveURL(/\?try-jump=abc#redlock$/);
    // Back on the entry the link opened, the reader makes the size good there.
    await jumpSliderThereAndBack(redlock);
    await expect(page).not.toHaveURL(/try-jump/);
    await expect(panelNotices(redlock)).toHaveCount(0);

    await page.goForward();
    await expect(page).toHaveURL(/try-jump=abc&.*#see-it$/);
    await expect(panelNotices(redlock)).toHaveText([new RegExp(`^${BAD_JUMP}`)]);

    await page.goBack();
    await expect(page).not.toHaveURL(/try-jump/);
    await expect(panelNotices(redlock)).toHaveCount(0);
  });

  test('a bad step: Back to the entry that has it shows its notice again', async ({ page }) => {
    const { redlock } = await openThenJump(page, '?redlock-step=abc#redlock');
    await expect(panelNotices(redlock)).toHaveText([new RegExp(`^${BAD_STEP}`)]);
    // The other run and back: the clock jump opens at its own moment, and the step leaves this
    // entry's URL.
    await redlock.getByRole('button', { name: 'A GC pause past the TTL' }).click();
    await redlock.getByRole('button', { name: 'A clock jumps on one node' }).click();
    await expect(page).not.toHaveURL(/redlock-step/);
    await expect(panelNotices(redlock)).toHaveCount(0);
    const position = redlock.getByRole('slider', { name: 'Redlock replay position' });
    const atTwoHolders = await position.inputValue();

    await page.goBack();
    await expect(page).toHaveURL(/\?redlock-step=abc#redlock$/);
    await expect(panelNotices(redlock)).toHaveText([new RegExp(`^${BAD_STEP}`)]);
    await expect(position).toHaveValue(atTwoHolders);

    await page.goForward();
    await expect(page).not.toHaveURL(/redlock-step/);
    await expect(panelNotices(redlock)).toHaveCount(0);
  });
});
