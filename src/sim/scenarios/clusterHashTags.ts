import { story, defineScenario } from './scenario';

/**
 * On Redis Cluster a script may only touch keys of one slot. `lock:report` and `fence:report`
 * hash to different slots and the acquire script fails with CROSSSLOT; with the hash tag,
 * `lock:{report}` and `fence:{report}` share the slot of `report` and the script runs.
 */
export const clusterHashTags = defineScenario({
  name: 'cluster-hash-tags',
  title: 'Redis Cluster: keys need a hash tag',
  short: 'Redis Cluster hash tags',
  summary: 'The acquire script fails with CROSSSLOT on lock:report and works on lock:{report}.',
  variants: ['no-hash-tag', 'hash-tag'],
  locks: ['redis-cluster'],
  defaults: { ttlMs: 300 },
  script: ({ ttlMs }, variant, lock) =>
    story(
      lock,
      true,
      {
        'client-1': [
          { atMs: 0, op: { f: 'acquire', ttlMs }, stopOnFail: true },
          { op: { f: 'write', body: 'v1' }, stopOnFail: true },
          { op: { f: 'release' } },
        ],
      },
      { hashTags: variant === 'hash-tag' },
    ),
  expected: (variant) =>
    variant === 'hash-tag'
      ? { verdict: 'safe', holdersOverlap: false, finalBody: 'v1' }
      : { verdict: 'safe', holdersOverlap: false, finalBody: 'v0' },
});
