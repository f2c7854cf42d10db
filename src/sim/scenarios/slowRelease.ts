import { story, defineScenario } from './scenario';

/**
 * A slow client releases after its lock expired and client 2 took it. With the token check the
 * release deletes nothing. With a blind DEL it deletes client 2's lock, client 3 walks in, and
 * client 2's next write is refused by the storage (fencing is on in both variants).
 */
export const slowRelease = defineScenario({
  name: 'slow-release',
  title: 'A slow client releases after expiry',
  short: 'A slow release after expiry',
  summary: 'Client 1 releases after its TTL; the release must not delete client 2’s lock.',
  variants: ['token-check', 'blind-delete'],
  locks: ['redis'],
  defaults: { ttlMs: 300, pauseMs: 500 },
  script: ({ ttlMs, pauseMs }, variant, lock) =>
    story(lock, true, {
      'client-1': [
        { atMs: 0, op: { f: 'acquire', ttlMs } },
        { atMs: 10, op: { f: 'pause', pauseMs, cause: 'a slow disk flush' } },
        { op: { f: 'release', blind: variant === 'blind-delete' }, signal: 'client-1-released' },
      ],
      'client-2': [
        {
          atMs: ttlMs + 20,
          op: { f: 'acquire', ttlMs, retryEveryMs: 20, giveUpAtMs: ttlMs + 400 },
        },
        { op: { f: 'write', body: 'v2' }, stopOnFail: true },
        // Still within client 2's TTL, after client 1's release and client 3's try.
        { atMs: 2 * ttlMs, op: { f: 'write', body: 'v2b' }, stopOnFail: true },
      ],
      'client-3': [
        { waitFor: 'client-1-released', op: { f: 'acquire', ttlMs }, stopOnFail: true },
        { op: { f: 'write', body: 'v3' }, stopOnFail: true },
      ],
    }),
  expected: (variant) =>
    variant === 'blind-delete'
      ? { verdict: 'stale-write-rejected', holdersOverlap: true, finalBody: 'v3' }
      : { verdict: 'two-holders', holdersOverlap: true, finalBody: 'v2b' },
});
