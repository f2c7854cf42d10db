import { fencingOn, FENCING_VARIANTS, story, defineScenario } from './scenario';

/**
 * Redis replicates asynchronously. The primary grants the lock and token 33, then dies before
 * the replica hears of it. The promoted replica has no lock and a counter one lower, so client 2
 * gets token 33 again. Fencing cannot tell two writers with the same token apart.
 */
export const redisFailover = defineScenario({
  name: 'redis-failover',
  title: 'Redis fails over before it replicates',
  short: 'Failover before replication',
  summary:
    'The promoted replica never saw the lock: client 2 takes it and gets the same token as client 1.',
  variants: FENCING_VARIANTS,
  locks: ['redis-replicated'],
  defaults: { ttlMs: 10000, replicationLagMs: 1000 },
  script: ({ ttlMs, replicationLagMs }, variant, lock) =>
    story(
      lock,
      fencingOn(variant),
      {
        'client-1': [
          { atMs: 0, op: { f: 'acquire', ttlMs } },
          {
            atMs: 200,
            waitFor: 'client-2-wrote',
            op: { f: 'write', body: 'v1' },
            stopOnFail: true,
          },
        ],
        nemesis: [{ atMs: 50, op: { f: 'failover' }, signal: 'failed-over' }],
        'client-2': [
          { atMs: 100, waitFor: 'failed-over', op: { f: 'acquire', ttlMs } },
          { op: { f: 'write', body: 'v2' }, stopOnFail: true, signal: 'client-2-wrote' },
        ],
      },
      { replicationLagMs },
    ),
  expected: () => ({ verdict: 'token-repeated', holdersOverlap: true, finalBody: 'v1' }),
});
