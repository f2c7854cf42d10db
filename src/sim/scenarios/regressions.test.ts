import { describe, expect, it } from 'vitest';
import { contentionScript, type ContentionSpec } from './contention';
import { simulateScript } from '../simulate';
import { checkFenceMonotonic, checkNoStaleWrite } from '../checkers/checks';

// Seeds that once failed a property, pinned. Both were checker bugs, not engine bugs: two replies
// overtook each other on the way back, and the checkers read the clients' order of replies as the
// storage's order of writes. The storage's own order (`seq`) is now what they read.
const pinned: { name: string; spec: ContentionSpec; seed: number }[] = [
  {
    name: 'two held writes land together; the older reply arrives last',
    seed: 956351881,
    spec: {
      lock: 'redis',
      fencing: true,
      clients: [
        { startMs: 0, ttlMs: 50, pauseMs: 284, heldMs: 0, writeTwice: true },
        { startMs: 653, ttlMs: 50, pauseMs: 0, heldMs: 397, writeTwice: false },
        { startMs: 285, ttlMs: 50, pauseMs: 9, heldMs: 756, writeTwice: false },
      ],
      clockJumps: [],
    },
  },
  {
    name: 'a rejected-in-time write and a newer holder answer in the other order',
    seed: 559146969,
    spec: {
      lock: 'redis',
      fencing: true,
      clients: [
        { startMs: 445, ttlMs: 50, pauseMs: 0, heldMs: 0, writeTwice: false },
        { startMs: 316, ttlMs: 442, pauseMs: 455, heldMs: 0, writeTwice: false },
        { startMs: 434, ttlMs: 50, pauseMs: 0, heldMs: 0, writeTwice: false },
      ],
      clockJumps: [],
    },
  },
];

describe('pinned seeds', () => {
  it.each(pinned)('$name (seed $seed)', ({ spec, seed }) => {
    const { trace } = simulateScript(contentionScript(spec), seed, {
      scenario: 'contention',
      variant: 'fencing-on',
      params: {},
    });
    expect(checkNoStaleWrite(trace).violations).toEqual([]);
    expect(checkFenceMonotonic(trace).violations).toEqual([]);
    // Every accepted write reports where it stood in the storage's order.
    for (const e of trace.events)
      if (e.f === 'write' && e.type === 'ok') expect(e.value?.seq).toBeTypeOf('number');
  });
});
