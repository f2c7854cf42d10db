import { story, defineScenario } from './scenario';

/**
 * Kleppmann's second case. Client 1 holds all five nodes, then pauses past the TTL. The key
 * expires everywhere; client 2 takes all five. Client 1 wakes and writes: two holders, and no
 * token the storage could compare.
 */
export const redlockGcPause = defineScenario({
  name: 'redlock-gc-pause',
  title: 'Redlock: a GC pause past the TTL',
  short: 'Redlock: a GC pause',
  summary:
    'Client 1 holds 5 of 5, pauses past the TTL; client 2 takes 5 of 5; client 1 writes anyway.',
  variants: ['default'],
  locks: ['redlock'],
  defaults: { ttlMs: 300, pauseMs: 500 },
  script: ({ ttlMs, pauseMs }, _variant, lock) =>
    story(lock, false, {
      'client-1': [
        { atMs: 0, op: { f: 'acquire', ttlMs } },
        { atMs: 60, op: { f: 'pause', pauseMs, cause: 'a stop-the-world GC pause' } },
        { op: { f: 'write', body: 'v1' } },
      ],
      'client-2': [
        {
          atMs: ttlMs + 20,
          op: { f: 'acquire', ttlMs, retryEveryMs: 20, giveUpAtMs: ttlMs + 400 },
        },
        { op: { f: 'write', body: 'v2' } },
      ],
    }),
  expected: () => ({ verdict: 'two-holders', holdersOverlap: true, finalBody: 'v1' }),
});
