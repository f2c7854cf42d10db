// The page's first load as a reader's browser runs it: how long the main thread is kept busy in one
// go. Each load is a fresh browser context (nothing cached, as on a first visit); the Long Tasks
// API reports every task over 50 ms from the start of navigation, and the load counts as over once
// every panel has replaced its loading line and the page has been left alone for a while after.
import { blockingOf, median, type Blocking } from './longTasks';
import { chromiumOnFolder } from './chromiumOnFolder';
import type { BrowserContext } from '@playwright/test';

/** The widths the figures are given for: a phone and a desktop window. */
export const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;

/** How long after the last panel arrived the page is left to settle, in ms of an unthrottled CPU. */
const SETTLE_MS = 1500;

export interface FirstLoadOptions {
  chromiumPath: string;
  loads: number;
  /** Chromium's CPU throttling rate: 4 runs the page as on a CPU four times slower. */
  cpuSlowdown: number;
}

export interface FirstLoadFigures extends Blocking {
  width: number;
  height: number;
  /** Each load's figures, in the order they ran. */
  each: Blocking[];
}

export class FirstLoadError extends Error {}

/** True once every section is there and none of them still shows its loading line. */
export const ALL_PANELS_IN = `document.querySelectorAll('main section').length > 1 &&
  ![...document.querySelectorAll('[role="status"]')].some((el) => /^Loading .*…$/.test(el.textContent ?? ''))`;

/** How often the page is asked whether it has settled, in ms: rarely enough to cost it nothing. */
const POLL_MS = 100;

type Cdp = Awaited<ReturnType<BrowserContext['newCDPSession']>>;

/** A JavaScript expression's value in the page, through CDP alone. */
async function evaluateInPage(cdp: Cdp, expression: string): Promise<unknown> {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression,
    returnByValue: true,
  });
  if (exceptionDetails) throw new FirstLoadError(`the page could not run ${expression}`);
  return result.value;
}

/** Asks the page every POLL_MS whether the expression holds; false if it never did in time. */
async function pollPage(cdp: Cdp, expression: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if ((await evaluateInPage(cdp, expression)) === true) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}

export async function measureFirstLoads(
  distDir: string,
  { chromiumPath, loads, cpuSlowdown }: FirstLoadOptions,
): Promise<FirstLoadFigures[]> {
  const chromium = await chromiumOnFolder(distDir, chromiumPath, (m) => new FirstLoadError(m));
  const { browser } = chromium;
  try {
    const out: FirstLoadFigures[] = [];
    for (const viewport of VIEWPORTS) {
      const each: Blocking[] = [];
      for (let i = 0; i < loads; i++) {
        const context = await browser.newContext({ viewport });
        try {
          const page = await context.newPage();
          await page.addInitScript(() => {
            const durations: number[] = [];
            (window as unknown as { longTaskMs: number[] }).longTaskMs = durations;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) durations.push(entry.duration);
            }).observe({ type: 'longtask', buffered: true });
          });
          // The page is watched through plain CDP evaluations. Playwright's waitForFunction would
          // first evaluate its own injected script in the page, a task of 80 to 100 ms on a 4×
          // slower CPU that the Long Tasks API counted as the page's, and then poll every frame.
          const cdp = await context.newCDPSession(page);
          if (cpuSlowdown !== 1)
            await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
          await page.goto(chromium.url, { waitUntil: 'load' });
          // The shell renders after the load event, and the panels' loading lines with it: wait
          // for the sections to be there and for none of them to be loading any more.
          const settled = await pollPage(cdp, ALL_PANELS_IN, 60_000 * cpuSlowdown);
          if (!settled)
            throw new FirstLoadError(
              `the page at ${viewport.width} px still had a panel loading after ${60 * cpuSlowdown} s`,
            );
          await page.waitForTimeout(SETTLE_MS * cpuSlowdown);
          const durations = (await evaluateInPage(cdp, 'window.longTaskMs')) as number[];
          each.push(blockingOf(durations));
        } finally {
          await context.close();
        }
      }
      out.push({
        ...viewport,
        longestTaskMs: median(each.map((b) => b.longestTaskMs)),
        totalBlockingMs: median(each.map((b) => b.totalBlockingMs)),
        each,
      });
    }
    return out;
  } finally {
    await chromium.close();
  }
}
