import { story, defineScenario } from './scenario';

/**
 * The reason locks have a TTL at all: the holder crashes and nobody cleans up. The key expires
 * by itself and the next client, retrying after random delays, takes over and redoes the work.
 */
export const holderCrash = defineScenario({
  name: 'holder-crash',
  title: 'The holder crashes',
  summary: 'Client 1 crashes while holding the lock; the TTL frees it and client 2 takes over.',
  variants: ['default'],
  locks: ['redis', 'pg-lease'],
  defaults: { ttlMs: 300 },
  script: ({ ttlMs }, _variant, lock) =>
    story(lock, true, {
      'client-1': [
        { atMs: 0, op: { f: 'acquire', ttlMs } },
        { atMs: 50, op: { f: 'crash' } },
      ],
      'client-2': [
        { atMs: 100, op: { f: 'acquire', ttlMs, retryEveryMs: 50, giveUpAtMs: ttlMs + 500 } },
        { op: { f: 'write', body: 'v2' }, stopOnFail: true },
        { op: { f: 'release' } },
      ],
    }),
  expected: () => ({ verdict: 'safe', holdersOverlap: false, finalBody: 'v2' }),
});
