// The engine's benchmark body, shared by Node and the browser. It is given a clock rather than
// reading one, so the engine stays free of wall time.
import { EventQueue } from './core/eventQueue';
import { HandWrittenPausedClient } from './handWrittenPausedClient';
import { prepareRun, type SimulatedRun } from './simulate';

export interface EngineFigures {
  runs: number;
  events: number;
  elapsedMs: number;
  runsPerSecond: number;
  eventsPerSecond: number;
  /** The queue's mean size as each event was taken, so the heap loop can work at the same depth. */
  meanQueueDepth: number;
}

export interface HeapFigures {
  /** One operation is a push and a pop: the least the queue does for one simulated event. */
  operations: number;
  elapsedMs: number;
  operationsPerSecond: number;
  depth: number;
}

/** Something that plays the paused client (fencing on, Redis lock) on a seed. */
interface PausedClientRunner {
  run(seed: number): SimulatedRun;
}

/**
 * The engine, resolved once as a seed sweep does; every run still builds its own world, backend,
 * interpreter, trace and outcome.
 */
const engineRunner = (): PausedClientRunner =>
  prepareRun({ scenario: 'paused-client', variant: 'fencing-on' });

/** Plays the paused client over fresh seeds for about `durationMs`. */
function measureRuns(
  runner: PausedClientRunner,
  durationMs: number,
  nowMs: () => number,
): EngineFigures {
  let runs = 0;
  let events = 0;
  let queueDepthSum = 0;
  let sink = 0;
  const start = nowMs();
  let elapsedMs = 0;
  while (elapsedMs < durationMs) {
    for (let i = 0; i < 100; i++) {
      const r = runner.run(runs + 1);
      events += r.events;
      queueDepthSum += r.queueDepthSum;
      sink += r.trace.events.length;
      runs++;
    }
    elapsedMs = nowMs() - start;
  }
  if (sink === 0) throw new Error('the benchmark produced empty traces');
  return {
    runs,
    events,
    elapsedMs,
    runsPerSecond: (runs / elapsedMs) * 1000,
    eventsPerSecond: (events / elapsedMs) * 1000,
    meanQueueDepth: queueDepthSum / events,
  };
}

/**
 * The depth the bare loop works at: the engine's mean queue depth, rounded up. A heap is slower
 * the deeper it is, so rounding up gives the engine the benefit of the doubt, and only that: the
 * paused client keeps one or two events pending (each client waits on one timer or one message).
 */
function bareLoopDepth(meanQueueDepth: number): number {
  return Math.max(1, Math.ceil(meanQueueDepth));
}

/** A bare push/pop loop on the engine's own heap, at a given depth, with callbacks that do nothing. */
function measureHeap(durationMs: number, nowMs: () => number, depth: number): HeapFigures {
  const q = new EventQueue();
  let t = 0;
  let ran = 0;
  const noop = () => {
    ran++;
  };
  for (let i = 0; i < depth; i++) q.push(t + i, noop);
  let operations = 0;
  const start = nowMs();
  let elapsedMs = 0;
  while (elapsedMs < durationMs) {
    for (let i = 0; i < 10_000; i++) {
      const fn = q.pop();
      fn();
      t += 0.37;
      q.push(t + depth, noop);
    }
    operations += 10_000;
    elapsedMs = nowMs() - start;
  }
  if (ran !== operations) throw new Error('the heap loop lost callbacks');
  return { operations, elapsedMs, operationsPerSecond: (operations / elapsedMs) * 1000, depth };
}

export interface SideBySide {
  engine: EngineFigures;
  /** The same run written out by hand (handWrittenPausedClient.ts): the floor for the engine. */
  handWritten: EngineFigures;
  heap: HeapFigures;
  slices: number;
}

/**
 * Measures the engine, the hand-written run and the bare loop in alternating slices, after a
 * warm-up of each, and keeps the fastest slice of each. The first timed slice of the bare loop is
 * often still being recompiled (it ran 25% slower than later ones here), and a single measure of
 * each would let that flatter the engine; alternating also gives all three the same machine,
 * moment by moment.
 */
export function measureSideBySide(durationMs: number, nowMs: () => number, slices = 4): SideBySide {
  const sliceMs = durationMs / slices;
  const warmMs = Math.min(300, sliceMs);
  const engineRuns = engineRunner();
  const handRuns = new HandWrittenPausedClient();
  const depth = bareLoopDepth(measureRuns(engineRuns, warmMs, nowMs).meanQueueDepth);
  measureRuns(handRuns, warmMs, nowMs);
  measureHeap(warmMs, nowMs, depth);
  let engine: EngineFigures | null = null;
  let handWritten: EngineFigures | null = null;
  let heap: HeapFigures | null = null;
  const faster = (a: EngineFigures | null, b: EngineFigures) =>
    a === null || b.eventsPerSecond > a.eventsPerSecond ? b : a;
  for (let i = 0; i < slices; i++) {
    engine = faster(engine, measureRuns(engineRuns, sliceMs, nowMs));
    handWritten = faster(handWritten, measureRuns(handRuns, sliceMs, nowMs));
    const h = measureHeap(sliceMs, nowMs, depth);
    if (heap === null || h.operationsPerSecond > heap.operationsPerSecond) heap = h;
  }
  return { engine: engine!, handWritten: handWritten!, heap: heap!, slices };
}
