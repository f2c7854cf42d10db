// Runs one case: connect, warm up both sides, then alternate Node and the C tool in short
// slices so that other load on the machine hits both about equally, and sum each side's work
// and time. A server that dies mid-case fails the case with an error naming it.
import type { BenchCase, CaseContext } from './cases/types';
import { CeilingUnavailable, type Ceiling } from './ceilings/types';
import { Driver } from './driver';
import { type NumbersCase, round3, roundRate } from './numbers';

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
): Promise<CaseRun> {
  const driver = new Driver();

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
  try {
    progress(`${benchCase.name}: ${benchCase.summary}`);
    progress(`  warm-up ${warmUpSeconds} s`);
    const warm = await driver.runSlice(warmUpSeconds * 1000, false);

    let ceilingRate = 0;
    if (ceiling) {
      try {
        const warmRate = warm.ops / warmUpSeconds;
        await ceiling.prepare(warmRate * (seconds + warmUpSeconds));
        // The C tool warms up too (script cache, prepared plans), unmeasured; its rate sizes
        // the first measured run.
        const warmCeiling = await ceiling.runSlice(warmRate * 0.5, 0.5, driver.signal);
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
    const sliceRatios: number[] = [];
    for (let slice = 1; slice <= slices; slice++) {
      let nodeRate = 0;
      let cRate = 0;
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
        const c = await ceiling.runSlice(ceilingRate * sliceSeconds, sliceSeconds, driver.signal);
        ceilingOps += c.ops;
        ceilingSeconds += c.seconds;
        ceilingRate = c.perSecond;
        cRate = c.perSecond;
      };
      // Alternate which side goes first, so a trend in the machine's load favours neither.
      if (slice % 2 === 1) {
        await runNode();
        await runCeiling();
      } else {
        await runCeiling();
        await runNode();
      }
      let line = `  slice ${slice}/${slices}: Node ${fmt(nodeRate)}/s`;
      if (ceiling) {
        line += `, ${ceiling.tool} ${fmt(cRate)}/s (${(nodeRate / cRate).toFixed(2)})`;
        sliceRatios.push(nodeRate / cRate);
      }
      progress(line);
    }
    if (sliceRatios.length > 1) {
      // The spread says how much the machine's other load moved the figures during the case.
      sliceRatios.sort((a, b) => a - b);
      const median = sliceRatios[Math.floor(sliceRatios.length / 2)] as number;
      progress(
        `  ratio per slice: ${sliceRatios[0]!.toFixed(2)} to ${sliceRatios.at(-1)!.toFixed(2)}, median ${median.toFixed(2)}`,
      );
    }

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
    const figures: NumbersCase =
      benchCase.kind === 'tries'
        ? {
            ...common,
            triesPerSecond: roundRate(perSecond),
            winsPerSecond: roundRate(nodeWins / (nodeMs / 1000)),
          }
        : { ...common, pairsPerSecond: roundRate(perSecond) };
    return { figures, ceilingLabel: ceiling?.tool ?? 'none' };
  } catch (error) {
    throw error instanceof CaseError ? error : new CaseError(benchCase.name, error);
  } finally {
    await session.close();
  }
}

/** How long each alternating slice lasts for a case measured for `seconds` per side. */
export function sliceSecondsFor(seconds: number, minSliceSeconds = 0): number {
  return Math.min(seconds, Math.max(SLICE_SECONDS, minSliceSeconds));
}

function fmt(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
