import { expect, test, type Locator, type Page } from '@playwright/test';
import { LabPage } from './pages/labPage';
import {
  brokenValues,
  crowdedTimelineText,
  sidewaysOverflowPx,
  watchErrors,
} from './pages/pageHealth';

// Every control moved through its range's ends and a few values between, at a desktop and at the
// narrowest phone width; after each move the page must log no error, show no broken value and
// (on the phone) not scroll sideways. A representative subset of the states: a longer sweep of
// every value lives outside the tests.

/** The checks after one move, as sentences naming the state; empty when all is well. */
async function problemsAt(page: Page, errors: { take(): string[] }, state: string) {
  // Two frames: React has drawn the move and the layout has settled.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  const found = [...errors.take(), ...(await brokenValues(page)).map((t) => `shows “${t}”`)];
  const overflowPx = await sidewaysOverflowPx(page);
  if (overflowPx > 0) found.push(`scrolls ${overflowPx} px sideways`);
  return found.map((f) => `${state}: ${f}`);
}

async function toggleTo(control: Locator, on: boolean) {
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
}

for (const width of [1280, 320]) {
  test(`at ${width} px, every control through its range leaves the page whole`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const errors = watchErrors(page);
    const lab = new LabPage(page);
    const problems: string[] = [];
    const check = async (state: string) =>
      problems.push(...(await problemsAt(page, errors, state)));
    await lab.open();
    await lab.waitForPanels();
    await check('first load');

    // The paused client's what-if: each corner of TTL and pause, on both locks, fencing both ways.
    const whatIf = lab.section('The paused client');
    const ttl = whatIf.getByRole('slider', { name: 'TTL' });
    const pause = whatIf.getByRole('slider', { name: 'Pause' });
    for (const lock of ['redis', 'pg-lease']) {
      await whatIf.getByRole('combobox', { name: 'Lock' }).selectOption(lock);
      for (const fencing of [true, false]) {
        await toggleTo(whatIf.getByRole('switch', { name: 'Fencing' }), fencing);
        for (const [ttlKey, pauseKey] of [
          ['Home', 'Home'],
          ['Home', 'End'],
          ['End', 'Home'],
          ['End', 'End'],
        ] as const) {
          await ttl.press(ttlKey);
          await pause.press(pauseKey);
          await check(`what-if ${lock}, fencing ${fencing}, TTL ${ttlKey}, pause ${pauseKey}`);
        }
      }
    }

    // The replay: every scenario, on every lock it offers, at its start, middle and end.
    const replay = lab.section('See it: fencing off, then on');
    const panel = replay.getByRole('region', { name: 'Replay', exact: true });
    const scenario = panel.getByRole('combobox', { name: 'Scenario' });
    for (const name of await scenario
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))) {
      await scenario.selectOption(name);
      const locks = panel.getByRole('combobox', { name: 'Lock and storage' });
      const lockNames =
        (await locks.count()) && (await locks.isEnabled())
          ? await locks
              .locator('option')
              .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
          : [null];
      for (const lock of lockNames) {
        if (lock) await locks.selectOption(lock);
        const position = panel.getByRole('slider', { name: 'Replay position' });
        const last = Number(await position.getAttribute('max'));
        for (const step of [0, Math.ceil(last / 2), last]) {
          await position.fill(String(step));
          await check(`replay ${name} on ${lock ?? 'its lock'}, step ${step} of ${last}`);
        }
      }
    }

    // Redlock: both runs, each slider at its ends, each at its first and last event.
    const redlock = lab.section('Redlock and its critique');
    for (const run of ['A clock jumps on one node', 'A GC pause past the TTL']) {
      await redlock.getByRole('button', { name: run, exact: true }).click();
      const size = redlock.locator('.rl-jump-slider input[type=range]');
      const position = redlock.getByRole('slider', { name: 'Redlock replay position' });
      for (const key of ['Home', 'End']) {
        await size.press(key);
        for (const end of ['Home', 'End']) {
          await position.press(end);
          await check(`Redlock ${run}, size ${key}, event ${end}`);
        }
      }
    }

    // Links with every parameter at, and past, its limits.
    for (const query of [
      '?try-ttl=50&try-pause=1500&try-fencing=off&try-lock=pg-lease',
      '?try-ttl=1001&try-pause=-1&try-fencing=maybe&try-lock=etcd',
      '?try-ttl=NaN&try-pause=Infinity',
      '?scenario=paused-client&step=1000001#see-it',
      '?scenario=nope&lock=nope&variant=nope#see-it',
      '?redlock=gc-pause&try-gc-pause=1010&redlock-step=99999#redlock',
      '?redlock=bogus&try-jump=2000&redlock-step=x#redlock',
    ]) {
      await page.goto(`./${query}`);
      await lab.waitForPanels();
      await check(`link ${query}`);
    }
    expect(problems).toEqual([]);
  });
}

test('on a 320 px phone, the timelines’ labels stay clear of each other and the lane names', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 900 });
  const lab = new LabPage(page);
  const crowded: string[] = [];
  // The sliders' ends and a middle: the short TTL puts "TTL runs out" under the lock's lane at
  // the far left, where the storage's name is; a short pause puts its label under client 1's.
  for (const query of [
    '?try-ttl=50&try-pause=1500',
    '?try-ttl=500&try-pause=300',
    '?try-ttl=1000&try-pause=0',
    // A GC pause of 0 ms, or a short one, draws a sliver of a bar with the write right after it.
    '?redlock=gc-pause&try-gc-pause=0#redlock',
    '?redlock=gc-pause&try-gc-pause=30#redlock',
    // Near the right edge the write's label goes leftwards, over the pause's bar.
    '?redlock=gc-pause&try-gc-pause=210#redlock',
    // Replays where a mark's label finds room only on the line further out from its lane
    // (client 2's last release; its first write), or in fewer words (the long job's work).
    '?scenario=holder-crash&variant=default&lock=redis#see-it',
    '?scenario=slow-release&variant=blind-delete&lock=redis#see-it',
    '?scenario=long-job&variant=fencing-off&lock=redis#see-it',
    '?scenario=etcd-lease&variant=fencing-off&lock=etcd#see-it',
  ]) {
    await lab.open(query);
    await lab.waitForPanels();
    crowded.push(...(await crowdedTimelineText(page)).map((c) => `${query}: ${c}`));
  }
  expect(crowded).toEqual([]);
});
