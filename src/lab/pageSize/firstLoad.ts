// The page's first load as a reader's browser runs it: how long the main thread is kept busy in one
// go. Each load is a fresh browser context (nothing cached, as on a first visit); the Long Tasks
// API reports every task over 50 ms from the start of navigation, and the load counts as over once
// every panel has replaced its loading line and the page has been left alone for a while after.
import { blockingOf, median, type Blocking } from './longTasks';
import { serveFolder } from './serveFolder';
import { QUIET_CHROMIUM_ARGS } from '../chromiumArgs';

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

export async function measureFirstLoads(
  distDir: string,
  { chromiumPath, loads, cpuSlowdown }: FirstLoadOptions,
): Promise<FirstLoadFigures[]> {
  const { chromium } = await import('@playwright/test');
  const served = await serveFolder(distDir);
  const browser = await chromium
    .launch({
      executablePath: chromiumPath,
      args: [...QUIET_CHROMIUM_ARGS],
    })
    .catch(async (error: unknown) => {
      await served.close();
      const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      throw new FirstLoadError(`Chromium at ${chromiumPath} did not start: ${first}`);
    });
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
          if (cpuSlowdown !== 1) {
            const cdp = await context.newCDPSession(page);
            await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
          }
          await page.goto(served.url, { waitUntil: 'load' });
          // The shell renders after the load event, and the panels' loading lines with it: wait
          // for the sections to be there and for none of them to be loading any more.
          await page
            .waitForFunction(
              () =>
                document.querySelectorAll('main section').length > 1 &&
                ![...document.querySelectorAll('[role="status"]')].some((el) =>
                  /^Loading .*…$/.test(el.textContent ?? ''),
                ),
              null,
              { timeout: 60_000 * cpuSlowdown },
            )
            .catch(() => {
              throw new FirstLoadError(
                `the page at ${viewport.width} px still had a panel loading after ${60 * cpuSlowdown} s`,
              );
            });
          await page.waitForTimeout(SETTLE_MS * cpuSlowdown);
          const durations = await page.evaluate(
            () => (window as unknown as { longTaskMs: number[] }).longTaskMs,
          );
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
    await browser.close();
    await served.close();
  }
}
