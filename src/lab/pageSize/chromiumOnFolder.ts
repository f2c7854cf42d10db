// The built page served from a folder, and a Chromium to open it in: what both of bench:page's
// browser measures start from, and close together.
import type { Browser } from '@playwright/test';
import { QUIET_CHROMIUM_ARGS } from '../chromiumArgs';
import { serveFolder } from './serveFolder';

export interface ChromiumOnFolder {
  browser: Browser;
  /** Where the folder is served. */
  url: string;
  /** Closes the browser, then the server. */
  close(): Promise<void>;
}

/**
 * Serves `distDir` and starts the Chromium at `chromiumPath`. A Chromium that does not start is
 * `failed(message)`, with the first line of its error, and the server is closed first.
 */
export async function chromiumOnFolder(
  distDir: string,
  chromiumPath: string,
  failed: (message: string) => Error,
): Promise<ChromiumOnFolder> {
  const { chromium } = await import('@playwright/test');
  const served = await serveFolder(distDir);
  const browser = await chromium
    .launch({ executablePath: chromiumPath, args: [...QUIET_CHROMIUM_ARGS] })
    .catch(async (error: unknown) => {
      await served.close();
      const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      throw failed(`Chromium at ${chromiumPath} did not start: ${first}`);
    });
  return {
    browser,
    url: served.url,
    async close() {
      await browser.close();
      await served.close();
    },
  };
}
