// The interactions of interactions.ts, played on the built page in Chromium at a phone's width, as
// a reader's mouse and keys would: Playwright's mouse and keyboard go through CDP's Input domain,
// so the page gets trusted events with their own time stamps. A listener the page is given before
// it loads notes each input's time stamp and, one frame later (a requestAnimationFrame, then a
// task after that frame's rendering), how long ago it was: the time from the input to the next
// frame, the wait for the event's turn on the main thread included. The Event Timing API was the
// first choice, but Chromium reports no entry for the input events of a slider being dragged, and
// a drag is what a reader does most here. Playing has no input: its figure is the longest gap
// between two frames while the replay plays at 4×.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { ALL_PANELS_IN, VIEWPORTS } from './firstLoad';
import {
  INTERACTIONS,
  interactionFigures,
  type InteractionFigure,
  type InteractionName,
} from './interactions';
import { chromiumOnFolder } from './chromiumOnFolder';

export interface InteractionOptions {
  chromiumPath: string;
  /** How many times each interaction runs; its figure is the median of their longest times. */
  runs: number;
  /** Chromium's CPU throttling rate: 4 runs the page as on a CPU four times slower. */
  cpuSlowdown: number;
}

/**
 * The listener the page gets before its own scripts run (see the top of this file). A string, not
 * a function: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const WATCH_INPUTS = `(() => {
  const latencies = [];
  const pending = [];
  let frameAsked = false;
  let frames = null;
  const afterNextFrame = () => {
    if (frameAsked) return;
    frameAsked = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        const now = performance.now();
        for (const t of pending) latencies.push(now - t);
        pending.length = 0;
        frameAsked = false;
      }),
    );
  };
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'click', 'keydown', 'keyup', 'input', 'change'])
    addEventListener(
      type,
      (event) => {
        if (!event.isTrusted) return;
        // A pointer moving with no button down is not an input the page answers.
        if (type === 'pointermove' && event.buttons === 0) return;
        pending.push(event.timeStamp);
        afterNextFrame();
      },
      { capture: true, passive: true },
    );
  const onFrame = (t) => {
    if (frames === null) return;
    frames.longest = Math.max(frames.longest, t - frames.last);
    frames.last = t;
    requestAnimationFrame(onFrame);
  };
  window.flInputs = {
    reset() { latencies.length = 0; },
    // True once every input so far has had its next frame.
    answered: () => pending.length === 0 && !frameAsked,
    longest: () => Math.max(0, ...latencies),
    watchFrames() {
      frames = { last: performance.now(), longest: 0 };
      requestAnimationFrame(onFrame);
    },
    longestFrame() {
      const longest = frames === null ? 0 : frames.longest;
      frames = null;
      return longest;
    },
  };
})();`;

export class InteractionError extends Error {}

type Cdp = Awaited<ReturnType<BrowserContext['newCDPSession']>>;

export async function measureInteractions(
  distDir: string,
  { chromiumPath, runs, cpuSlowdown }: InteractionOptions,
): Promise<InteractionFigure[]> {
  const chromium = await chromiumOnFolder(distDir, chromiumPath, (m) => new InteractionError(m));
  const { browser } = chromium;
  try {
    const context = await browser.newContext({ viewport: VIEWPORTS[0] });
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH_INPUTS });
    const cdp: Cdp = await context.newCDPSession(page);
    if (cpuSlowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    // Playwright's waits default to 30 s of wall time: a throttled CPU needs longer.
    page.setDefaultTimeout(30_000 * cpuSlowdown);
    await page.goto(chromium.url, { waitUntil: 'load' });
    await page.waitForFunction(ALL_PANELS_IN, null, { polling: 100 }).catch(() => {
      throw new InteractionError(`the page at ${VIEWPORTS[0].width} px still had a panel loading`);
    });
    const settle = (ms: number) => page.waitForTimeout(ms * cpuSlowdown);
    await settle(1500);

    const samples: Partial<Record<InteractionName, number[]>> = {};
    const plays = interactionPlays(page, settle);
    for (let run = 0; run < runs; run++)
      for (const { name, label } of INTERACTIONS) {
        try {
          const play = plays[name];
          await play.prepare?.();
          await settle(100);
          await page.evaluate(IN_PAGE.reset);
          const frameMs = await play.measured();
          await page.waitForFunction(IN_PAGE.answered, null, { polling: 20 });
          const inputMs = await page.evaluate<number>(IN_PAGE.longest);
          // To a tenth of a ms: the browser's clock is no finer, and the JSON line stays readable.
          (samples[name] ??= []).push(Math.round(Math.max(inputMs, frameMs ?? 0) * 10) / 10);
          await play.after?.();
        } catch (error) {
          // A control the page no longer has, or a page that stopped answering: say which.
          const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
          throw new InteractionError(`the interaction "${label}" failed: ${first}`);
        }
      }
    await context.close();
    return interactionFigures(samples);
  } finally {
    await chromium.close();
  }
}

/** Expressions run in the page, on its listener. */
const IN_PAGE = {
  reset: 'window.flInputs.reset()',
  answered: 'window.flInputs.answered()',
  longest: 'window.flInputs.longest()',
  watchFrames: 'window.flInputs.watchFrames()',
  longestFrame: 'window.flInputs.longestFrame()',
} as const;

interface Play {
  /** Unmeasured: bring the control into view, focus it. */
  prepare?: () => Promise<void>;
  /** The inputs measured; resolves to the longest frame for an interaction without input. */
  measured: () => Promise<number | void>;
  after?: () => Promise<void>;
}

/** How far a drag moves, in steps of this share of the slider's width. */
const DRAG_STEPS = 5;
const DRAG_STEP_SHARE = 0.05;
/** The replay plays this many steps at 4× for its figure. */
const PLAYED_STEPS = 8;
/** The replay's step at 4×, in ms: STEP_MS (1,100) / 4. */
const STEP_AT_4X_MS = 275;

function interactionPlays(
  page: Page,
  settle: (ms: number) => Promise<void>,
): Record<InteractionName, Play> {
  const inView = async (locator: Locator) => {
    await locator.scrollIntoViewIfNeeded();
    await settle(200);
  };
  /** A drag from the slider's thumb, towards its far end: right from the left half, left from the right. */
  const drag = (slider: () => Locator) => {
    let from = { x: 0, y: 0, dx: 0 };
    return {
      prepare: async () => {
        const locator = slider();
        await inView(locator);
        const box = (await locator.boundingBox())!;
        const share = await locator.evaluate((el: HTMLInputElement) => {
          const min = Number(el.min);
          const max = Number(el.max);
          return max > min ? (Number(el.value) - min) / (max - min) : 0;
        });
        // The thumb's centre runs from half a thumb in from each end; 16 px is about a thumb.
        const x = box.x + 8 + (box.width - 16) * share;
        from = {
          x,
          y: box.y + box.height / 2,
          dx: (share < 0.5 ? 1 : -1) * box.width * DRAG_STEP_SHARE,
        };
        await page.mouse.move(from.x, from.y);
      },
      measured: async () => {
        await page.mouse.down();
        for (let i = 1; i <= DRAG_STEPS; i++) await page.mouse.move(from.x + from.dx * i, from.y);
        await page.mouse.up();
      },
    };
  };
  const click = (target: () => Locator) => ({
    prepare: () => inView(target()),
    measured: () => target().click(),
  });
  /** The select focused, then ↓ and ↑: the next choice and back, each the run of another trace. */
  const downThenUp = (select: () => Locator) => ({
    prepare: async () => {
      await inView(select());
      await select().focus();
    },
    measured: async () => {
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction(IN_PAGE.answered, null, { polling: 20 });
      await page.keyboard.press('ArrowUp');
    },
  });
  const pausedClient = page.locator('#paused-client');
  const redlock = page.locator('#redlock');
  const replay = page.locator('[data-replay-panel]');
  let arrowRuns = 0;
  return {
    pcTtl: drag(() => pausedClient.locator('.fl-ms-slider', { hasText: 'TTL' }).locator('input')),
    pcPause: drag(() =>
      pausedClient.locator('.fl-ms-slider', { hasText: 'Pause' }).locator('input'),
    ),
    pcFencing: click(() => pausedClient.getByRole('switch')),
    rlJump: drag(() => redlock.locator('.rl-jump-slider input')),
    rlStep: drag(() => redlock.locator('.rl-controls input[type="range"]')),
    replayScenario: downThenUp(() => replay.getByLabel('Scenario')),
    replayLock: downThenUp(() => replay.getByLabel('Lock and storage')),
    replayFencing: click(() => replay.getByRole('switch')),
    replayPlay: {
      prepare: async () => {
        await inView(replay.locator('.replay-transport'));
        await replay
          .getByRole('combobox')
          .filter({ has: page.locator('option[value="4"]') })
          .selectOption('4');
        await replay.focus();
        await page.keyboard.press('Home');
      },
      measured: async () => {
        await page.evaluate(IN_PAGE.watchFrames);
        await replay.getByRole('button', { name: 'Play', exact: true }).click();
        await page.waitForTimeout(PLAYED_STEPS * STEP_AT_4X_MS);
        return page.evaluate<number>(IN_PAGE.longestFrame);
      },
      after: async () => {
        await replay.getByRole('button', { name: 'Pause', exact: true }).click();
      },
    },
    replayArrows: {
      prepare: async () => {
        await inView(replay.locator('.replay-transport'));
        await replay.focus();
      },
      measured: async () => {
        const key = arrowRuns++ % 2 === 0 ? 'ArrowRight' : 'ArrowLeft';
        for (let i = 0; i < 3; i++) {
          await page.keyboard.press(key);
          await page.waitForFunction(IN_PAGE.answered, null, { polling: 20 });
        }
      },
    },
    reference: click(() => replay.locator('summary').first()),
  };
}
