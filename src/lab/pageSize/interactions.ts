// What a reader waits for after the page has loaded: for each interaction that runs the engine or
// redraws a panel, the longest time from an input to the next frame the browser draws (what
// Chrome's INP measures), as the median of a few runs, beside a reference input that does next to
// no work in the same run. The browser half is in interactionRuns.ts; this half is pure.
import { median } from './longTasks';

/** The interactions measured, in the order the table lists them; the reference comes last. */
export const INTERACTIONS = [
  { name: 'pcTtl', label: 'paused client: drag the TTL slider' },
  { name: 'pcPause', label: 'paused client: drag the pause slider' },
  { name: 'pcFencing', label: 'paused client: toggle fencing' },
  { name: 'rlJump', label: 'Redlock: drag the clock-jump slider' },
  { name: 'rlStep', label: 'Redlock: drag the step slider' },
  { name: 'replayScenario', label: 'replay: change the scenario (↓ then ↑)' },
  { name: 'replayLock', label: 'replay: change the lock (↓ then ↑)' },
  { name: 'replayFencing', label: 'replay: toggle fencing' },
  { name: 'replayPlay', label: 'replay: play at 4× (longest frame)' },
  { name: 'replayArrows', label: 'replay: step with → or ←' },
  { name: 'reference', label: 'reference: open or close a <details>' },
] as const;

export type InteractionName = (typeof INTERACTIONS)[number]['name'];

export interface InteractionFigure {
  name: InteractionName;
  label: string;
  /** The median over the runs of each run's longest input-to-next-frame time, in ms. */
  medianMs: number;
  /** Each run's longest time, in the order they ran. */
  eachMs: number[];
}

/** Each interaction's median, in INTERACTIONS' order; one missing from `samples` is left out. */
export function interactionFigures(
  samples: Partial<Record<InteractionName, readonly number[]>>,
): InteractionFigure[] {
  const out: InteractionFigure[] = [];
  for (const { name, label } of INTERACTIONS) {
    const each = samples[name];
    if (each === undefined || each.length === 0) continue;
    out.push({ name, label, medianMs: median(each), eachMs: [...each] });
  }
  return out;
}

/** The interactions' time over which a reader feels the page is slow to answer (INP's "poor" starts at 500, "good" ends at 200). */
export const SLOW_INTERACTION_MS = 200;

/**
 * The table as printed: one row per interaction, its median and each run's figure, and after the
 * reference each row's multiple of the reference's median (so a slower machine or a throttled CPU
 * reads the same).
 */
/** The width of the "  12.3× the reference" column. */
const TIMES_WIDTH = 22;

export function interactionRows(figures: readonly InteractionFigure[]): string[] {
  const reference = figures.find((f) => f.name === 'reference');
  const width = Math.max(...figures.map((f) => f.label.length));
  return figures.map((f) => {
    const times =
      reference === undefined
        ? ''
        : f === reference || reference.medianMs <= 0
          ? ' '.repeat(TIMES_WIDTH)
          : `  ${(f.medianMs / reference.medianMs).toFixed(1).padStart(5)}× the reference`;
    const slow = f.medianMs > SLOW_INTERACTION_MS ? '  (over 200 ms)' : '';
    return (
      `  ${f.label.padEnd(width)} ${f.medianMs.toFixed(0).padStart(5)} ms${times}${slow}` +
      `   (each run: ${f.eachMs.map((ms) => ms.toFixed(0)).join(', ')})`
    );
  });
}
