// The lane timelines give each label the room its drawn text takes: the layout measures the text
// at the label's font. At 6.4 px a letter, 87 of the replay's 98 labels in these runs had room
// more than 1 px off their letters, up to 23 px. That room is where the label keeps other words
// and marks off, and where its mark's touch target stops, so a tap just inside a label's end
// chooses its mark.
import { expect, test, type Page } from '@playwright/test';

/** Runs in the replay whose labels differ most: bold words, stacked marks, crowded lanes. */
const runs = [
  ['the paused client, fencing off, Redis', 'paused-client&variant=fencing-off&lock=redis'],
  [
    'the paused client, fencing on, Postgres lease',
    'paused-client&variant=fencing-on&lock=pg-lease',
  ],
  ['the holder crash, Redis', 'holder-crash&variant=default&lock=redis'],
  ['the etcd lease, fencing on', 'etcd-lease&variant=fencing-on&lock=etcd'],
  ['the Redis failover, fencing on', 'redis-failover&variant=fencing-on&lock=redis-replicated'],
  ['the slow release, blind delete', 'slow-release&variant=blind-delete&lock=redis'],
  ['the long job, fencing off', 'long-job&variant=fencing-off&lock=redis'],
  ['Redlock’s GC pause', 'redlock-gc-pause&variant=default&lock=redlock'],
] as const;

/**
 * Every drawn label of the page's lane timelines (the paused client's and the replay's) whose box
 * (getBBox, in the figure's px) is more than `slackPx` off the box the layout gave it, with both.
 */
async function labelsOffTheirRoom(page: Page, slackPx: number) {
  return page.evaluate((slack) => {
    const off: string[] = [];
    let count = 0;
    for (const text of document.querySelectorAll<SVGTextElement>('.lt text.lt-label[data-box]')) {
      count++;
      const [left, top, right, bottom] = text.dataset.box!.split(' ').map(Number);
      const b = text.getBBox();
      const drawn = [b.x, b.y, b.x + b.width, b.y + b.height];
      const gaps = [left!, top!, right!, bottom!].map((v, i) => Math.abs(v - drawn[i]!));
      if (gaps.some((gap) => gap > slack))
        off.push(
          `“${text.textContent}”: laid out ${[left, top, right, bottom].map((v) => v!.toFixed(1)).join(' ')}, drawn ${drawn.map((v) => v.toFixed(1)).join(' ')}`,
        );
    }
    return { count, off };
  }, slackPx);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const [name, run] of runs)
      test(`each timeline label of ${name} is drawn within 1 px of the room the layout gave it`, async ({
        page,
      }) => {
        await page.goto(`./?scenario=${run}#see-it`);
        // The replay's figure, then every panel in, the paused client's figure too (a loaded
        // machine takes its time).
        const figure = page.locator('#see-it .lt svg[role="group"]');
        await expect(figure).toBeVisible({ timeout: 20_000 });
        await expect(page.getByText(/^Loading .*…$/)).toHaveCount(0, { timeout: 20_000 });
        // The replay draws the run the link asked for.
        await expect(page).toHaveURL(new RegExp(run.replace(/&/g, '.*')));
        const { count, off } = await labelsOffTheirRoom(page, 1);
        expect(count, 'labels drawn').toBeGreaterThan(5);
        expect(off).toEqual([]);
      });
  });
}
