// The printed summary names the machine, the servers and the load, and warns when the machine
// had other work on it, from the numbers the run is about to write.
import { describe, expect, it } from 'vitest';
import type { NumbersFile } from './numbers';
import { formatSummary } from './summary';

function numbers(loadAtStart: number, loadAtEnd: number): NumbersFile {
  return {
    format: 'fencing-lab/numbers',
    version: 1,
    environment: {
      cpuModel: 'Test CPU',
      cpus: 4,
      memoryGb: 7.5,
      os: 'Test OS',
      node: 'v20.0.0',
      redis: '7.0.1',
      postgres: 'not run',
      settings: {
        fsync: 'off',
        persistence: 'none',
        loadAverage1mAtStart: loadAtStart,
        loadAverage1mAtEnd: loadAtEnd,
      },
      recordedAt: '2026-01-01T00:00:00.000Z',
    },
    clients: 8,
    seconds: 2,
    cases: [],
  } as NumbersFile;
}

describe('formatSummary', () => {
  it('names the machine, the servers that ran, the clients and the load', () => {
    const text = formatSummary(numbers(0.5, 1.25));
    expect(text).toContain(
      'Measured on Test CPU (4 CPUs, 7.5 GB), Test OS; Node v20.0.0, Redis 7.0.1; 8 clients, 2 s per side.',
    );
    expect(text).not.toContain('Postgres');
    expect(text).toContain('Load average (1 min): 0.5 at the start, 1.25 at the end');
    expect(text).toMatch(/ratio: Node ÷ ceiling/);
    expect(text).not.toMatch(/Other work/);
  });

  it('warns of other work when the load at the start was above half the CPUs', () => {
    expect(formatSummary(numbers(2.5, 3))).toMatch(
      /Other work was running: a load of 2\.5 at the start, on 4 CPUs\./,
    );
    // The benchmark loads every core itself: a high load at the end alone says nothing.
    expect(formatSummary(numbers(1, 9.77))).not.toMatch(/Other work/);
  });
});
