import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { drillQuestions } from '../src/content/drill';
import { DRILL_STORAGE_KEY, DrillPage } from './pages/drillPage';

const Q1 = /Client 1 holds a lock with a 300 ms TTL and pauses for 500 ms/;
// The choices come in a new order on every visit, so the tests pick them by their words.
const Q1_BEST = /^Without fencing the storage accepts it over client 2/;
const Q1_WRONG = /^The write waits: client 2 holds the lock now/;

/** The words of a question's right choice, by its prompt. */
function rightChoice(prompt: string): string {
  const q = drillQuestions.find((x) => x.prompt === prompt)!;
  return q.choices.find((c) => c.id === q.bestChoiceId)!.text;
}

test.describe('the drill', () => {
  test('predict, reveal, mark known, reload: "1 of 8 known" stays', async ({ page }) => {
    const drill = new DrillPage(page);
    await drill.open();
    await expect(drill.questions()).toHaveCount(8);
    await expect(drill.knownCount()).toHaveText('0 of 8 known');
    await expect(drill.topStatus('Not started')).toBeVisible();
    await expect(drill.topStatus('Saved in this browser only.')).toBeVisible();

    await drill.predict(Q1, Q1_BEST);
    await drill.writePrediction(Q1, 'the stale write lands unless the storage checks tokens');
    await drill.reveal(Q1);
    await expect(drill.question(Q1).getByText('Your pick matches the answer.')).toBeVisible();
    await expect(
      drill.question(Q1).getByRole('link', { name: 'Replay: fencing off' }),
    ).toHaveAttribute('href', '?scenario=paused-client&variant=fencing-off#see-it');
    await drill.mark(Q1, 'I knew it');
    await expect(drill.knownCount()).toHaveText('1 of 8 known');
    await expect(drill.topStatus('In progress')).toBeVisible();

    await page.reload();
    await expect(drill.knownCount()).toHaveText('1 of 8 known');
    await expect(drill.topStatus('In progress')).toBeVisible();
    const q1 = drill.question(Q1);
    await expect(q1.getByRole('radio', { name: Q1_BEST })).toBeChecked();
    await expect(q1.getByRole('textbox')).toHaveValue(
      'the stale write lands unless the storage checks tokens',
    );
    await expect(q1.getByRole('button', { name: 'I knew it' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('a wrong pick counts as not yet: "I knew it" is off and says why, also after a reload', async ({
    page,
  }) => {
    const drill = new DrillPage(page);
    await drill.open();
    const order = await drill.choices(Q1);
    await drill.predict(Q1, Q1_WRONG);
    await drill.reveal(Q1);
    const q1 = drill.question(Q1);
    await expect(q1.getByText(/^Your pick differs/)).toBeVisible();
    await expect(q1.getByRole('button', { name: 'I knew it' })).toBeDisabled();
    await expect(
      q1.getByText(/Your pick was not the answer, so this question stays Not yet/),
    ).toBeVisible();
    await expect(q1.getByRole('button', { name: 'Not yet' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(drill.knownCount()).toHaveText('0 of 8 known');
    await expect(drill.section.getByText(/1 not yet/)).toBeVisible();
    // The reveal moved nothing, and the pick stays as it was while the answer shows.
    expect(await drill.choices(Q1)).toEqual(order);
    await expect(q1.getByRole('radio', { name: Q1_BEST })).toBeDisabled();
    // The list marks the answer and the wrong pick, so the reader need not match the quote.
    expect(await drill.choiceTag(Q1, Q1_BEST)).toBe('✓ the answer');
    expect(await drill.choiceTag(Q1, Q1_WRONG)).toBe('✗ your pick');

    // Hide, pick the right one, reveal: it may be explored but is not credited, and says so.
    await q1.getByRole('button', { name: 'Hide the answer' }).click();
    await expect(
      q1.getByText(/^Your pick “.+” was wrong, so this question stays Not yet/),
    ).toBeVisible();
    await drill.predict(Q1, Q1_BEST);
    await drill.reveal(Q1);
    await expect(q1.getByText('Your new pick (not counted) matches the answer.')).toBeVisible();
    await expect(q1.getByRole('button', { name: 'I knew it' })).toBeDisabled();
    await expect(
      q1.getByText(/until you reset your progress or answer it in interview practice/),
    ).toBeVisible();
    expect(await drill.choiceTag(Q1, Q1_WRONG)).toBe('✗ your pick');
    await expect(drill.knownCount()).toHaveText('0 of 8 known');
    const saved = await page.evaluate((key) => localStorage.getItem(key), DRILL_STORAGE_KEY);
    expect(JSON.parse(saved!).state.progress).toEqual({ 'stale-write': 'not-yet' });

    await page.reload();
    await expect(drill.knownCount()).toHaveText('0 of 8 known');
    await expect(drill.question(Q1).getByRole('radio', { name: Q1_WRONG })).toBeChecked();
    await expect(drill.question(Q1).getByRole('button', { name: 'I knew it' })).toBeDisabled();
  });

  test('progress a newer page saved: says so, not that the browser forbids saving; Reset clears it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript(
      ([key]) => {
        if (!sessionStorage.getItem('newer-once')) {
          sessionStorage.setItem('newer-once', '1');
          localStorage.setItem(
            key!,
            '{"version":3,"state":{"progress":{"stale-write":"known"},"predictions":{}}}',
          );
        }
      },
      [DRILL_STORAGE_KEY],
    );
    const drill = new DrillPage(page);
    await drill.open();
    await expect(drill.topStatus(/^Progress is not being saved: a newer version/)).toBeVisible();
    await expect(
      page.getByText(/does not let the page save|not letting the page save/),
    ).toHaveCount(0);
    await drill.section.getByRole('button', { name: 'Dismiss' }).click();
    await expect(
      drill.section.getByText(/^Your progress here is not being saved: a newer version/),
    ).toBeVisible();

    await drill.button('Reset progress').click();
    const dialog = drill.section.getByRole('alertdialog', { name: 'Clear your drill progress?' });
    await expect(dialog).toContainText('also the progress a newer version of this page saved');
    await dialog.getByRole('button', { name: 'Yes, clear my progress' }).click();
    await expect(
      drill.section.getByText(/^Progress cleared, with the newer version’s progress/),
    ).toBeVisible();
    await expect(drill.topStatus('Saved in this browser only.')).toBeVisible();

    await page.reload();
    expect(
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), DRILL_STORAGE_KEY))!),
    ).toEqual({ version: 2, state: { progress: {}, predictions: {} } });
    await expect(drill.topStatus('Saved in this browser only.')).toBeVisible();
    await expect(drill.section.getByText(/newer version/)).toHaveCount(0);
  });

  test('a corrupted stored value: the page loads and the drill starts fresh, with a notice once', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Corrupt the value before the first load only, so the reload shows what the drill left behind.
    await page.addInitScript(
      ([key]) => {
        if (!sessionStorage.getItem('corrupted-once')) {
          sessionStorage.setItem('corrupted-once', '1');
          localStorage.setItem(key!, '{"version":2,"state":{"progress":{"__proto__":');
        }
      },
      [DRILL_STORAGE_KEY],
    );
    const drill = new DrillPage(page);
    await drill.open();
    await expect(drill.notice()).toContainText('could not be read, so the drill starts fresh');
    await expect(drill.knownCount()).toHaveText('0 of 8 known');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Numbers to say' })).toBeVisible();

    // The drill works at once.
    await drill.predict(Q1, Q1_BEST);
    await drill.reveal(Q1);
    await drill.mark(Q1, 'I knew it');
    await expect(drill.knownCount()).toHaveText('1 of 8 known');

    await page.reload();
    await expect(drill.notice()).toHaveCount(0);
    await expect(drill.knownCount()).toHaveText('1 of 8 known');
    expect(errors).toEqual([]);
  });

  test('storage that throws: the drill works for the session and says progress will not be kept', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      // Blocked storage (a full one is the next test's): every write is refused outright.
      const deny = () => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      };
      Storage.prototype.setItem = deny;
    });
    const drill = new DrillPage(page);
    await drill.open();
    await expect(drill.section.getByText(/your progress will not be kept/)).toBeVisible();
    await expect(drill.topStatus(/Progress will not be kept/)).toBeVisible();
    await drill.predict(Q1, Q1_BEST);
    await drill.reveal(Q1);
    await drill.mark(Q1, 'I knew it');
    await expect(drill.knownCount()).toHaveText('1 of 8 known');
  });

  test('a full storage: says so, keeps what was saved before, and saves again once there is room', async ({
    page,
  }) => {
    const drill = new DrillPage(page);
    await drill.open();
    await drill.predict(Q1, Q1_BEST);
    const stored = () =>
      page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key)!) as { state: unknown },
        DRILL_STORAGE_KEY,
      );
    // Other data of this site takes every byte the browser allows it.
    await drill.fillStorage();
    await drill.reveal(Q1);
    await drill.mark(Q1, 'I knew it');
    await expect(drill.knownCount()).toHaveText('1 of 8 known');
    await expect(drill.section.getByText(/storage for this site is full/)).toBeVisible();
    await expect(drill.topStatus(/storage for this site is full\.$/)).toBeVisible();
    await expect(
      page.getByText(/not letting the page save|does not let the page save/),
    ).toHaveCount(0);
    // What was saved before the storage filled up is still there, and a reload brings it back.
    expect((await stored()).state).toEqual({
      progress: {},
      predictions: { 'stale-write': { choice: 'depends-on-fencing', text: '' } },
    });
    await page.reload();
    await expect(drill.section.getByText(/storage for this site is full/)).toBeVisible();
    await expect(drill.question(Q1).getByRole('radio', { name: Q1_BEST })).toBeChecked();
    await expect(drill.knownCount()).toHaveText('0 of 8 known');
    // Once there is room, the next change saves everything.
    await drill.freeStorage();
    await drill.reveal(Q1);
    await drill.mark(Q1, 'I knew it');
    await expect(drill.section.getByText(/storage for this site is full/)).toHaveCount(0);
    await expect(drill.topStatus('Saved in this browser only.')).toBeVisible();
    await page.reload();
    await expect(drill.knownCount()).toHaveText('1 of 8 known');
  });

  test('a reset with the storage full clears what was saved, as its question says', async ({
    page,
  }) => {
    const drill = new DrillPage(page);
    await drill.open();
    await drill.predict(Q1, Q1_BEST);
    await drill.reveal(Q1);
    await drill.mark(Q1, 'I knew it');
    await drill.fillStorage();
    await drill.writePrediction(Q1, 'the stale write lands unless the storage checks tokens');
    await expect(drill.section.getByText(/storage for this site is full/)).toBeVisible();
    await drill.button('Reset progress').click();
    await expect(
      drill.section.getByText(/clears every prediction and mark saved in this browser/),
    ).toBeVisible();
    await drill.button('Yes, clear my progress').click();
    await expect(drill.knownCount()).toHaveText('0 of 8 known');
    await page.reload();
    await expect(drill.knownCount()).toHaveText('0 of 8 known');
    await expect(drill.topStatus('Not started')).toBeVisible();
  });

  test('a reset in another tab closes this tab’s answers, as a reset here does', async ({
    context,
  }) => {
    const q2 = drillQuestions[1]!;
    const wrong = q2.choices.find((c) => c.id !== q2.bestChoiceId)!.text;
    const a = new DrillPage(await context.newPage());
    await a.open();
    await a.predict(q2.prompt, wrong);
    await a.reveal(q2.prompt);
    const card = a.question(q2.prompt);
    await expect(card.getByRole('button', { name: 'I knew it' })).toBeDisabled();
    await expect(a.section.getByText(/1 not yet/)).toBeVisible();

    const b = new DrillPage(await context.newPage());
    await b.open();
    await expect(b.section.getByText(/1 not yet/)).toBeVisible();
    await b.button('Reset progress').click();
    await b.section.getByRole('button', { name: 'Yes, clear my progress' }).click();
    await expect(b.knownCount()).toHaveText('0 of 8 known');

    // Tab A follows: no answer left open beside a pick that is gone, no "I knew it" without one.
    await expect(a.topStatus('Not started')).toBeVisible();
    await expect(a.answer(q2.prompt)).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'I knew it' })).toHaveCount(0);
    await expect(card.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(card.getByRole('radio').first()).toBeEnabled();
    await card.getByRole('button', { name: 'Reveal the answer' }).click();
    await expect(card.getByText(/^Make a prediction first/)).toBeVisible();
    await expect(a.answer(q2.prompt)).toHaveCount(0);
  });

  test('two tabs: what is done in each reaches the other without a reload, and a reload loses none', async ({
    context,
  }) => {
    const q2 = drillQuestions[1]!;
    const [a, b] = await DrillPage.twoTabs(context);

    await a.switchTo();
    await a.markKnown(Q1, Q1_BEST);
    await expect(b.knownCount()).toHaveText('1 of 8 known');
    await expect(b.question(Q1).getByRole('radio', { name: Q1_BEST })).toBeChecked();
    await expect(b.otherTabNote()).toHaveText(
      'Updated with what you did in another tab of this page (1 question).',
    );

    await b.switchTo();
    await b.markKnown(q2.prompt, rightChoice(q2.prompt));
    await b.writePrediction(q2.prompt, 'the lease ran out');
    // A change here is the reader's answer to the note.
    await expect(b.otherTabNote()).toHaveCount(0);
    await expect(a.knownCount()).toHaveText('2 of 8 known');
    await expect(a.question(q2.prompt).getByRole('textbox')).toHaveValue('the lease ran out');

    for (const tab of [a, b]) {
      await tab.switchTo();
      await tab.page.reload();
      await expect(tab.knownCount()).toHaveText('2 of 8 known');
      await expect(tab.question(Q1).getByRole('radio', { name: Q1_BEST })).toBeChecked();
      await expect(tab.question(q2.prompt).getByRole('textbox')).toHaveValue('the lease ran out');
      await expect(tab.otherTabNote()).toHaveCount(0);
    }

    await a.switchTo();
    await a.resetProgress();
    await expect(b.knownCount()).toHaveText('0 of 8 known');
    await expect(b.topStatus('Not started')).toBeVisible();
    await expect(b.question(q2.prompt).getByRole('textbox')).toHaveValue('');
    await expect(b.otherTabNote()).toHaveText(
      'Your drill progress was cleared in another tab of this page.',
    );
  });

  test('a change a full storage kept from saving is not lost when another tab saves', async ({
    context,
  }) => {
    const q2 = drillQuestions[1]!;
    const [a, b] = await DrillPage.twoTabs(context);
    // Filled and freed from tab B: each tab's view of storage follows the other's writes a moment
    // later, so B's own is the one that must be full when it writes.
    await b.switchTo();
    await b.fillStorage();
    await b.writePrediction(Q1, 'only in tab B for now');
    await expect(b.section.getByText(/storage for this site is full/)).toBeVisible();
    await b.freeStorage();

    // Tab A saves what it has; tab B keeps its words beside A's mark, and saves them now.
    await a.switchTo();
    await a.markKnown(q2.prompt, rightChoice(q2.prompt));
    await expect(b.knownCount()).toHaveText('1 of 8 known');
    await expect(b.question(Q1).getByRole('textbox')).toHaveValue('only in tab B for now');
    await expect(a.question(Q1).getByRole('textbox')).toHaveValue('only in tab B for now');
    await expect(b.section.getByText(/storage for this site is full/)).toHaveCount(0);

    for (const tab of [a, b]) {
      await tab.switchTo();
      await tab.page.reload();
      await expect(tab.knownCount()).toHaveText('1 of 8 known');
      await expect(tab.question(Q1).getByRole('textbox')).toHaveValue('only in tab B for now');
    }
  });

  test('the reset question is asked in place: Tab leaves it, and leaving it keeps the progress', async ({
    page,
  }) => {
    const drill = new DrillPage(page);
    await drill.open();
    await drill.predict(Q1, Q1_BEST);
    await drill.reveal(Q1);
    await drill.mark(Q1, 'I knew it');
    const reset = drill.button('Reset progress');
    const dialog = drill.section.getByRole('alertdialog', { name: 'Clear your drill progress?' });
    const keep = dialog.getByRole('button', { name: 'Keep my progress' });

    // Tab goes on to the questions, and the question closes behind it as "Keep".
    await reset.click();
    await expect(keep).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog).toHaveCount(0);
    // The first question's answer shows, so its choices are locked: its own words come next.
    await expect(drill.question(Q1).getByRole('textbox')).toBeFocused();
    await expect(reset).toHaveAttribute('aria-expanded', 'false');

    // Shift+Tab out of it, back to the button that asked, closes it too.
    await reset.click();
    await expect(keep).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Yes, clear my progress' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(reset).toBeFocused();
    await expect(dialog).toHaveCount(0);

    // A click on plain text elsewhere closes it; a click inside does not.
    await reset.click();
    await dialog.getByText('Clear your drill progress?').click();
    await expect(dialog).toBeVisible();
    await drill.section.getByText(/^For each question, pick or write a prediction/).click();
    await expect(dialog).toHaveCount(0);

    // Escape still closes it and gives the focus back to the button.
    await reset.click();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(reset).toBeFocused();
    await expect(drill.knownCount()).toHaveText('1 of 8 known');
  });

  test('interview practice starts each answer empty, without the study verdict', async ({
    page,
  }) => {
    const drill = new DrillPage(page);
    await drill.open();
    await drill.predict(Q1, Q1_BEST);
    await drill.writePrediction(Q1, 'I think it waits');
    await drill.reveal(Q1);
    await drill.mark(Q1, 'I knew it');
    await drill.button('Interview practice').click();
    for (let i = 0; i < 8; i++) {
      const card = drill.questions();
      await expect(card).toHaveCount(1);
      await expect(card.locator('.drill-badge')).toHaveCount(0);
      await expect(card.getByRole('textbox')).toHaveValue('');
      if (Q1.test(await drill.practicePrompt())) {
        await card.getByRole('textbox').fill('It lands');
        break;
      }
      await drill.button('Next question').click();
    }
    await drill.button('Interview practice').click();
    await expect(drill.question(Q1).getByRole('textbox')).toHaveValue('I think it waits');
    await page.reload();
    await expect(drill.question(Q1).getByRole('textbox')).toHaveValue('I think it waits');
  });

  test('keyboard only: the whole drill, practice mode and the reset', async ({ page }) => {
    // Dozens of Tab presses, each checked: slower than a click test, not a performance budget.
    test.setTimeout(90_000);
    const drill = new DrillPage(page);
    await drill.open();
    await drill.jumpToDrillByKeyboard();
    // The drill's panel may still be on its way: read its questions once all eight are there.
    await expect(drill.questions()).toHaveCount(8);
    const prompts = await drill
      .questions()
      .evaluateAll((els) => els.map((el) => el.querySelector('h3')?.textContent ?? ''));
    expect(prompts).toHaveLength(8);

    for (const [i, prompt] of prompts.entries()) {
      const q = drill.question(prompt);
      await drill.predictByKeyboard(prompt, rightChoice(prompt));
      const reveal = q.getByRole('button', { name: 'Reveal the answer' });
      await drill.tabTo(reveal);
      await drill.expectFocusVisible(reveal);
      await page.keyboard.press('Enter');
      await expect(q.getByRole('heading', { name: 'Answer' })).toBeVisible();
      const knew = q.getByRole('button', { name: 'I knew it' });
      await drill.tabTo(knew);
      await page.keyboard.press('Space');
      await expect(knew).toHaveAttribute('aria-pressed', 'true');
      await expect(drill.knownCount()).toHaveText(`${i + 1} of 8 known`);
    }
    await expect(drill.topStatus('Done')).toBeVisible();

    // Interview practice: back up to the toolbar, shuffle; one question at a time, answer hidden,
    // and Next takes the focus to the next question.
    const practice = drill.button('Interview practice');
    await drill.tabBackTo(practice);
    await page.keyboard.press('Enter');
    await expect(practice).toHaveAttribute('aria-pressed', 'true');
    const shuffled: string[] = [];
    for (let i = 0; i < 8; i++) {
      await expect(drill.section.getByRole('heading', { name: 'Answer' })).toHaveCount(0);
      shuffled.push(await drill.practicePrompt());
      if (i === 7) break;
      await drill.tabTo(drill.button('Next question'));
      await page.keyboard.press('Enter');
      await expect(drill.questions().getByRole('heading', { level: 3 })).toBeFocused();
    }
    expect(shuffled).not.toEqual(prompts);
    expect([...shuffled].sort()).toEqual([...prompts].sort());
    await expect(
      // Study mode knew all eight, but nothing was marked in this round.
      drill.section.getByText(
        /^That was the last question\. This round: 0 of 8 known, 8 not marked\./,
      ),
    ).toBeVisible();

    // Reset asks first; Escape keeps everything, then Yes clears it.
    const reset = drill.button('Reset progress');
    await drill.tabBackTo(reset);
    await page.keyboard.press('Enter');
    const dialog = drill.section.getByRole('alertdialog', { name: 'Clear your drill progress?' });
    await expect(dialog.getByRole('button', { name: 'Keep my progress' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(reset).toBeFocused();
    await expect(drill.knownCount()).toHaveText('8 of 8 known');

    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Yes, clear my progress' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(drill.knownCount()).toHaveText('0 of 8 known');
    await expect(drill.topStatus('Not started')).toBeVisible();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    test(`at ${viewport.width} px Enter on "Reveal the answer" at the foot of the screen keeps the focused button on screen`, async ({
      page,
    }) => {
      // The answer tags the choices and adds a note above the button: the button went 30 to 80 px
      // down, below the screen, with the focus on it and the answer out of sight.
      await page.setViewportSize(viewport);
      const drill = new DrillPage(page);
      await drill.open();
      await drill.predict(Q1, Q1_BEST);
      const q1 = drill.question(Q1);
      const reveal = q1.getByRole('button', { name: 'Reveal the answer' });
      // Where Tab leaves a button it brings into view from above: its foot on the screen's foot.
      await reveal.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
      await reveal.focus();
      await page.keyboard.press('Enter');
      const hide = q1.getByRole('button', { name: 'Hide the answer' });
      await expect(hide).toBeFocused();
      await expect(hide).toBeInViewport({ ratio: 1 });
    });
  }

  test('a replay link opens the replay in place, and the drill keeps its state', async ({
    page,
  }) => {
    const drill = new DrillPage(page);
    await drill.open();
    await drill.predict(Q1, Q1_BEST);
    await drill.reveal(Q1);
    await drill.question(Q1).getByRole('link', { name: 'Replay: fencing on' }).click();
    await expect(page).toHaveURL(/scenario=paused-client&variant=fencing-on.*#see-it$/);
    await expect(drill.answer(Q1)).toBeVisible();
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violations in the drill and the top status (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const drill = new DrillPage(page);
    await drill.open();
    // Every state a reader can reach: a revealed answer, a mark, a hint, practice, the confirm.
    await drill.predict(Q1, Q1_BEST);
    await drill.reveal(Q1);
    await drill.mark(Q1, 'I knew it');
    await drill.questions().nth(1).getByRole('button', { name: 'Reveal the answer' }).click();
    // A wrong pick: "I knew it" off, with the sentence that says why.
    const q3 = drillQuestions[2]!;
    await drill.predict(q3.prompt, q3.choices.find((c) => c.id !== q3.bestChoiceId)!.text);
    await drill.reveal(q3.prompt);
    await expect(
      drill.question(q3.prompt).getByRole('button', { name: 'I knew it' }),
    ).toBeDisabled();
    await drill.button('Reset progress').click();
    const scan = async () => {
      const results = await new AxeBuilder({ page })
        .include('#drill')
        .include('.drill-status')
        .analyze();
      // A scan that matched nothing would pass too; make sure it looked at the drill.
      expect(results.passes.length).toBeGreaterThan(10);
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    expect(await scan()).toEqual([]);
    await drill.section.getByRole('button', { name: 'Keep my progress' }).click();
    await drill.button('Interview practice').click();
    expect(await scan()).toEqual([]);
  });
}
