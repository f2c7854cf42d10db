import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ReplayPage } from './pages/replayPage';

test.describe('the replay', () => {
  test('turning fencing on makes the stale write rejected and the document keep the newer body', async ({
    page,
  }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    await expect(replay.fencing).toHaveAttribute('aria-checked', 'false');
    await replay.toEnd();
    await expect(replay.documentValue('body')).toHaveText('v1');
    await expect(replay.panel.getByText(/Stale write accepted/)).toBeVisible();

    await replay.setFencing(true);
    await replay.toEnd();
    await expect(replay.documentValue('body')).toHaveText('v2');
    await expect(replay.documentValue('fence')).toHaveText('34 (the highest token it has taken)');
    await expect(replay.panel.getByText('Stale write rejected by the storage.')).toBeVisible();
    await expect(replay.panel.getByText(/learns it lost the lock, and stops/)).toBeVisible();
  });

  test('flipping fencing at the stale write keeps the place and shows the other outcome', async ({
    page,
  }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    await expect(replay.fencing).toHaveAttribute('aria-checked', 'false');
    await replay.panel.getByRole('button', { name: 'jump to it' }).click();
    const staleStep = await replay.position.inputValue();
    expect(Number(staleStep)).toBeGreaterThan(0);
    await expect(replay.currentEvent()).toContainText('accepts the stale “v1”');
    await expect(replay.documentValue('body')).toHaveText('v1');

    await replay.setFencing(true);
    // The same moment of the story: client 1's late write, now refused.
    await expect(replay.currentEvent()).toContainText('The storage rejects “v1”');
    await expect(replay.documentValue('body')).toHaveText('v2');
    await expect(replay.panel.getByText('Stale write rejected by the storage.')).toBeVisible();
    const onStep = await replay.position.inputValue();
    expect(Number(onStep)).toBeGreaterThan(0);
    await expect(page).toHaveURL(
      new RegExp(`variant=fencing-on&lock=redis&step=${onStep}#see-it$`),
    );

    await replay.setFencing(false);
    await expect(replay.position).toHaveValue(staleStep);
    await expect(replay.panel.getByText(/Stale write accepted/)).toBeVisible();
  });

  test('a run with no stale write ends on what it showed', async ({ page }) => {
    const replay = new ReplayPage(page);
    // A run with no fencing switch: wait for the slider instead.
    await page.goto('./?scenario=holder-crash&variant=default&lock=redis#see-it');
    await expect(replay.position).toBeVisible();
    await expect(replay.panel.getByText(/A late write is coming/)).toHaveCount(0);
    await replay.panel.getByRole('button', { name: 'jump to the end' }).click();
    await expect(replay.panel.getByText('The TTL freed a crashed holder’s lock.')).toBeVisible();
    await expect(
      replay.panel.getByText(/Client 2 was refused \w+ times? while client 1’s key stood/),
    ).toBeVisible();
    await expect(replay.panel).toBeFocused();
  });

  test('flipping fencing while playing keeps playing from the same moment', async ({ page }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    await replay.stepTo(4);
    await replay.playButton().click();
    await expect(replay.position).toHaveValue('5', { timeout: 5000 });
    await replay.setFencing(true);
    await expect(replay.playButton()).toHaveAccessibleName('Pause');
    const at = Number(await replay.position.inputValue());
    expect(at).toBeGreaterThanOrEqual(5);
    await expect(replay.position).toHaveValue(String(at + 1), { timeout: 5000 });
  });

  test('stepping changes "the document now"', async ({ page }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    await expect(replay.documentValue('body')).toHaveText('v0');
    await expect(replay.documentValue('fence')).toHaveText(
      '0 (never raised: this storage ignores tokens)',
    );
    for (let i = 0; i < 7; i++) await replay.stepForward.click();
    await expect(replay.documentValue('body')).toHaveText('v2');
    await expect(replay.currentEvent()).toContainText('The storage accepts “v2”');
    await replay.stepBack.click();
    await expect(replay.documentValue('body')).toHaveText('v0');
  });

  test('Space plays and pauses when the panel has focus; the arrow keys step', async ({ page }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    await replay.panel.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(replay.position).toHaveValue('2');
    await page.keyboard.press('ArrowLeft');
    await expect(replay.position).toHaveValue('1');
    await page.keyboard.press('Space');
    await expect(replay.playButton()).toHaveAccessibleName('Pause');
    await expect(replay.position).not.toHaveValue('1', { timeout: 5000 });
    await page.keyboard.press('Space');
    await expect(replay.playButton()).toHaveAccessibleName('Play');
  });

  test('stepping to the end by keyboard keeps focus on the button, and the keys keep working', async ({
    page,
  }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    const length = Number(await replay.position.getAttribute('max'));
    await replay.stepForward.focus();
    for (let i = 0; i < length + 2; i++) await page.keyboard.press('Enter');
    await expect(replay.position).toHaveValue(String(length));
    await expect(replay.stepForward).toBeFocused();
    await expect(replay.stepForward).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(replay.position).toHaveValue(String(length - 1));
  });

  test('every control is reachable by Tab', async ({ page }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    await replay.fencing.focus();
    const names: string[] = [];
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      names.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el) return '';
          const labels = (el as HTMLInputElement).labels;
          return (
            el.getAttribute('aria-label') ??
            (labels && labels[0] ? labels[0].textContent : null) ??
            el.textContent?.trim().slice(0, 30) ??
            ''
          );
        }),
      );
    }
    const seen = names.join(' | ');
    // The timeline is one tab stop; Step back stays a tab stop at step 0 (aria-disabled).
    for (const name of [
      'Scenario|The paused client',
      'Lock and storage|Redis \\+ Postgres',
      'Play',
      'Step forward',
      'Speed',
      'Replay position',
    ]) {
      expect(seen).toMatch(new RegExp(name));
    }
    expect(names.filter((n) => /^\d+(\.\d+)? ms: /.test(n))).toHaveLength(1);
  });

  test('the URL follows the replay, and a deep link opens the same moment', async ({ page }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    await replay.setFencing(true);
    for (let i = 0; i < 7; i++) await replay.stepForward.click();
    await expect(page).toHaveURL(
      /\?scenario=paused-client&variant=fencing-on&lock=redis&step=7#see-it$/,
    );
    const url = page.url();

    const other = await page.context().newPage();
    const again = new ReplayPage(other);
    await other.goto(url);
    await expect(again.fencing).toHaveAttribute('aria-checked', 'true');
    await expect(again.position).toHaveValue('7');
    await expect(again.documentValue('body')).toHaveText('v2');
    await expect(again.documentValue('fence')).toHaveText('34 (the highest token it has taken)');
    await expect(again.section).toBeInViewport();
  });

  test('a malformed link still opens the replay, with a notice', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const replay = new ReplayPage(page);
    await replay.open('?scenario=%3Cscript%3E&variant=fencing-on&step=abc#see-it');
    // Shown at the replay's top; announced by the notice under the title, not here again.
    await expect(replay.panel.locator('.replay-notice')).toContainText('is not a name');
    await expect(replay.panel.locator('.replay-notice')).not.toHaveAttribute('role', 'status');
    await expect(replay.fencing).toHaveAttribute('aria-checked', 'true');
    await expect(replay.documentValue('body')).toHaveText('v0');
    expect(errors).toEqual([]);
  });

  test('the line under the replay’s timeline tells of the run now drawn, not the one before', async ({
    page,
  }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    await replay.panel.getByRole('button', { name: /client 1 is paused from/ }).focus();
    await expect(replay.panel.getByText(/Client 1 is paused from/)).toBeVisible();
    // A run in which no client pauses: nothing on the page may still say one did.
    await replay.panel
      .getByRole('combobox', { name: 'Scenario' })
      .selectOption({ label: 'A delayed write' });
    await expect(replay.panel.getByRole('button', { name: /is paused from/ })).toHaveCount(0);
    await expect(replay.panel.getByText(/is paused from/)).toHaveCount(0);
  });

  test('the lease-row run plays too', async ({ page }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    await replay.panel.getByRole('combobox', { name: 'Lock and storage' }).selectOption('pg-lease');
    await replay.setFencing(true);
    await replay.toEnd();
    await expect(replay.documentValue('body')).toHaveText('v2');
    await expect(page).toHaveURL(/lock=pg-lease/);
  });

  test('the timeline’s labels and lane names keep 4 px between their text boxes, at 1280 and 375 px', async ({
    page,
  }) => {
    // "client 1" and "lock, token 33" had boxes 2 px into each other (the letters apart).
    const replay = new ReplayPage(page);
    const near: string[] = [];
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [variant, lock] of [
        ['fencing-off', 'redis'],
        ['fencing-on', 'pg-lease'],
      ]) {
        await replay.open(`?scenario=paused-client&variant=${variant}&lock=${lock}#see-it`);
        const svg = replay.panel.locator('.lt svg[role="group"]');
        await expect(svg.locator('.lt-lane-label').first()).toBeVisible();
        const found = await svg.evaluate((el) => {
          const boxes = [...el.querySelectorAll('.lt-label, .lt-lane-label')].map((t) => ({
            text: t.textContent ?? '',
            r: t.getBoundingClientRect(),
          }));
          return boxes.flatMap((a, i) =>
            boxes.slice(i + 1).flatMap((b) => {
              const across = Math.max(a.r.left - b.r.right, b.r.left - a.r.right);
              const down = Math.max(a.r.top - b.r.bottom, b.r.top - a.r.bottom);
              const gap = Math.max(across, down);
              return gap < 4 ? [`“${a.text}” and “${b.text}”: ${gap.toFixed(1)} px`] : [];
            }),
          );
        });
        near.push(...found.map((f) => `${width} px, ${variant} on ${lock}: ${f}`));
      }
    }
    expect(near).toEqual([]);
  });
});

test.describe('the panels around it', () => {
  test('a failure-case row opens its replay, rewound and in view', async ({ page }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    await replay.stepForward.click();
    await page
      .getByRole('link', { name: 'Show the save: A write is held up in the network' })
      .click();
    await expect(replay.panel.getByRole('combobox', { name: 'Scenario' })).toHaveValue(
      'delayed-write',
    );
    await expect(replay.fencing).toHaveAttribute('aria-checked', 'true');
    await expect(replay.position).toHaveValue('0');
    await expect(replay.panel).toBeFocused();
    await replay.scrollSettled();
    await expect(replay.heading).toBeInViewport();
    await expect(page).toHaveURL(/scenario=delayed-write&variant=fencing-on.*#see-it$/);
  });

  test('the replay it opens stays in view when panels above it arrive during the scroll', async ({
    page,
  }) => {
    // Each panel loads on its own: on a slow network or a busy machine the two above the replay
    // may still be on their way when a reader opens it from a failure case far below. Hold them
    // back until the click, then let them in while the page scrolls up.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const chunk = /\/assets\/(paused-client|which-lock)-[\w-]+\.js$/;
    const held = new Set<string>();
    await page.route(chunk, async (route) => {
      held.add(chunk.exec(route.request().url())?.[1] ?? '');
      await released;
      await route.continue();
    });
    const replay = new ReplayPage(page);
    await replay.open();
    const above = page.getByRole('region', { name: 'The paused client', exact: true });
    await expect(above.getByText(/^Loading /)).toBeVisible();
    expect([...held].sort()).toEqual(['paused-client', 'which-lock']);
    await page
      .getByRole('link', { name: 'Show the save: A write is held up in the network' })
      .click();
    release();
    await expect(page.getByText(/^Loading .*…$/)).toHaveCount(0);
    await replay.scrollSettled();
    await expect(replay.heading).toBeInViewport();
    await expect(replay.panel).toBeFocused();
  });

  test('with reduced motion the replay still steps, without flashes or smooth scrolling', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const replay = new ReplayPage(page);
    await replay.open();
    await expect(replay.panel).toHaveClass(/replay--still/);
    await replay.toEnd();
    // The flash is the ring drawn by the value's ::after, fading out.
    const animation = await replay
      .documentValue('body')
      .evaluate((el) => getComputedStyle(el, '::after').animationName);
    expect(animation).toBe('none');
    await expect(replay.documentValue('body')).toHaveText('v1');
  });

  test('clicking a fenced-path step lights it and its path', async ({ page }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    const write = replay.fencedPathStep(/Write with the token/);
    await write.click();
    await expect(write).toHaveAttribute('aria-pressed', 'true');
    await expect(replay.fencedPathDetail()).toHaveText('Step 3: Write with the token');
    await expect(write.locator('xpath=..')).toHaveClass(/is-lit/);
    await expect(replay.fencedPathStep(/Do the work/).locator('xpath=..')).toHaveClass(/is-lit/);
    await expect(replay.fencedPathStep(/Release/).locator('xpath=..')).not.toHaveClass(/is-lit/);
    // Enter on a focused step chooses it too.
    await replay.fencedPathStep(/Extend/).focus();
    await page.keyboard.press('Enter');
    await expect(replay.fencedPathDetail()).toHaveText('Step 4: Extend, before the TTL ends');
  });

  test('focusing a paused-client event says what happened', async ({ page }) => {
    const replay = new ReplayPage(page);
    await replay.open();
    const expiry = replay.timelineEvent(/TTL runs out/);
    await expiry.focus();
    await expect(
      page.getByRole('region', { name: 'The paused client', exact: true }).getByText(/is not told/),
    ).toBeVisible();
  });

  test('the paused client reruns with other numbers, by keyboard alone', async ({ page }) => {
    await page.goto('./#paused-client');
    const section = page.getByRole('region', { name: 'The paused client', exact: true });
    const pause = section.getByRole('slider', { name: 'Pause' });
    await pause.focus();
    // From the recorded 500 ms down to 200 ms, under the 300 ms TTL.
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowLeft');
    await expect(pause).toHaveAttribute('aria-valuetext', '200 ms');
    // The line a reader sees (a quiet copy for screen readers follows once the sliders rest).
    const verdict = section.locator('.pc-verdict');
    await expect(verdict).toHaveText(/^Safe this time: client 1 woke from its 200 ms pause/);
    await page.keyboard.press('Tab');
    await expect(section.getByRole('combobox', { name: 'Lock' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(section.getByRole('switch', { name: 'Fencing' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(verdict).toHaveText(/^Safe this time/);
    await expect(
      section.getByText(
        /fencing off, with a fixed seed \(1\), so the same numbers always give the same run/,
      ),
    ).toBeVisible();
    await section.getByRole('button', { name: 'Back to the recorded run' }).focus();
    await page.keyboard.press('Enter');
    await expect(section.getByText(/the storage rejects the stale write/)).toBeVisible();
    await expect(
      section.getByRole('link', { name: 'Step through it in the replay' }),
    ).toBeFocused();
  });

  test('a link with other numbers opens them, and a broken one says so', async ({ page }) => {
    await page.goto('./?try-pause=310&try-fencing=off#paused-client');
    const section = page.getByRole('region', { name: 'The paused client', exact: true });
    await expect(section.locator('.pc-verdict')).toHaveText(
      /^Two holders: .* No harm, only because client 2 writes without reading: .* a fenced read would\./,
    );
    await expect(section.getByRole('slider', { name: 'Pause' })).toHaveValue('310');
    // The replay keeps its own place in the URL without dropping the reader's numbers.
    await new ReplayPage(page).stepTo(3);
    await expect(page).toHaveURL(/step=3/);
    await expect(page).toHaveURL(/try-pause=310&try-fencing=off/);

    await page.goto('./?try-ttl=forever#paused-client');
    // Beside the controls; the notice's copy at the section's top says it too.
    await expect(
      section
        .getByRole('group', { name: 'Try other numbers' })
        .getByText(/try-ttl “forever” is not a number of ms/),
    ).toBeVisible();
    await expect(section.getByText(/the storage rejects the stale write/)).toBeVisible();
  });

  test('a Redlock link with a small clock jump opens a run with no two holders', async ({
    page,
  }) => {
    await page.goto('./?try-jump=500#redlock');
    const redlock = page.getByRole('region', { name: 'Redlock and its critique', exact: true });
    await expect(redlock.getByText(/^No two holders\./)).toBeVisible();
    await expect(redlock.getByRole('slider', { name: 'Clock jump on redis-3' })).toHaveValue('500');
  });

  test('a shorter GC pause on the Redlock slider gives no two holders, and a reload keeps it', async ({
    page,
  }) => {
    await page.goto('./#redlock');
    const redlock = page.getByRole('region', { name: 'Redlock and its critique', exact: true });
    await redlock.getByRole('button', { name: 'A GC pause past the TTL' }).click();
    const pause = redlock.getByRole('slider', { name: 'Client 1’s GC pause' });
    await expect(pause).toHaveValue('500');
    await pause.fill('100');
    await expect(redlock.getByText(/^No two holders\./)).toBeVisible();
    await expect(
      redlock.getByText(/Client 1’s pause, from 60 ms to 160 ms, ended before its keys expired/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\?redlock=gc-pause&try-gc-pause=100#redlock$/);
    await page.reload();
    await expect(redlock.getByRole('slider', { name: 'Client 1’s GC pause' })).toHaveValue('100');
    await expect(redlock.getByText(/^No two holders\./)).toBeVisible();
  });

  test('the Redlock panel marks two holders', async ({ page }) => {
    await page.goto('./#redlock');
    const redlock = page.getByRole('region', { name: 'Redlock and its critique', exact: true });
    await expect(redlock.getByText(/client 2 holds 3 of 5/)).toBeVisible();
    await redlock.getByRole('button', { name: 'A GC pause past the TTL' }).click();
    await expect(redlock.getByText(/client 2 holds 5 of 5/)).toBeVisible();
  });

  test('no serious or critical axe violations in my panels, light and dark', async ({ page }) => {
    // Four axe passes over four SVG-heavy panels: 16 s alone here, near 30 s on a busy machine.
    test.slow();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const replay = new ReplayPage(page);
      await replay.open();
      // At the start every event is still to come; at the end the verdict and the tones show.
      const bad = [];
      for (const moment of ['start', 'end']) {
        if (moment === 'end') await replay.toEnd();
        const results = await new AxeBuilder({ page })
          .include('#paused-client')
          .include('#see-it')
          .include('#fenced-path')
          .include('#redlock')
          .analyze();
        bad.push(
          ...results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
        );
      }
      expect(
        bad.map((v) => `${scheme}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  });
});
