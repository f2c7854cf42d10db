// What a load's long tasks cost the reader: the longest one, and the total blocking time (each long
// task's time past 50 ms, the part in which the page cannot answer a tap or a key in time).

/** A task longer than this is a long task (the Long Tasks API's threshold), in ms. */
export const LONG_TASK_MS = 50;

export interface Blocking {
  longestTaskMs: number;
  totalBlockingMs: number;
}

/** The blocking figures of one load, from the durations of its long tasks in ms. */
export function blockingOf(taskDurationsMs: readonly number[]): Blocking {
  let longestTaskMs = 0;
  let totalBlockingMs = 0;
  for (const ms of taskDurationsMs) {
    longestTaskMs = Math.max(longestTaskMs, ms);
    totalBlockingMs += Math.max(0, ms - LONG_TASK_MS);
  }
  return { longestTaskMs, totalBlockingMs };
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
