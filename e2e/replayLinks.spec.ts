// The links that open a run in the replay are links: Ctrl- or Cmd-click (or the middle button, or
// "Open in new tab") opens their address in a new page, which shows the same run a plain click
// shows in place, and the page the reader clicked on stays as it was.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LabPage } from './pages/labPage';
import { ReplayPage } from './pages/replayPage';

/** The run the replay shows, as its controls say it. */
async function runShown(page: Page): Promise<Record<string, string>> {
  const replay = new ReplayPage(page);
  await expect(replay.panel).toBeVisible();
  return replay.panel.evaluate((panel) => {
    const run: Record<string, string> = {};
    for (const select of panel.querySelectorAll('select'))
      run[select.labels?.[0]?.textContent?.trim() ?? select.id] = select.value;
    const fencing = panel.querySelector('[role="switch"]');
    if (fencing) run.fencing = fencing.getAttribute('aria-checked') ?? '';
    const position = panel.querySelector<HTMLInputElement>('input[type="range"]');
    run.position = position?.value ?? '';
    return run;
  });
}

/** Ctrl/Cmd-clicks `link` (or clicks it with the middle button) and returns the page it opened, loaded. */
async function openInNewPage(page: Page, link: Locator, middle = false): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  if (middle) await link.click({ button: 'middle' });
  else await link.click({ modifiers: ['ControlOrMeta'] });
  const fresh = await opened;
  // A new tab opens behind the page clicked on, where the browser holds back its frames.
  await fresh.bringToFront();
  await fresh.waitForLoadState();
  await expect(fresh.getByText(/^Loading .*…$/)).toHaveCount(0, { timeout: 20_000 });
  return fresh;
}

const places: { section: string; name: string | RegExp; middle?: boolean }[] = [
  { section: 'The paused client', name: 'Step through it in the replay' },
  { section: 'Redlock and its critique', name: 'Step through that recording in the replay' },
  { section: 'Failure cases', name: /^Show the save: A write is held up in the network/ },
  { section: 'Failure cases', name: /^Show the failure: Redis fails over/, middle: true },
];

test.describe('links into the replay', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  for (const { section, name, middle } of places) {
    test(`${section}: “${String(name)}” opened in a new page (${middle ? 'middle button' : 'Ctrl-click'}) shows the run a click shows`, async ({
      page,
    }) => {
      const lab = new LabPage(page);
      await lab.open();
      await lab.waitForPanels();
      const link = lab.section(section).getByRole('link', { name });
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\?scenario=[a-z-]+&variant=[a-z-]+(&lock=[a-z-]+)?&step=0#see-it$/);
      const before = page.url();
      const replayBefore = await runShown(page);

      const fresh = await openInNewPage(page, link, middle);
      expect(fresh.url()).toBe(new URL(href!, before).href);
      const inFresh = await runShown(fresh);
      // The page clicked on stays where it was.
      expect(page.url()).toBe(before);
      expect(await runShown(page)).toEqual(replayBefore);
      // A fresh page at the address has nothing to say about it.
      await expect(fresh.getByRole('note', { name: 'About the link you opened' })).toHaveCount(0);
      await fresh.close();
      await page.bringToFront();

      await link.click();
      await expect(page).toHaveURL(/#see-it$/);
      expect(await runShown(page)).toEqual(inFresh);
      expect(inFresh).not.toEqual(replayBefore);
    });
  }

  test('Redlock’s “replay it” opened in a new page shows the figure on that run', async ({
    page,
  }) => {
    const lab = new LabPage(page);
    await lab.open('#redlock');
    await lab.waitForPanels();
    const redlock = lab.section('Redlock and its critique');
    const gcPause = (p: Page) =>
      new LabPage(p)
        .section('Redlock and its critique')
        .getByRole('button', { name: 'A GC pause past the TTL' });
    await expect(gcPause(page)).toHaveAttribute('aria-pressed', 'false');
    const fresh = await openInNewPage(page, redlock.getByRole('link', { name: /^Replay it: / }));
    await expect(gcPause(fresh)).toHaveAttribute('aria-pressed', 'true');
    await expect(fresh).toHaveURL(/\?redlock=gc-pause#redlock$/);
    await expect(gcPause(page)).toHaveAttribute('aria-pressed', 'false');
    await fresh.close();
  });
});
