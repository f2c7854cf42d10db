// `npm run bench:sim [-- --seconds=N --browser]`: the engine's speed beside a bare push/pop loop
// on the same heap and beside the same run written by hand (the floor), measured in the same
// process; with --browser, also in Debian's Chromium.
// Targets: 10,000 paused-client runs a second; events/s at least 0.25 of heap operations/s.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { build } from 'esbuild';
import type { SideBySide } from '../../sim/benchCore';
import { QUIET_CHROMIUM_ARGS } from '../chromiumArgs';
import {
  BadBenchArgsError,
  BENCH_SIM_USAGE,
  parseBenchSimArgs,
  type BenchSimArgs,
} from './benchArgs';

let args: BenchSimArgs;
try {
  args = parseBenchSimArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof BadBenchArgsError)) throw error;
  process.stderr.write(`bench:sim: ${error.message}\n${BENCH_SIM_USAGE}\n`);
  process.exit(2);
}
if (args.help) {
  process.stdout.write(`${BENCH_SIM_USAGE}\n`);
  process.exit(0);
}
/** Asked for and missing, the browser's figures are an error, found before minutes of measuring. */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (args.browser && !existsSync(chromium)) {
  process.stderr.write(
    `bench:sim: --browser needs Chromium, and there is none at ${chromium} (set CHROMIUM_PATH, or leave out --browser)\n`,
  );
  process.exit(1);
}
const { seconds } = args;
const durationMs = seconds * 1000;
const now = () => performance.now();
/** Issue #2's target for events per second over bare heap push+pop pairs per second. */
const RATIO_TARGET = 0.25;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

interface Figures {
  runsPerSecond: number;
  eventsPerSecond: number;
  heapOpsPerSecond: number;
  ratio: number;
  /** The same run written out by hand, with no engine: the floor the engine is compared with. */
  handWritten: { runsPerSecond: number; eventsPerSecond: number; ratio: number };
}

function report(where: string, { engine, handWritten, heap, slices }: SideBySide): Figures {
  const heapOps = heap.operationsPerSecond;
  const ratio = engine.eventsPerSecond / heapOps;
  const handRatio = handWritten.eventsPerSecond / heapOps;
  // The target as a time budget: at 0.25, a run may take as long as four heap pairs per event.
  const eventsPerRun = engine.events / engine.runs;
  const budgetUs = (eventsPerRun / (RATIO_TARGET * heapOps)) * 1e6;
  const usPerRun = (runsPerSecond: number) => (1e6 / runsPerSecond).toFixed(2);
  process.stdout.write(
    [
      `${where} (fastest of ${slices} alternating slices each):`,
      `  paused-client runs per second   ${fmt(engine.runsPerSecond).padStart(12)}   (target 10,000)`,
      `  simulated events per second     ${fmt(engine.eventsPerSecond).padStart(12)}   (${eventsPerRun.toFixed(1)} queue events a run)`,
      `  bare heap push+pop per second   ${fmt(heapOps).padStart(12)}   (depth ${heap.depth}: the engine's queue held ${engine.meanQueueDepth.toFixed(2)} on average, rounded up)`,
      `  ratio events / heap operations  ${ratio.toFixed(3).padStart(12)}   (target ${RATIO_TARGET})`,
      `  the run written by hand, runs/s ${fmt(handWritten.runsPerSecond).padStart(12)}   (the floor: the same trace and outcome, no engine)`,
      `  its ratio events / heap ops     ${handRatio.toFixed(3).padStart(12)}   (${fmt(handWritten.eventsPerSecond)} events a second)`,
      `  µs a run: the engine ${usPerRun(engine.runsPerSecond)}, by hand ${usPerRun(handWritten.runsPerSecond)}; a ratio of ${RATIO_TARGET} allows ${budgetUs.toFixed(2)}`,
      '',
    ].join('\n'),
  );
  return {
    runsPerSecond: Math.round(engine.runsPerSecond),
    eventsPerSecond: Math.round(engine.eventsPerSecond),
    heapOpsPerSecond: Math.round(heapOps),
    ratio: Number(ratio.toFixed(3)),
    handWritten: {
      runsPerSecond: Math.round(handWritten.runsPerSecond),
      eventsPerSecond: Math.round(handWritten.eventsPerSecond),
      ratio: Number(handRatio.toFixed(3)),
    },
  };
}

// Node and the browser run the same esbuild bundle of the engine, as a production build ships it
// (no loader helpers wrapped around every closure).
const bundleFor = async (format: 'esm' | 'iife') =>
  (
    await build({
      entryPoints: [new URL('../../sim/benchCore.ts', import.meta.url).pathname],
      bundle: true,
      write: false,
      format,
      globalName: format === 'iife' ? 'benchCore' : undefined,
      target: 'es2022',
    })
  ).outputFiles[0]!.text;

const core = (await import(
  `data:text/javascript;base64,${Buffer.from(await bundleFor('esm')).toString('base64')}`
)) as typeof import('../../sim/benchCore');

process.stdout.write(
  `bench:sim on ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}, ${seconds} s for each of the three\n`,
);
const nodeFigures = core.measureSideBySide(durationMs, now);
const node = report('Node', nodeFigures);

let browser: Figures | undefined;
if (args.browser) {
  const { chromium: launcher } = await import('@playwright/test');
  const b = await launcher
    .launch({
      executablePath: chromium,
      args: [...QUIET_CHROMIUM_ARGS],
    })
    .catch((error: unknown) => {
      const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      process.stderr.write(`bench:sim: Chromium at ${chromium} did not start: ${first}\n`);
      process.exit(1);
    });
  try {
    const page = await b.newPage();
    await page.addScriptTag({ content: await bundleFor('iife') });
    // A string, so that nothing of this file's own compilation leaks into the page.
    const r = (await page.evaluate(
      `benchCore.measureSideBySide(${durationMs}, () => performance.now())`,
    )) as SideBySide;
    browser = report('Browser (headless Chromium)', r);
  } finally {
    await b.close();
  }
}

process.stdout.write(`${JSON.stringify({ ...node, ...(browser ? { browser } : {}) })}\n`);
