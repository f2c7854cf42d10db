// The whole page as a reader meets it: sections, the contents menu and the tables, found by
// role and accessible name, used by clicking as a reader would.
import { expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export class LabPage {
  readonly contents: Locator;
  readonly contentsToggle: Locator;

  constructor(readonly page: Page) {
    this.contents = page.getByRole('navigation', { name: 'Contents' });
    this.contentsToggle = this.contents.getByRole('button', { name: 'Contents' });
  }

  /** The page at a viewport size, opened and with every panel in: how most tests begin. */
  static async openAt(page: Page, viewport: { width: number; height: number }): Promise<LabPage> {
    await page.setViewportSize(viewport);
    const lab = new LabPage(page);
    await lab.open();
    await lab.waitForPanels();
    return lab;
  }

  async open(hash = '') {
    await this.page.goto(`./${hash}`);
    await expect(this.section('Distributed locks and fencing')).toBeVisible();
  }

  /** A section, by its heading. */
  section(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /**
   * Waits until the page stops scrolling: after Back or Forward the browser puts the page back
   * where it was with a smooth scroll (the page's CSS asks for smooth scrolling).
   */
  async scrollSettled() {
    const scrollY = () => this.page.evaluate(() => window.scrollY);
    await expect(async () => {
      const before = await scrollY();
      await this.page.waitForTimeout(250);
      expect(await scrollY()).toBe(before);
    }).toPass({ timeout: 10_000 });
  }

  /** Wait until every lazily loaded panel has replaced its loading line. */
  async waitForPanels() {
    await expect(this.page.getByText(/^Loading .*…$/)).toHaveCount(0);
  }

  contentsLink(name: string): Locator {
    return this.contents.getByRole('link', { name, exact: true });
  }

  /** On a phone the list hides behind a button; open it when it is closed. */
  async openContentsIfCollapsed() {
    if (!(await this.contentsToggle.isVisible())) return;
    if ((await this.contentsToggle.getAttribute('aria-expanded')) !== 'true')
      await this.contentsToggle.click();
    await expect(this.contentsToggle).toHaveAttribute('aria-expanded', 'true');
  }

  async goViaContents(linkName: string) {
    await this.openContentsIfCollapsed();
    await this.contentsLink(linkName).click();
  }

  table(section: Locator): Locator {
    return section.getByRole('table');
  }

  sortButton(table: Locator, column: string): Locator {
    return table.getByRole('columnheader', { name: column }).getByRole('button');
  }

  columnHeader(table: Locator, column: string): Locator {
    return table.getByRole('columnheader', { name: column });
  }

  /** The row headers of a table's body, top to bottom. */
  async rowHeaders(table: Locator): Promise<string[]> {
    return (await table.getByRole('rowheader').allTextContents()).map((t) => t.trim());
  }

  /** An event of a section's lane timeline, by what it says happened. */
  timelineEvent(section: Locator, name: RegExp): Locator {
    return section.getByRole('group', { name: /^Timeline/ }).getByRole('button', { name });
  }

  /** The line under a lane timeline that says what the shown event was. */
  timelineDetail(section: Locator): Locator {
    return section.locator('.lt-detail');
  }

  /**
   * Taps an event's drawing where a finger would: `across` is how far along it (0 its left
   * edge, 1 its right edge), or a number of px in from its right edge when negative.
   */
  async tapDrawing(event: Locator, across: number) {
    const drawing = event.locator('.lt-shape').first();
    await drawing.scrollIntoViewIfNeeded();
    // Panels still arriving above move the page: tap only once the drawing holds still.
    let box = await drawing.boundingBox();
    await expect(async () => {
      const before = box;
      await this.page.waitForTimeout(150);
      box = await drawing.boundingBox();
      expect(box).toEqual(before);
    }).toPass({ timeout: 10_000 });
    if (!box) throw new Error('the event is not drawn');
    const x = across < 0 ? box.x + box.width + across : box.x + box.width * across;
    await this.page.touchscreen.tap(x, box.y + box.height / 2);
  }

  /** The left and right edges of the inside of a section's card, within its padding. */
  async cardContentBox(section: Locator): Promise<{ left: number; right: number }> {
    return section
      .locator('.fl-panel')
      .first()
      .evaluate((card) => {
        const box = card.getBoundingClientRect();
        const style = getComputedStyle(card);
        const inset = (side: 'Left' | 'Right') =>
          parseFloat(style[`border${side}Width`]) + parseFloat(style[`padding${side}`]);
        return { left: box.left + inset('Left'), right: box.right - inset('Right') };
      });
  }

  async pageScrollsSideways(): Promise<{ scrollWidth: number; viewport: number }> {
    return this.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
    }));
  }

  /** Serious and critical axe-core violations, each summarised with where it happened. */
  async seriousViolations(): Promise<string[]> {
    const results = await new AxeBuilder({ page: this.page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join(', ')}`,
      );
  }
}
