import { describe, expect, it } from 'vitest';
import { findRecording, lockOfTrace, parseRecordings } from './recordings';
import type { TraceValidator } from './recordings';
import { pausedClientTrace } from './fixtures';
import type { Trace } from '../../sim/trace/schema';

// A stand-in for the engine's validator: enough to tell a trace from junk.
const validate: TraceValidator = (x) =>
  x !== null && typeof x === 'object' && (x as Trace).format === 'fencing-lab/trace'
    ? { ok: true, trace: x as Trace }
    : { ok: false, errors: ['format: expected "fencing-lab/trace"'] };

const recorded = (fencing: boolean, backend = 'redis+postgres') =>
  pausedClientTrace(fencing, { backend, environment: { redis: '7.0.15', postgres: '15.18' } });

describe('parseRecordings', () => {
  it('keeps valid recordings, lists invalid ones by file name and skips numbers.json', () => {
    const set = parseRecordings(
      {
        '/recordings/paused-client.fencing-on.redis+postgres.json': { default: recorded(true) },
        '/recordings/paused-client.fencing-off.postgres.json': {
          default: recorded(false, 'postgres'),
        },
        '/recordings/broken.fencing-on.redis+postgres.json': { default: { format: 'nope' } },
        '/recordings/numbers.json': { default: { redis: 1 } },
      },
      validate,
    );
    expect(set.recordings.map((r) => [r.file, r.lock])).toEqual([
      ['paused-client.fencing-off.postgres.json', 'pg-lease'],
      ['paused-client.fencing-on.redis+postgres.json', 'redis'],
    ]);
    expect(set.invalid).toEqual([
      {
        file: 'broken.fencing-on.redis+postgres.json',
        errors: ['format: expected "fencing-lab/trace"'],
      },
    ]);
    expect(findRecording(set, 'paused-client', 'fencing-on', 'redis')?.file).toBe(
      'paused-client.fencing-on.redis+postgres.json',
    );
    expect(findRecording(set, 'paused-client', 'fencing-on', 'etcd')).toBeNull();
  });

  it('refuses a recording whose file name disagrees with its contents', () => {
    const set = parseRecordings(
      { '/recordings/paused-client.fencing-off.redis+postgres.json': recorded(true) },
      validate,
    );
    expect(set.recordings).toEqual([]);
    expect(set.invalid[0]?.errors[0]).toMatch(/file name says paused-client\/fencing-off/);
  });

  it('survives a validator that throws', () => {
    const set = parseRecordings({ '/recordings/x.y.z.json': {} }, () => {
      throw new Error('boom');
    });
    expect(set.invalid[0]).toEqual({
      file: 'x.y.z.json',
      errors: ['the validator failed: Error: boom'],
    });
  });

  it('reads the lock from params.lock, else from the backend', () => {
    expect(lockOfTrace(recorded(true, 'etcd+postgres'))).toBe('etcd');
    expect(lockOfTrace(recorded(true, 'postgres'))).toBe('pg-lease');
    expect(lockOfTrace(pausedClientTrace(true, { params: { lock: 'pg-advisory' } }))).toBe(
      'pg-advisory',
    );
  });
});
