import { fencingOn, FENCING_VARIANTS, story, defineScenario } from './scenario';

/**
 * The lock on a consensus store: a key held by a lease, its create revision the fencing token. The
 * revision only grows across the cluster, so it survives failover, but a paused holder still
 * wakes up after its lease was revoked: the storage must check the revision.
 */
export const etcdLease = defineScenario({
  name: 'etcd-lease',
  title: 'A lease on etcd, its revision as the token',
  short: 'etcd: the revision as token',
  summary:
    'Client 1’s lease lapses while it is paused; client 2’s key has a higher revision, which a storage that checks tokens (fencing on) compares.',
  variants: FENCING_VARIANTS,
  locks: ['etcd'],
  // etcd grants leases in whole seconds, at least one.
  defaults: { ttlMs: 1000, pauseMs: 2500 },
  script: ({ ttlMs, pauseMs }, variant, lock) =>
    story(lock, fencingOn(variant), {
      'client-1': [
        { atMs: 0, op: { f: 'acquire', ttlMs } },
        {
          atMs: 10,
          op: { f: 'pause', pauseMs, cause: 'a stop-the-world GC pause; keep-alives stop too' },
        },
        { op: { f: 'write', body: 'v1' }, stopOnFail: true },
      ],
      'client-2': [
        {
          atMs: ttlMs + 20,
          op: { f: 'acquire', ttlMs, retryEveryMs: 100, giveUpAtMs: pauseMs - 100 },
        },
        { op: { f: 'write', body: 'v2' }, stopOnFail: true },
      ],
    }),
  expected: (variant) =>
    fencingOn(variant)
      ? { verdict: 'stale-write-rejected', holdersOverlap: true, finalBody: 'v2' }
      : { verdict: 'stale-write-accepted', holdersOverlap: true, finalBody: 'v1' },
});
