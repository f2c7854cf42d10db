import { describe, expect, it } from 'vitest';
import { validateTrace } from '../../sim/trace/validate';
import { parseRecordings } from './recordings';
import { parseRecordingsInSlices, SLICE_MS, type SliceClock } from './recordingsInSlices';

// The lab's own recordings, and two that are broken, as import.meta.glob hands them over.
const recorded = import.meta.glob(['/recordings/*.json', '!/recordings/numbers.json'], {
  eager: true,
});
const modules: Record<string, unknown> = {
  ...recorded,
  '/recordings/broken.fencing-on.redis.json': { default: { format: 'nope' } },
  '/recordings/paused-client.fencing-on.etcd.json': {
    default: {
      ...(recorded['/recordings/paused-client.fencing-on.redis.json'] as { default: object })
        .default,
      version: 99,
    },
  },
};

/** A clock whose every reading is a slice's worth later, so each file ends a slice. */
function slowClock(): SliceClock & { pauses: number } {
  let ms = 0;
  const clock = {
    pauses: 0,
    now: () => (ms += SLICE_MS),
    nextTask: () => {
      clock.pauses++;
      return Promise.resolve();
    },
  };
  return clock;
}

describe('parseRecordingsInSlices', () => {
  it('gives what parseRecordings gives: the valid recordings, and each broken file with what is wrong', async () => {
    const sliced = await parseRecordingsInSlices(modules, validateTrace, slowClock());
    expect(sliced).toEqual(parseRecordings(modules, validateTrace));
    expect(sliced.invalid.map((r) => r.file)).toEqual([
      'broken.fencing-on.redis.json',
      'paused-client.fencing-on.etcd.json',
    ]);
    expect(sliced.invalid[1]?.errors[0]).toMatch(/version is 99/);
    expect(sliced.recordings.map((r) => r.file)).not.toContain(
      'paused-client.fencing-on.etcd.json',
    );
  });

  it('gives the main thread back before it starts, and whenever a slice has run for SLICE_MS', async () => {
    const clock = slowClock();
    await parseRecordingsInSlices(modules, validateTrace, clock);
    // One pause before the first file; then every file but the last ends a slice on this clock,
    // and the last one ends the work.
    expect(clock.pauses).toBe(1 + Object.keys(modules).length - 1);
  });

  it('does it all in one slice, after one pause, when the files take no time', async () => {
    let pauses = 0;
    const set = await parseRecordingsInSlices(modules, validateTrace, {
      now: () => 0,
      nextTask: () => {
        pauses++;
        return Promise.resolve();
      },
    });
    expect(pauses).toBe(1);
    expect(set.recordings.length).toBeGreaterThan(0);
  });
});
