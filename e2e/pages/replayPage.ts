// The replay and its neighbours as a reader meets them: the fencing switch, the transport
// buttons, "the document now", the paused-client timeline and the fenced-path diagram, all found
// by role and accessible name.
import { expect, type Locator, type Page } from '@playwright/test';

export class ReplayPage {
  readonly section: Locator;
  readonly heading: Locator;
  readonly panel: Locator;
  readonly fencing: Locator;
  readonly stepForward: Locator;
  readonly stepBack: Locator;
  readonly position: Locator;
  readonly documentNow: Locator;
  readonly events: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'See it: fencing off, then on', exact: true });
    this.heading = this.section.getByRole('heading', { level: 2 });
    this.panel = this.section.getByRole('region', { name: 'Replay', exact: true });
    this.fencing = this.panel.getByRole('switch', { name: 'Fencing' });
    this.stepForward = this.panel.getByRole('button', { name: 'Step forward' });
    this.stepBack = this.panel.getByRole('button', { name: 'Step back' });
    this.position = this.panel.getByRole('slider', { name: 'Replay position' });
    this.documentNow = this.panel.getByRole('group', { name: 'The document now' });
    this.events = this.panel.getByRole('group', { name: 'Events' });
  }

  async open(query = '') {
    await this.page.goto(`./${query}`);
    await expect(this.fencing).toBeVisible();
  }

  /**
   * Waits until the page has come to rest: the replay holds still in the viewport. A smooth
   * scroll passes the replay on its way, so whether it is in view means something only after.
   */
  async scrollSettled() {
    const top = () => this.section.evaluate((el) => el.getBoundingClientRect().top);
    await expect(async () => {
      const before = await top();
      await this.page.waitForTimeout(250);
      expect(await top()).toBe(before);
    }).toPass({ timeout: 10_000 });
  }

  playButton(): Locator {
    return this.panel.getByRole('button', { name: /^(Play|Pause|Again: replay from the start)$/ });
  }

  /** The value shown for `body` or `fence` in "The document now". */
  documentValue(term: 'body' | 'fence'): Locator {
    return this.documentNow.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
  }

  async setFencing(on: boolean) {
    if ((await this.fencing.getAttribute('aria-checked')) !== String(on))
      await this.fencing.click();
    await expect(this.fencing).toHaveAttribute('aria-checked', String(on));
  }

  async stepTo(step: number) {
    await this.position.fill(String(step));
  }

  async toEnd() {
    await this.panel.focus();
    await this.page.keyboard.press('End');
  }

  currentEvent(): Locator {
    return this.events.getByRole('button').and(this.events.locator('[aria-current="step"]'));
  }

  // The fenced path, a section of its own.
  fencedPathStep(name: RegExp | string): Locator {
    return this.page
      .getByRole('region', { name: 'The fenced path', exact: true })
      .getByRole('button', { name });
  }

  fencedPathDetail(): Locator {
    return this.page
      .getByRole('region', { name: 'The fenced path', exact: true })
      .getByRole('heading', { level: 3 });
  }

  // The paused-client timeline.
  timelineEvent(name: RegExp): Locator {
    return this.page
      .getByRole('region', { name: 'The paused client', exact: true })
      .getByRole('button', { name });
  }
}
