import { expect, test, type Locator, type Page } from '@playwright/test';
import { LabPage } from './pages/labPage';
import { ReplayPage } from './pages/replayPage';
import { DrillPage } from './pages/drillPage';
import { cutOffByItsBox, pastTheScreensEdge, sidewaysOverflowPx } from './pages/pageHealth';

// Readers who enlarge the text or space it out (WCAG 1.4.4 and 1.4.12): nothing may run off the
// screen, over its neighbour or out of its box.

/** WCAG 1.4.12's test style sheet: the spacing a reader's own style sheet may ask for. */
const TEXT_SPACING = `* {
  line-height: 1.5 !important;
  letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }`;

/** The boxes of `items` that overlap another's by more than 1 px both ways, by their text. */
async function overlapping(items: Locator): Promise<string[]> {
  const boxes = await items.evaluateAll((els) =>
    els.map((el) => ({ text: el.textContent?.trim() ?? '', r: el.getBoundingClientRect() })),
  );
  const found: string[] = [];
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      const across = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const down = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (across > 1 && down > 1) found.push(`“${a.text}” and “${b.text}”`);
    }
  });
  return found;
}

/** Each Redlock node whose name runs over its card's edge, by name. */
async function namesOverTheirCards(page: Page): Promise<string[]> {
  return page.locator('.rl-node').evaluateAll((cards) =>
    cards
      .map((card) => {
        const name = card.querySelector('.rl-node-name')!;
        const c = card.getBoundingClientRect();
        const n = name.getBoundingClientRect();
        return n.left < c.left - 0.5 || n.right > c.right + 0.5 ? name.textContent! : '';
      })
      .filter(Boolean),
  );
}

test('with the text at 200% on a wide screen, the fenced path’s steps and the Redlock nodes keep apart', async ({
  page,
}) => {
  const lab = await LabPage.openAt(page, { width: 1280, height: 900 });
  // Text-only zoom: the page's own text size, not the browser's zoom of everything.
  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  const path = lab.section('The fenced path');
  await expect(path.getByRole('button', { name: /Release/ })).toBeVisible();
  expect.soft(await sidewaysOverflowPx(page), 'px the page scrolls sideways').toBe(0);
  expect.soft(await overlapping(path.getByRole('button')), 'steps over each other').toEqual([]);
  expect.soft(await namesOverTheirCards(page), 'names over their cards').toEqual([]);
});

test('with WCAG’s text spacing on a 320 px phone, the what-if controls and the Redlock nodes stay whole', async ({
  page,
}) => {
  const lab = await LabPage.openAt(page, { width: 320, height: 800 });
  await page.addStyleTag({ content: TEXT_SPACING });
  expect.soft(await sidewaysOverflowPx(page), 'px the page scrolls sideways').toBe(0);
  // Each field label of the what-if stays one word on one line: "PAUSE", not "PAUS" over "E".
  const whatIf = lab.section('The paused client').getByRole('group', { name: 'Try other numbers' });
  for (const label of await whatIf.locator('.fl-field-label').all()) {
    const { height, lineHeight } = await label.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(el).lineHeight),
    }));
    expect.soft(height, (await label.textContent()) ?? '').toBeLessThan(lineHeight * 1.5);
  }
  expect.soft(await namesOverTheirCards(page), 'names over their cards').toEqual([]);
});

/** px by which the fenced path's widest step runs past its grid column (0 when none does). */
async function stepPastItsColumnPx(page: Page): Promise<number> {
  return page.locator('.fp-diagram > .fp-cell').evaluateAll((cells) =>
    Math.max(
      0,
      ...cells.map((cell) => {
        const step = cell.querySelector('.fp-node')!.getBoundingClientRect();
        return step.right - cell.getBoundingClientRect().right;
      }),
    ),
  );
}

test('at every width, in a row or stacked, no fenced-path step runs under its arrow, also with WCAG’s text spacing', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.waitForPanels();
  // From a large phone to a laptop whose contents column narrows the page: where five steps no
  // longer fit in a row, they stack.
  const widthsPx = [650, 700, 750, 800, 900, 1050, 1100];
  for (const spaced of [false, true]) {
    if (spaced) await page.addStyleTag({ content: TEXT_SPACING });
    for (const widthPx of widthsPx) {
      await page.setViewportSize({ width: widthPx, height: 900 });
      expect
        .soft(await stepPastItsColumnPx(page), `${widthPx} px${spaced ? ', text spacing' : ''}`)
        .toBeLessThanOrEqual(1);
    }
  }
});

// On a phone the steps take two columns, or one below 21rem of panel. At 320 px an even split
// of the two ran step 1 ("Acquire,") 5 px past its column; just above the switch, with the text at
// 110% to 150%, up to 16 px past it, and "Extend," to the panel's edge.
test('on a phone with the text at 100% to 150%, no fenced-path step runs past its column or its panel', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.waitForPanels();
  for (const textPct of [100, 110, 125, 150]) {
    await page.evaluate((pct) => (document.documentElement.style.fontSize = `${pct}%`), textPct);
    for (let widthPx = 320; widthPx <= 500; widthPx += 10) {
      await page.setViewportSize({ width: widthPx, height: 900 });
      const at = `${widthPx} px, ${textPct}%`;
      expect.soft(await stepPastItsColumnPx(page), at).toBeLessThanOrEqual(0.5);
      const pastPanelPx = await page.locator('.fp').evaluate((panel) => {
        const edge = panel.getBoundingClientRect().right;
        const steps = [...panel.querySelectorAll('.fp-node')];
        return Math.max(0, ...steps.map((s) => s.getBoundingClientRect().right - (edge - 1)));
      });
      expect.soft(pastPanelPx, `${at}: past the panel`).toBe(0);
    }
  }
});

test('with the text at 200% on a 1024 px screen, the sections beside the contents stay on the screen', async ({
  page,
}) => {
  await LabPage.openAt(page, { width: 1024, height: 900 });
  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  await expect(page.getByRole('navigation', { name: /contents/i })).toBeVisible();
  expect(await sidewaysOverflowPx(page), 'px the page scrolls sideways').toBe(0);
});

/** The font sizes of one label of each chart (the lane timeline, Redlock's, the numbers), in px. */
async function chartLabelPx(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    ['#paused-client .lt-label', '#redlock .rl-row-label', '#numbers .chart-label'].map((sel) =>
      parseFloat(getComputedStyle(document.querySelector(sel)!).fontSize),
    ),
  );
}

/** Per chart, its labels that run out of the figure or over another label, by their text. */
async function chartLabelsAstray(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const svg of document.querySelectorAll<SVGSVGElement>(
      '#paused-client .lt svg, #redlock .rl-chart svg, #numbers .chart-box svg',
    )) {
      const box = svg.getBoundingClientRect();
      const texts = [...svg.querySelectorAll('text')]
        .map((t) => ({ text: t.textContent?.trim() ?? '', r: t.getBoundingClientRect() }))
        .filter((t) => t.text !== '' && t.r.width > 0);
      texts.forEach((a, i) => {
        if (a.r.left < box.left - 1 || a.r.right > box.right + 1)
          found.push(`“${a.text}” runs out of its figure`);
        for (const b of texts.slice(i + 1)) {
          const across = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
          const down = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
          if (across > 1 && down > 1) found.push(`“${a.text}” and “${b.text}”`);
        }
      });
    }
    return found;
  });
}

for (const widthPx of [1280, 375, 320]) {
  test(`with the text at 200% at ${widthPx} px, the charts’ labels grow with it, inside their figures and apart`, async ({
    page,
  }) => {
    await LabPage.openAt(page, { width: widthPx, height: 900 });
    const atDefault = await chartLabelPx(page);
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    await expect.poll(() => chartLabelPx(page)).toEqual(atDefault.map((px) => px * 2));
    expect.soft(await chartLabelsAstray(page), 'labels astray').toEqual([]);
    // The charts draw at their box's width; the page as a whole at 375 px is checked elsewhere.
    const chartsWiderThanTheirBoxPx = await page.evaluate(() =>
      Math.max(
        0,
        ...[...document.querySelectorAll('.lt svg, .rl-chart svg, .chart-box svg')].map(
          (svg) => svg.getBoundingClientRect().width - svg.parentElement!.clientWidth,
        ),
      ),
    );
    expect
      .soft(chartsWiderThanTheirBoxPx, 'px a chart is wider than its box')
      .toBeLessThanOrEqual(1);
    // Redlock's plot keeps room for a time axis: on a phone at 200% its row names took so much of
    // the figure that the axis read only "0", "100" and "ms".
    expect
      .soft(await page.locator('#redlock .rl-tick text').count(), 'Redlock’s times on its axis')
      .toBeGreaterThanOrEqual(3);
  });
}

/** Each table box that scrolls sideways, by its section, with the px it scrolls. */
async function tablesScrollingSideways(page: Page): Promise<string[]> {
  return page
    .locator('.table-wrap')
    .evaluateAll((boxes) =>
      boxes
        .filter((b) => b.scrollWidth - b.clientWidth > 1)
        .map((b) => `${b.closest('section')?.id}: ${b.scrollWidth - b.clientWidth} px`),
    );
}

test('with WCAG’s text spacing, no table scrolls sideways at 1280 px or 375 px, and at the page’s own spacing the numbers table fits as it is', async ({
  page,
}) => {
  const lab = await LabPage.openAt(page, { width: 1280, height: 900 });
  // The page's own look: the numbers table fits as it is (its two long column names take two
  // lines, so that each case's name keeps one: design.spec.ts).
  const numbers = lab.section('Numbers to say').locator('.table-wrap');
  await expect(numbers).not.toHaveClass(/is-cramped/);
  await page.addStyleTag({ content: TEXT_SPACING });
  await expect.poll(() => tablesScrollingSideways(page), '1280 px').toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => tablesScrollingSideways(page), '375 px').toEqual([]);
  expect(await sidewaysOverflowPx(page), 'px the page scrolls sideways').toBe(0);
});

/** Everything WCAG 1.4.10 (Reflow) asks of the page as it stands, as soft checks named by `when`. */
async function expectReflow(page: Page, when: string) {
  // Polled: the charts draw again at their box's width once it is measured after a change.
  await expect.soft
    .poll(() => sidewaysOverflowPx(page), `${when}: px the page scrolls sideways`)
    .toBe(0);
  await expect.soft
    .poll(() => pastTheScreensEdge(page), `${when}: past the screen’s edge`)
    .toEqual([]);
  // Inside the page too: a box that cuts off what it holds hides it, and a table that scrolls
  // sideways asks for two-way scrolling where its rows are cards.
  await expect.soft
    .poll(() => cutOffByItsBox(page), `${when}: cut off or scrolled by its box`)
    .toEqual([]);
  expect.soft(await namesOverTheirCards(page), `${when}: names over their cards`).toEqual([]);
}

// WCAG 1.4.10 (Reflow): the page fits 320 px without scrolling sideways, and so does a phone with
// the reader's text at 200% (1.4.4). On the old page, at 375 px and 200%, the fenced path's
// "Extend," and the heading "Capabilities" ran past the screen (72 px of sideways scroll), the
// code blocks cut off their file names, and the failure cases' "Show the failure" buttons and the
// numbers' cards scrolled inside their tables. At 320 px and 200% (a 2rem gutter each side left
// the sections 8rem), the drill's cards, the paused client's values and "The document now" ran up
// to 46 px past the screen, the numbers' cards scrolled, and Redlock's node names ran 34 px past
// their cards; once a drill answer was revealed and marked, its score line ran 160 px past.
for (const { widthPx, textPct } of [
  { widthPx: 375, textPct: 200 },
  { widthPx: 320, textPct: 100 },
  { widthPx: 320, textPct: 200 },
]) {
  test(`at ${widthPx} px with the text at ${textPct}%, nothing scrolls sideways or is cut off, also once a failure case plays in the replay and a drill answer is marked`, async ({
    page,
  }) => {
    const lab = await LabPage.openAt(page, { width: widthPx, height: 800 });
    await page.evaluate((pct) => (document.documentElement.style.fontSize = `${pct}%`), textPct);
    await expectReflow(page, 'after loading');

    // A failure case opens the replay on its own scenario; at its end every event is listed.
    const replay = new ReplayPage(page);
    await lab
      .section('Failure cases')
      .getByRole('link', { name: /^Show the failure: Redis fails over/ })
      .click();
    await expect(replay.panel.getByRole('combobox', { name: 'Scenario' })).not.toHaveValue(
      'paused-client',
    );
    await replay.toEnd();
    await expect(replay.position).not.toHaveValue('0');
    await expectReflow(page, 'with a failure case at its end in the replay');

    // A drill card answered: its choices tagged ("✓ the answer") and the score counting it.
    const card = new DrillPage(page).questions().first();
    await card.getByRole('radio').first().check();
    await card.getByRole('button', { name: 'Reveal the answer' }).click();
    await card.getByRole('button', { name: 'Not yet', exact: true }).click();
    await expect(page.getByText(/· 1 not yet/)).toBeVisible();
    await expectReflow(page, 'with a drill answer revealed and marked');
  });
}
