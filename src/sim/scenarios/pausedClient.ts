import { fencingOn, FENCING_VARIANTS, story, defineScenario } from './scenario';

/**
 * The explainer's central story. Client 1 takes the lock, then stops (a GC pause, swap, a VM
 * migration) for longer than the TTL. The lock expires; client 2 takes it and writes. Client 1
 * wakes up still believing it holds the lock and writes too. Only the storage can refuse it.
 */
export const pausedClient = defineScenario({
  name: 'paused-client',
  title: 'The paused client',
  summary:
    'Client 1 pauses past its TTL; client 2 takes the lock and writes; client 1 wakes and writes with its old token.',
  variants: FENCING_VARIANTS,
  locks: ['redis', 'pg-lease'],
  defaults: { ttlMs: 300, pauseMs: 500 },
  script: ({ ttlMs, pauseMs }, variant, lock) =>
    story(lock, fencingOn(variant), {
      'client-1': [
        { atMs: 0, op: { f: 'acquire', ttlMs } },
        { atMs: 10, op: { f: 'pause', pauseMs, cause: 'a stop-the-world GC pause' } },
        { op: { f: 'write', body: 'v1' }, stopOnFail: true },
        { op: { f: 'release' } },
      ],
      'client-2': [
        {
          atMs: ttlMs + 20,
          op: { f: 'acquire', ttlMs, retryEveryMs: 20, giveUpAtMs: ttlMs + 400 },
        },
        { op: { f: 'write', body: 'v2' }, stopOnFail: true },
      ],
    }),
  expected: (variant) =>
    fencingOn(variant)
      ? { verdict: 'stale-write-rejected', holdersOverlap: true, finalBody: 'v2' }
      : { verdict: 'stale-write-accepted', holdersOverlap: true, finalBody: 'v1' },
});
