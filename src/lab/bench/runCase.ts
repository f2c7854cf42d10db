// Runs one case: connect, warm up every side, then alternate Node and the C tool in short
// slices so that other load on the machine hits both about equally, and sum each side's work
// and time. With the library side on, ioredis or pg does the same work in the same slices:
// lean Node, C tool, library, then library, C tool, lean Node (a trend in load favours none).
// A server that dies mid-case fails the case with an error naming it.
import type { BenchCase, CaseContext, CaseSession } from './cases/types';
import { libraryLabel } from './cases/librarySupport';
import { CeilingUnavailable, type Ceiling } from './ceilings/types';
import { Driver } from './driver';
import { type LibraryFigures, type NumbersCase, round3, roundRate } from './numbers';

export interface CaseProgress {
  (line: string): void;
}

export class CaseError extends Error {
  override name = 'CaseError';
  constructor(
    readonly caseName: string,
    cause: unknown,
  ) {
    super(`Case ${caseName} failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

export interface CaseRun {
  figures: NumbersCase;
  /** For the table: the C tool's name or why there is none. */
  ceilingLabel: string;
}

// Short slices, many of them: on a shared machine, load comes and goes within seconds, and
// redis-benchmark and pgbench runs of half a second were measured to be as fast as long ones.
const SLICE_SECONDS = 0.5;
// V8 needs tens of thousands of calls before the hot path is fully optimised; on a busy
// 2-core machine that takes seconds, and a short warm-up measured the JIT, not the client.
export const WARM_UP_SECONDS = 3;

export async function runCase(
  benchCase: BenchCase,
  context: CaseContext,
  seconds: number,
  progress: CaseProgress,
  warmUpSeconds = WARM_UP_SECONDS,
  /** Also run the same work through the case's library client (ioredis, pg), if it has one. */
  withLibrary = false,
): Promise<CaseRun> {
  const driver = new Driver();
  const library = withLibrary ? benchCase.library : undefined;
  const libraryDriver = library ? new Driver() : undefined;
  const libraryName = library ? libraryLabel(library.client) : '';

  let ceiling: Ceiling | undefined;
  let ceilingNote: string | undefined;
  try {
    ceiling = benchCase.ceiling?.(context);
  } catch (error) {
    ceilingNote = error instanceof Error ? error.message : String(error);
  }
  if (!benchCase.ceiling) ceilingNote = benchCase.noCeilingReason ?? 'no C tool for this case';
  const sliceSeconds = sliceSecondsFor(seconds, ceiling?.minSliceSeconds);
  const slices = Math.max(1, Math.round(seconds / sliceSeconds));

  const session = await benchCase.open(context, driver).catch((error: unknown) => {
    throw new CaseError(benchCase.name, error);
  });
  driver.setWorkers(session.workers);
  let librarySession: CaseSession | undefined;
  try {
    progress(`${benchCase.name}: ${benchCase.summary}`);
    progress(`  warm-up ${warmUpSeconds} s`);
    const warm = await driver.runSlice(warmUpSeconds * 1000, false);
    if (library && libraryDriver) {
      librarySession = await library.open(context, libraryDriver);
      libraryDriver.setWorkers(librarySession.workers);
      progress(`  warm-up ${warmUpSeconds} s through ${libraryName}`);
      await libraryDriver.runSlice(warmUpSeconds * 1000, false);
    }
    // A C tool running while either Node side's server dies is stopped at once.
    const signal = libraryDriver
      ? AbortSignal.any([driver.signal, libraryDriver.signal])
      : driver.signal;

    let ceilingRate = 0;
    if (ceiling) {
      try {
        const warmRate = warm.ops / warmUpSeconds;
        await ceiling.prepare(warmRate * (seconds + warmUpSeconds));
        // The C tool warms up too (script cache, prepared plans), unmeasured; its rate sizes
        // the first measured run.
        const warmCeiling = await ceiling.runSlice(warmRate * 0.5, 0.5, signal);
        ceilingRate = warmCeiling.perSecond;
      } catch (error) {
        if (!(error instanceof CeilingUnavailable)) throw error;
        ceilingNote = error.message;
        progress(`  no ceiling: ${error.message}`);
        ceiling = undefined;
      }
    }

    let nodeOps = 0;
    let nodeWins = 0;
    let nodeMs = 0;
    let ceilingOps = 0;
    let ceilingSeconds = 0;
    let libraryOps = 0;
    let libraryWins = 0;
    let libraryMs = 0;
    const sliceRatios: number[] = [];
    const librarySliceRatios: number[] = [];
    for (let slice = 1; slice <= slices; slice++) {
      let nodeRate = 0;
      let cRate = 0;
      let libraryRate = 0;
      const runNode = async () => {
        const node = await driver.runSlice(sliceSeconds * 1000);
        nodeOps += node.ops;
        nodeWins += node.wins;
        nodeMs += node.elapsedMs;
        nodeRate = node.ops / (node.elapsedMs / 1000);
      };
      const runCeiling = async () => {
        if (!ceiling) return;
        // Sized from the tool's own last rate, so both sides get about the same wall time.
        const c = await ceiling.runSlice(ceilingRate * sliceSeconds, sliceSeconds, signal);
        ceilingOps += c.ops;
        ceilingSeconds += c.seconds;
        ceilingRate = c.perSecond;
        cRate = c.perSecond;
      };
      const runLibrary = async () => {
        if (!libraryDriver) return;
        const lib = await libraryDriver.runSlice(sliceSeconds * 1000);
        libraryOps += lib.ops;
        libraryWins += lib.wins;
        libraryMs += lib.elapsedMs;
        libraryRate = lib.ops / (lib.elapsedMs / 1000);
      };
      // Mirror the order every other slice (ABBA, or ABC CBA with the library), so a trend in
      // the machine's load favours no side.
      for (const run of sliceOrder(slice)) {
        await (run === 'node' ? runNode() : run === 'ceiling' ? runCeiling() : runLibrary());
      }
      let line = `  slice ${slice}/${slices}: Node ${fmt(nodeRate)}/s`;
      if (ceiling) {
        line += `, ${ceiling.tool} ${fmt(cRate)}/s (${(nodeRate / cRate).toFixed(2)})`;
        sliceRatios.push(nodeRate / cRate);
      }
      if (libraryDriver) {
        line += `, ${libraryName} ${fmt(libraryRate)}/s`;
        if (ceiling) {
          line += ` (${(libraryRate / cRate).toFixed(2)})`;
          librarySliceRatios.push(libraryRate / cRate);
        }
      }
      progress(line);
    }
    // The spread says how much the machine's other load moved the figures during the case.
    const spread = describeSpread(sliceRatios);
    if (spread) progress(`  ratio per slice: ${spread}`);
    const librarySpread = describeSpread(librarySliceRatios);
    if (librarySpread) progress(`  ${libraryName} ratio per slice: ${librarySpread}`);

    const perSecond = nodeOps / (nodeMs / 1000);
    const ceilingPerSecond = ceiling && ceilingSeconds > 0 ? ceilingOps / ceilingSeconds : null;
    if (ceiling) {
      const extra = await ceiling.finish?.();
      ceilingNote = [ceiling.describe(), extra].filter(Boolean).join('; ');
    }
    const common = {
      name: benchCase.name,
      p50Ms: round3(driver.histogram.percentileMs(50)),
      p99Ms: round3(driver.histogram.percentileMs(99)),
      ceilingPerSecond: ceilingPerSecond === null ? null : roundRate(ceilingPerSecond),
      ratio: ceilingPerSecond === null ? null : round3(perSecond / ceilingPerSecond),
      connections: session.connections,
      pipelined: session.pipelined,
      ...(ceilingNote ? { ceilingNote } : {}),
    };
    let libraryFigures: LibraryFigures | undefined;
    if (libraryDriver && libraryMs > 0) {
      const libraryPerSecond = libraryOps / (libraryMs / 1000);
      libraryFigures = {
        client: libraryName,
        perSecond: roundRate(libraryPerSecond),
        ...(benchCase.kind === 'tries'
          ? { winsPerSecond: roundRate(libraryWins / (libraryMs / 1000)) }
          : {}),
        p50Ms: round3(libraryDriver.histogram.percentileMs(50)),
        p99Ms: round3(libraryDriver.histogram.percentileMs(99)),
        ratio: ceilingPerSecond === null ? null : round3(libraryPerSecond / ceilingPerSecond),
      };
    }
    const figures: NumbersCase =
      benchCase.kind === 'tries'
        ? {
            ...common,
            triesPerSecond: roundRate(perSecond),
            winsPerSecond: roundRate(nodeWins / (nodeMs / 1000)),
          }
        : { ...common, pairsPerSecond: roundRate(perSecond) };
    if (libraryFigures) figures.library = libraryFigures;
    return { figures, ceilingLabel: ceiling?.tool ?? 'none' };
  } catch (error) {
    throw error instanceof CaseError ? error : new CaseError(benchCase.name, error);
  } finally {
    await Promise.allSettled([session.close(), librarySession?.close()]);
  }
}

export type SliceSide = 'node' | 'ceiling' | 'library';

/**
 * Which side runs when in a slice: odd slices Node, C tool, library; even slices the mirror
 * image. Over each pair of slices every side sits, on average, at the same point in time.
 */
export function sliceOrder(slice: number): SliceSide[] {
  const order: SliceSide[] = ['node', 'ceiling', 'library'];
  return slice % 2 === 1 ? order : order.reverse();
}

/** "0.95 to 1.10, median 1.02" for two or more per-slice ratios; undefined otherwise. */
export function describeSpread(ratios: readonly number[]): string | undefined {
  if (ratios.length < 2) return undefined;
  const sorted = [...ratios].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  // An even count has two middle values; the median is halfway between them.
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return `${sorted[0]!.toFixed(2)} to ${sorted.at(-1)!.toFixed(2)}, median ${median.toFixed(2)}`;
}

/** How long each alternating slice lasts for a case measured for `seconds` per side. */
export function sliceSecondsFor(seconds: number, minSliceSeconds = 0): number {
  return Math.min(seconds, Math.max(SLICE_SECONDS, minSliceSeconds));
}

function fmt(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
