// What a careful reader notices across sections: a part that plays the same role looks the same
// in every panel, and running text keeps to a readable line. Each check here failed on the page
// it was written against (see the commit that added it).
import { expect, test, type Page } from '@playwright/test';
import { LabPage } from './pages/labPage';

/** The computed values of `props` for the first element `selector` matches. */
async function styleOf(page: Page, selector: string, props: readonly string[]) {
  return page
    .locator(selector)
    .first()
    .evaluate(
      (el, names) => {
        const cs = getComputedStyle(el);
        return Object.fromEntries(names.map((n) => [n, cs.getPropertyValue(n)]));
      },
      [...props],
    );
}

const TYPE = ['font-size', 'font-weight', 'letter-spacing', 'text-transform', 'color'] as const;

test.describe('one look for one role', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const lab = new LabPage(page);
    await lab.open();
    await lab.waitForPanels();
  });

  test("a table's column names are set alike in every section", async ({ page }) => {
    // Redlock's table had sentence-case names at 600 beside every other table's small uppercase.
    const table = await styleOf(page, '.data-table thead th', TYPE);
    expect(await styleOf(page, '.rl-table thead th', TYPE)).toEqual(table);
    expect(await styleOf(page, '.rl-table td', ['font-size', 'padding'])).toEqual(
      await styleOf(page, '.data-table td', ['font-size', 'padding']),
    );
  });

  test("a control's small label is set alike in every panel", async ({ page }) => {
    // The replay's FENCING and SCENARIO were at 400, the paused client's TTL and LOCK at 600.
    expect(await styleOf(page, '.replay-label', TYPE)).toEqual(
      await styleOf(page, '.fl-field-label', TYPE),
    );
  });

  test("the drill's buttons have the other panels' size and shape", async ({ page }) => {
    // 40 px tall with a 6.4 px corner in the drill, 36 px and 6 px everywhere else.
    const shape = ['min-height', 'padding', 'border-radius'] as const;
    expect(await styleOf(page, '.drill-toolbar button', shape)).toEqual(
      await styleOf(page, '.fl-button', shape),
    );
  });

  test('a figure stands as far from its neighbours as a code block or a table', async ({
    page,
  }) => {
    // The fencing figure took 20 px and the numbers chart 24 px where everything else takes 16.
    const gap = ['margin-top', 'margin-bottom'] as const;
    const block = await styleOf(page, '.code-block', gap);
    expect(await styleOf(page, '.table-wrap', gap)).toEqual(block);
    expect(await styleOf(page, '.fence-figure', gap)).toEqual(block);
    expect(await styleOf(page, '.bar-chart', gap)).toEqual(block);
  });
});

test('running text at the body size keeps to about 80 characters a line at 1280 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const lab = new LabPage(page);
  await lab.open();
  await lab.waitForPanels();
  // Characters a line: the text box's width over the average width of its own characters, in
  // the font it is drawn in. At a 44rem measure the page's prose ran 86 to 96 characters, and the
  // paragraphs in the replay and Redlock panels, which had no measure, 100 to 110. Boxes and rows
  // that span their panel (events, verdicts, table cells, the chart's key) are not running text.
  const long = await page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const spans = '.replay-events, .replay-verdict, .rl-two, .rl-legend, table, dl, .code-block';
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('main p, main li')) {
      if (el.closest(spans)) continue;
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      const cs = getComputedStyle(el);
      const size = parseFloat(cs.fontSize);
      const width = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      if (text.length < 100 || size < 16 || width <= 0) continue;
      canvas.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const perLine = width / (canvas.measureText(text).width / text.length);
      if (perLine > 82) out.push(`${Math.round(perLine)} a line: ${text.slice(0, 50)}`);
    }
    return out;
  });
  expect(long).toEqual([]);
});
