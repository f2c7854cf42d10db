import { expect, test, type Locator } from '@playwright/test';
import { LabPage } from './pages/labPage';
import { ReplayPage } from './pages/replayPage';
import { filledShare } from './pages/paint';

// Forced colours (Windows High Contrast) paint every background in the page colour and every
// border and text in the system's few colours, keeping only what the page sets in those system
// colours itself. A state the page tells by a fill alone (a pressed button, the current event, an
// on switch, a legend's swatch) must still be told apart there: filled versus not, in light and
// in dark.
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in forced colours, ${colorScheme}`, () => {
    test.use({ colorScheme, viewport: { width: 1280, height: 900 } });

    test('every selected, pressed, current or on state is still filled, and the keys to the figures’ colours still show', async ({
      page,
    }) => {
      await page.emulateMedia({ forcedColors: 'active' });
      const lab = new LabPage(page);
      const replay = new ReplayPage(page);
      await lab.open();
      await lab.waitForPanels();
      // Filled: most of the box is not the page colour. Plain: most of it is.
      const filled = async (what: string, l: Locator) =>
        expect(await filledShare(l), `${what} is filled`).toBeGreaterThan(0.6);
      const plain = async (what: string, l: Locator) =>
        expect(await filledShare(l), `${what} is not filled`).toBeLessThan(0.5);

      // The switch: its track is filled when on, outlined when off.
      const track = replay.fencing.locator('.fl-switch-track');
      await replay.setFencing(true);
      await filled('the fencing switch’s track when on', track);
      await replay.setFencing(false);
      await plain('the fencing switch’s track when off', track);

      // The replay's current event, beside the one before it.
      await replay.stepForward.click();
      await replay.stepForward.click();
      const rows = replay.events.getByRole('listitem');
      await filled('the current event', rows.nth(1));
      await filled('the dot before where the run comes from', page.locator('.replay-dot'));
      await plain('the event before it', rows.nth(0));

      // The fenced path: the chosen step, beside a step off its path.
      const path = lab.section('The fenced path');
      await path.getByRole('button', { name: /Write with the token/ }).click();
      await filled('the chosen step', path.getByRole('button', { name: /Write with the token/ }));
      await plain('a step off the path', path.getByRole('button', { name: /Release/ }));

      // Redlock: the story being told, its nodes' holders and the chart's key.
      const redlock = lab.section('Redlock and its critique');
      await filled(
        'the pressed story',
        redlock.getByRole('button', { name: 'A clock jumps on one node' }),
      );
      await plain(
        'the other story',
        redlock.getByRole('button', { name: 'A GC pause past the TTL' }),
      );
      for (const dot of await redlock.locator('.rl-node-dot').all())
        await filled('a node’s holder dot', dot);
      for (const swatch of await redlock.locator('.rl-swatch').all())
        await filled('a swatch of the Redlock chart’s key', swatch);

      // Numbers: the bar chart's key.
      const numbers = lab.section('Numbers to say');
      for (const swatch of await numbers
        .locator('.swatch-value, .swatch-library, .swatch-inner')
        .all())
        await filled('a swatch of the bar chart’s key', swatch);

      // The drill: the mark a reveal presses ("Not yet" or "I knew it"), beside the other.
      const drill = lab.section('Drill');
      const question = drill.getByRole('article').first();
      const answer = question.getByRole('radio');
      // The choices come in a new order each visit: a wrong pick presses "Not yet" by itself, a
      // right one leaves "I knew it" to press. Either way one mark is pressed and one is not.
      await answer.first().check();
      await question.getByRole('button', { name: 'Reveal the answer' }).click();
      const notYet = question.getByRole('button', { name: 'Not yet', exact: true });
      const knew = question.getByRole('button', { name: 'I knew it', exact: true });
      if ((await notYet.getAttribute('aria-pressed')) !== 'true') await knew.click();
      const pressed = (await notYet.getAttribute('aria-pressed')) === 'true' ? notYet : knew;
      const other = pressed === notYet ? knew : notYet;
      await expect(pressed).toHaveAttribute('aria-pressed', 'true');
      await filled('the pressed mark', pressed);
      await plain('the mark not pressed', other);

      // The contents: only the current entry has the bar at its side.
      const bars = await lab.contents
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((a) => [a.hasAttribute('aria-current'), getComputedStyle(a).borderLeftColor]),
        );
      const current = bars.filter(([isCurrent]) => isCurrent).map(([, colour]) => colour);
      const others = new Set(bars.filter(([isCurrent]) => !isCurrent).map(([, colour]) => colour));
      expect(current).toHaveLength(1);
      expect(others.has(current[0]), 'the current entry’s bar differs from the others’').toBe(
        false,
      );
    });
  });
}
