// The replay and its neighbours as a reader meets them: the fencing switch, the transport
// buttons, "the document now", the paused-client timeline and the fenced-path diagram, all found
// by role and accessible name.
import { expect, type Locator, type Page } from '@playwright/test';

export class ReplayPage {
  readonly section: Locator;
  readonly panel: Locator;
  readonly fencing: Locator;
  readonly stepForward: Locator;
  readonly stepBack: Locator;
  readonly position: Locator;
  readonly documentNow: Locator;
  readonly events: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'See it: fencing off, then on', exact: true });
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
