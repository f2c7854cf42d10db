// The drill as a reader meets it: found by role and accessible name, used by clicking or by keys.
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

export const DRILL_STORAGE_KEY = 'fencing-lab:drill';

export class DrillPage {
  readonly section: Locator;
  readonly top: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Drill', exact: true });
    this.top = page.getByRole('region', { name: 'Distributed locks and fencing' });
  }

  async open() {
    await this.page.goto('./');
    await expect(this.section).toBeVisible();
  }

  /** Two tabs of the page in one browser (one storage), each drill loaded before the reader
   *  turns to the other. */
  static async twoTabs(context: BrowserContext): Promise<[DrillPage, DrillPage]> {
    const tabs: [DrillPage, DrillPage] = [
      new DrillPage(await context.newPage()),
      new DrillPage(await context.newPage()),
    ];
    for (const tab of tabs) {
      await tab.switchTo();
      await tab.open();
      await expect(tab.questions()).toHaveCount(8);
    }
    return tabs;
  }

  /** The top status's link to the drill, reached with Tab and followed with Enter. */
  async jumpToDrillByKeyboard() {
    const link = this.top.getByRole('link', { name: /the drill$/ });
    await this.tabTo(link);
    await this.page.keyboard.press('Enter');
    await expect(this.page).toHaveURL(/#drill$/);
  }

  question(prompt: string | RegExp): Locator {
    return this.section.getByRole('article', { name: prompt });
  }

  questions(): Locator {
    return this.section.getByRole('article');
  }

  knownCount(): Locator {
    return this.section.getByText(/^\d+ of 8 known$/);
  }

  /** The status line at the top of the page. */
  topStatus(text: string | RegExp): Locator {
    return this.top.getByText(text, { exact: typeof text === 'string' });
  }

  notice(): Locator {
    return this.section.getByRole('status').filter({ hasText: 'starts fresh' });
  }

  /** The note that says what another tab of the page changed here. */
  otherTabNote(): Locator {
    return this.section.getByRole('status').filter({ hasText: 'in another tab of this page' });
  }

  /**
   * The reader turns to this tab. A tab in the background draws no frames, so clicks in it (which
   * wait for a steady frame) and its panels' loading after a reload crawl there.
   */
  async switchTo() {
    await this.page.bringToFront();
  }

  /** Picks the question's right choice, opens its answer and marks it "I knew it". */
  async markKnown(prompt: string | RegExp, rightChoice: string | RegExp) {
    await this.predict(prompt, rightChoice);
    await this.reveal(prompt);
    await this.mark(prompt, 'I knew it');
  }

  /** Clears every prediction and mark, as a reader does: Reset progress, then Yes. */
  async resetProgress() {
    await this.button('Reset progress').click();
    await this.button('Yes, clear my progress').click();
    await expect(this.knownCount()).toHaveText('0 of 8 known');
  }

  button(name: string): Locator {
    return this.section.getByRole('button', { name, exact: true });
  }

  async predict(prompt: string | RegExp, choice: string | RegExp) {
    await this.question(prompt).getByRole('radio', { name: choice }).check();
  }

  /**
   * Picks a choice by keys alone: Tab into the question's choices, Space on the first, then the
   * arrow down the list until `choice` is the one checked. Its place changes from visit to visit.
   */
  async predictByKeyboard(prompt: string | RegExp, choice: string) {
    const q = this.question(prompt);
    await this.tabTo(q.getByRole('radio').first());
    await this.page.keyboard.press('Space');
    const target = q.getByRole('radio', { name: choice, exact: true });
    const count = await q.getByRole('radio').count();
    for (let i = 0; i < count && !(await target.isChecked()); i++) {
      await this.page.keyboard.press('ArrowDown');
    }
    await expect(target).toBeChecked();
  }

  /** The question's choices as a reader sees them, top to bottom. */
  async choices(prompt: string | RegExp): Promise<string[]> {
    // The drill's panel loads after the page: wait for its choices before reading them.
    await expect(this.question(prompt).getByRole('radio').first()).toBeVisible();
    return this.question(prompt)
      .getByRole('radio')
      .evaluateAll((els) =>
        // The choice's own text: after a reveal its label also holds "the answer" or "your pick".
        els.map(
          (el) => el.closest('label')?.querySelector('.drill-choice-text')?.textContent ?? '',
        ),
      );
  }

  /** The tag a revealed answer puts on a choice ("✓ the answer", "✗ your pick"), or ''. */
  async choiceTag(prompt: string | RegExp, choiceText: string | RegExp): Promise<string> {
    const label = this.question(prompt).locator('label.drill-choice', { hasText: choiceText });
    const tag = label.locator('.drill-choice-tag');
    return (await tag.count()) === 0 ? '' : ((await tag.textContent()) ?? '');
  }

  async writePrediction(prompt: string | RegExp, text: string) {
    await this.question(prompt).getByRole('textbox', { name: 'Or in your own words' }).fill(text);
  }

  async reveal(prompt: string | RegExp) {
    await this.question(prompt).getByRole('button', { name: 'Reveal the answer' }).click();
    await expect(this.answer(prompt)).toBeVisible();
  }

  answer(prompt: string | RegExp): Locator {
    return this.question(prompt).getByRole('heading', { name: 'Answer' });
  }

  async mark(prompt: string | RegExp, verdict: 'I knew it' | 'Not yet') {
    await this.question(prompt).getByRole('button', { name: verdict, exact: true }).click();
  }

  /** Other data of this site takes every byte of localStorage the browser allows it. */
  async fillStorage() {
    await this.page.evaluate(() => {
      for (const size of [256 * 1024, 1024, 1]) {
        try {
          for (let i = 0; ; i++) localStorage.setItem(`other-${size}-${i}`, 'x'.repeat(size));
        } catch {
          // Full at this size; go on with smaller pieces.
        }
      }
    });
  }

  /** Takes away what fillStorage put there. */
  async freeStorage() {
    await this.page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith('other-')) localStorage.removeItem(key);
    });
  }

  /** Presses Tab until `target` has the focus; fails if it never arrives. */
  async tabTo(target: Locator, maxPresses = 60) {
    for (let i = 0; i < maxPresses; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await this.page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${target.toString()} in ${maxPresses} presses.`);
  }

  /** Presses Shift+Tab until `target` has the focus; fails if it never arrives. */
  async tabBackTo(target: Locator, maxPresses = 150) {
    for (let i = 0; i < maxPresses; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await this.page.keyboard.press('Shift+Tab');
    }
    throw new Error(`Shift+Tab never reached ${target.toString()} in ${maxPresses} presses.`);
  }

  /** The prompt of the one question interview practice shows. */
  async practicePrompt(): Promise<string> {
    await expect(this.questions()).toHaveCount(1);
    return (await this.questions().getByRole('heading', { level: 3 }).textContent()) ?? '';
  }

  async expectFocusVisible(target: Locator) {
    await expect(target).toBeFocused();
    const outline = await target.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
  }
}
