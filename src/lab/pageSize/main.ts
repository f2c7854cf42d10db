// `npm run bench:page [-- --dist FOLDER --loads N --interactions N --cpu-slowdown N]`: the page's
// JavaScript, gzipped, beside DESIGN.md's budget for the initial JavaScript (110 kB); then the first
// load's main thread in Chromium at 375 px and at 1280 px: its longest task and its total blocking
// time, the median of --loads fresh loads; then, at 375 px, what a reader waits for after each input
// that runs the engine or redraws a panel (the longest time from the input to the next frame, the
// median of --interactions runs), beside a trivial input's as a reference. Without --dist it builds the page with the project's own Vite config into a
// throwaway folder, so what it measures is the code as it stands, and `dist/` (which `npm start`
// serves) is left alone. Exits 1 when the initial JavaScript is over budget; the main-thread
// figures have no budget, and machines differ too much for one: compare them on one machine.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { PROJECT_ROOT } from '../paths';
import { BadBenchPageArgsError, BENCH_PAGE_USAGE, parseBenchPageArgs } from './args';
import { FirstLoadError, measureFirstLoads, VIEWPORTS, type FirstLoadFigures } from './firstLoad';
import { INITIAL_JS_BUDGET_BYTES, measurePageJs, PageSizeError, type ChunkSize } from './measure';
import { LONG_TASK_MS } from './longTasks';
import { interactionRows, type InteractionFigure } from './interactions';
import { InteractionError, measureInteractions } from './interactionRuns';

const say = (line: string) => process.stdout.write(`${line}\n`);
/** The report goes out in one write, so a reader that stops early (`| head`) gets whole lines. */
const report: string[] = [];
const fail = (line: string, code: number): never => {
  process.stderr.write(`bench:page: ${line}\n`);
  process.exit(code);
};

let args;
try {
  args = parseBenchPageArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof BadBenchPageArgsError)) throw error;
  fail(`${error.message}\n${BENCH_PAGE_USAGE}`, 2);
}
if (args!.help) {
  say(BENCH_PAGE_USAGE);
  process.exit(0);
}
/** Asked for and missing, the browser is an error found before the build, not after it. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if ((args!.loads > 0 || args!.interactions > 0) && !existsSync(chromiumPath))
  fail(
    `the first-load and interaction figures need Chromium, and there is none at ${chromiumPath} (set CHROMIUM_PATH, or pass --loads 0 for the sizes alone)`,
    1,
  );

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${value.toFixed(0).padStart(4)} ms`;
const row = (label: string, bytes: number, note = '') =>
  `  ${label.padEnd(34)} ${kB(bytes).padStart(9)}${note === '' ? '' : `   ${note}`}`;
const chunkRows = (chunks: readonly ChunkSize[]) =>
  chunks.map((c) =>
    row(`  ${c.file.replace(/^assets\//, '')}`, c.gzipBytes, `(${kB(c.bytes)} before gzip)`),
  );

// What `vite build` ships: NODE_ENV=test or development in the caller's shell would measure
// React's development build instead, half again as large.
process.env.NODE_ENV = 'production';

let distDir = args!.distDir;
let throwaway: string | undefined;
if (distDir === undefined) {
  throwaway = mkdtempSync(join(tmpdir(), 'fencing-lab-page-'));
  distDir = throwaway;
  // A build cut short must not leave its folder behind.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => {
      rmSync(throwaway!, { recursive: true, force: true });
      process.exit(code);
    });
  try {
    await build({
      root: PROJECT_ROOT,
      logLevel: 'error',
      build: { outDir: throwaway, emptyOutDir: true, reportCompressedSize: false },
    });
  } catch (error) {
    rmSync(throwaway, { recursive: true, force: true });
    fail(`the page does not build: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
}

try {
  const size = measurePageJs(distDir);
  const within = size.initialGzipBytes <= INITIAL_JS_BUDGET_BYTES;
  report.push(
    `The page's JavaScript, gzipped (zlib's default level, as most servers send it)${throwaway === undefined ? `, in ${distDir}` : ''}:`,
  );
  report.push(
    row(
      'initial: before anything shows',
      size.initialGzipBytes,
      `(budget ${kB(INITIAL_JS_BUDGET_BYTES)}: ${within ? 'within it' : 'OVER it'}, ${((100 * size.initialGzipBytes) / INITIAL_JS_BUDGET_BYTES).toFixed(0)}%)`,
    ),
  );
  report.push(...chunkRows(size.initial));
  report.push(
    row(
      `later: ${size.later.length} chunks after the shell`,
      size.laterGzipBytes,
      '(not budgeted: panels load once the shell has rendered)',
    ),
  );
  report.push(...chunkRows(size.later.slice(0, 3)));
  if (size.later.length > 3) report.push(`    … and ${size.later.length - 3} smaller`);
  let firstLoads: FirstLoadFigures[] = [];
  if (args!.loads > 0) {
    firstLoads = await measureFirstLoads(distDir, {
      chromiumPath,
      loads: args!.loads,
      cpuSlowdown: args!.cpuSlowdown,
    });
    report.push(
      `The first load's main thread in Chromium, the median of ${args!.loads} fresh load${args!.loads === 1 ? '' : 's'}` +
        `${args!.cpuSlowdown === 1 ? '' : ` on a CPU ${args!.cpuSlowdown} times slower`}` +
        ' (until every panel is in and the page has settled);' +
        ` the browser reports only tasks over ${LONG_TASK_MS} ms, so 0 means none was that long:`,
    );
    for (const f of firstLoads)
      report.push(
        `  ${`${f.width} × ${f.height} px`.padEnd(16)} longest task ${ms(f.longestTaskMs)}   total blocking time ${ms(f.totalBlockingMs)}` +
          `   (each load, longest/blocking: ${f.each.map((b) => `${b.longestTaskMs.toFixed(0)}/${b.totalBlockingMs.toFixed(0)}`).join(', ')})`,
      );
  }
  let interactions: InteractionFigure[] = [];
  if (args!.interactions > 0) {
    interactions = await measureInteractions(distDir, {
      chromiumPath,
      runs: args!.interactions,
      cpuSlowdown: args!.cpuSlowdown,
    });
    report.push(
      `What a reader waits for after an input once the page has loaded, at ${VIEWPORTS[0].width} px in Chromium` +
        `${args!.cpuSlowdown === 1 ? '' : ` on a CPU ${args!.cpuSlowdown} times slower`}:` +
        ` the longest time from an input to the next frame (playing: the longest frame),` +
        ` the median of ${args!.interactions} run${args!.interactions === 1 ? '' : 's'} of each:`,
      ...interactionRows(interactions),
    );
  }
  report.push(
    JSON.stringify({
      initialJsGzipBytes: size.initialGzipBytes,
      budgetGzipBytes: INITIAL_JS_BUDGET_BYTES,
      laterJsGzipBytes: size.laterGzipBytes,
      initialFiles: size.initial.map((c) => c.file),
      firstLoad: firstLoads.map(({ width, height, longestTaskMs, totalBlockingMs }) => ({
        width,
        height,
        longestTaskMs,
        totalBlockingMs,
      })),
      interactions: interactions.map(({ name, medianMs, eachMs }) => ({ name, medianMs, eachMs })),
      ...(firstLoads.length > 0 ? { loads: args!.loads } : {}),
      ...(interactions.length > 0 ? { interactionRuns: args!.interactions } : {}),
      ...(firstLoads.length > 0 || interactions.length > 0
        ? { cpuSlowdown: args!.cpuSlowdown }
        : {}),
    }),
  );
  say(report.join('\n'));
  if (!within) process.exitCode = 1;
} catch (error) {
  if (
    !(error instanceof PageSizeError) &&
    !(error instanceof FirstLoadError) &&
    !(error instanceof InteractionError)
  )
    throw error;
  // Not fail(): exiting here would skip the clean-up below and leave the throwaway build behind.
  process.stderr.write(`bench:page: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  if (throwaway !== undefined) rmSync(throwaway, { recursive: true, force: true });
}
