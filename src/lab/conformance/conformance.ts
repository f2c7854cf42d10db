// The same test body, two backends (turmoil's rule): each committed recording's scenario runs on
// the real servers and on the simulator, and the outcomes must agree. Each test file picks the
// recordings of the locks whose servers it starts.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it, type TestContext } from 'vitest';
import type { LockKind, Script } from '../../sim/run/script';
import { findScenario } from '../../sim/scenarios/index';
import { simulate } from '../../sim/simulate';
import { needsClockShim, ServerPool } from '../backends';
import { requireGcc, SkippedError } from '../servers';
import { expectedDifferences, outcomeDifferences, outcomeShape } from '../record/compareOutcomes';
import { runReal } from '../runReal';
import { readRecording } from './readRecording';

export const RECORDINGS_DIR = fileURLToPath(new URL('../../../recordings/', import.meta.url));

export interface RecordedRun {
  file: string;
  scenario: string;
  variant: string;
  lock: LockKind;
}

/** The committed recordings of these locks, read from recordings/ (numbers.json is no trace). */
export function recordedRuns(locks: readonly LockKind[]): RecordedRun[] {
  return readdirSync(RECORDINGS_DIR)
    .filter((file) => file.endsWith('.json') && file !== 'numbers.json')
    .sort()
    .flatMap((file) => {
      const [scenario, variant, lock] = file.replace(/\.json$/, '').split('.');
      return scenario && variant && lock && (locks as readonly string[]).includes(lock)
        ? [{ file, scenario, variant, lock: lock as LockKind }]
        : [];
    });
}

/** The clock jump needs nodes under the compiled clock shim: without gcc, say so and skip. */
export async function skipWithoutClockShim(script: Script, context: TestContext): Promise<void> {
  if (!needsClockShim(script)) return;
  try {
    await requireGcc();
  } catch (error) {
    if (error instanceof SkippedError) context.skip(error.message);
    throw error;
  }
}

/**
 * One test per recording: the recording is valid and agrees with the simulator, and a fresh
 * run on the real servers agrees with both. A real run may miss a timing margin once on a busy
 * machine, so it gets one retry; the outcome itself is never loosened.
 */
function conformanceTests(locks: readonly LockKind[], pool: () => ServerPool): void {
  const runs = recordedRuns(locks);
  it('has recordings to check', () => {
    expect(runs.length).toBeGreaterThan(0);
  });
  for (const run of runs) {
    it(
      `${run.scenario} (${run.variant}) on ${run.lock}: real servers and the simulator agree`,
      { retry: 1 },
      async (context) => {
        const scenario = findScenario(run.scenario);
        expect(scenario, `${run.file} names an unknown scenario`).toBeDefined();
        await skipWithoutClockShim(
          scenario!.script(scenario!.defaults, run.variant, run.lock),
          context,
        );
        const expected = scenario!.expected(run.variant, run.lock);
        const sim = simulate({ scenario: run.scenario, variant: run.variant, lock: run.lock });

        const recorded = readRecording(RECORDINGS_DIR, run.file);
        expect(outcomeDifferences(recorded.outcome, sim.outcome)).toEqual([]);

        const real = await runReal(
          { scenario: run.scenario, variant: run.variant, lock: run.lock },
          pool(),
        );
        expect(real.params).toEqual(sim.params);
        expect(outcomeShape(real.outcome)).toEqual(outcomeShape(sim.outcome));
        expect(expectedDifferences(real.outcome, expected)).toEqual([]);
      },
    );
  }
}

/**
 * A test file's whole suite: the servers the lab run started (`globalSetup.ts`), a pool over them
 * that this file stops at its end, and one conformance test per recording of these locks. Each
 * file takes a few locks, so that a failure names its family of locks at once.
 */
export function conformanceSuite(locks: readonly LockKind[]): void {
  const pool = providedServerPool();
  describe('conformance', () => {
    conformanceTests(locks, () => pool);
  });
}

/**
 * A pool over the servers the lab run started (`globalSetup.ts`), stopped at the end of the test
 * file that made it (it stops only what it started itself: the Redlock nodes, a cluster).
 */
export function providedServerPool(): ServerPool {
  const pool = new ServerPool({
    databaseUrl: inject('databaseUrl'),
    redisUrl: inject('redisUrl'),
    etcdEndpoints: inject('etcdEndpoints'),
  });
  afterAll(() => pool.stop());
  return pool;
}
