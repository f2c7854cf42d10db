// The recordings are validated as the replay's code loads, before any of it can show one. Done in
// one go, the 25 files were one long task of the first load (about 25 ms of script on a CPU four
// times slower than a desktop's, inside the chunk's own evaluation); here the work is cut into
// slices of a few milliseconds, and the page gets the main thread back between them, so a tap or
// a scroll is answered in between. What comes out is what parseRecordings gives.
import { readRecordings, type RecordingSet, type TraceValidator } from './recordings';

/** How long one slice may run before the page gets the main thread back, in ms. */
export const SLICE_MS = 8;

export interface SliceClock {
  /** A clock in ms, as performance.now(). */
  now(): number;
  /** Resolves in a later task, once the browser has had the chance to do other work. */
  nextTask(): Promise<void>;
}

/** A task of its own right away: a message to itself, which no timer clamping holds back. */
function nextTaskByMessage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

const pageClock: SliceClock = {
  now: () => performance.now(),
  nextTask: typeof MessageChannel === 'function' ? nextTaskByMessage : () => Promise.resolve(),
};

/** parseRecordings, in slices of SLICE_MS with the main thread given back between them. */
export async function parseRecordingsInSlices(
  modules: Record<string, unknown>,
  validate: TraceValidator,
  clock: SliceClock = pageClock,
): Promise<RecordingSet> {
  const reading = readRecordings(modules, validate);
  // The first slice waits for a task of its own too: the module that asks is still being
  // evaluated, itself a task that should not grow by a slice.
  await clock.nextTask();
  let sliceStart = clock.now();
  for (;;) {
    const step = reading.next();
    if (step.done) return step.value;
    if (clock.now() - sliceStart >= SLICE_MS) {
      await clock.nextTask();
      sliceStart = clock.now();
    }
  }
}
