import { defineConfig } from '@playwright/test';
import { QUIET_CHROMIUM_ARGS } from './src/lab/chromiumArgs';

// Port and build folder can be moved so that two checkouts' runs do not collide.
const port = Number(process.env.E2E_PORT ?? 4173);
const outDir = process.env.E2E_OUTDIR ?? 'dist';

// Debian's Chromium: this machine cannot download a browser build of Playwright's own.
export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...QUIET_CHROMIUM_ARGS],
    },
  },
  webServer: {
    command: `npx vite preview --outDir ${outDir} --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
