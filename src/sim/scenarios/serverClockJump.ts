import { fencingOn, FENCING_VARIANTS, story, defineScenario } from './scenario';
import { LOCK_SERVER, type SingleServerLock } from './lockServer';

/**
 * Nobody pauses. Client 1 takes the lock and works for less than its TTL, but the lock server's
 * wall clock is stepped forward meanwhile (an NTP correction, an operator). Redis expires keys by
 * its wall clock and the lease row is judged by Postgres's `now()`, so the lock ends early and
 * client 2 takes it while client 1 still works: only the storage can refuse client 1's late
 * write. etcd times leases on a monotonic clock: the step changes nothing, and client 2 waits
 * until client 1 releases.
 */
export const serverClockJump = defineScenario({
  name: 'server-clock-jump',
  title: 'The lock server’s clock jumps',
  short: 'The server clock jumps',
  summary:
    'Client 1 works within its TTL, but the lock server’s wall clock jumps forward; Redis and the Postgres lease row end the lock early, etcd does not.',
  variants: FENCING_VARIANTS,
  locks: ['redis', 'pg-lease', 'etcd'],
  // etcd grants leases in whole seconds, at least one. The work ends 300 ms before the TTL;
  // client 2 first asks 200 ms after the jump and, where the lock holds, is still asking 1000 ms
  // after client 1 released: margins a real server's latency does not cross.
  defaults: { ttlMs: 1000, workMs: 700, jumpAtMs: 200, jumpMs: 2000 },
  script: ({ ttlMs, workMs, jumpAtMs, jumpMs }, variant, lock) =>
    story(lock, fencingOn(variant), {
      'client-1': [
        { atMs: 0, op: { f: 'acquire', ttlMs } },
        { op: { f: 'work', workMs } },
        { op: { f: 'write', body: 'v1' }, stopOnFail: true },
        { op: { f: 'release' } },
      ],
      nemesis: [
        {
          atMs: jumpAtMs,
          op: { f: 'clock-jump', node: LOCK_SERVER[lock as SingleServerLock], byMs: jumpMs },
        },
      ],
      'client-2': [
        {
          atMs: jumpAtMs + 200,
          op: { f: 'acquire', ttlMs, retryEveryMs: 100, giveUpAtMs: workMs + 1000 },
        },
        { op: { f: 'write', body: 'v2' }, stopOnFail: true },
      ],
    }),
  expected: (variant, lock) =>
    lock === 'etcd'
      ? { verdict: 'safe', holdersOverlap: false, finalBody: 'v2' }
      : fencingOn(variant)
        ? { verdict: 'stale-write-rejected', holdersOverlap: true, finalBody: 'v2' }
        : { verdict: 'stale-write-accepted', holdersOverlap: true, finalBody: 'v1' },
});
