import { fencingOn, FENCING_VARIANTS, story, defineScenario } from './scenario';

/**
 * No pause this time: client 1 sends its write in time, but the network holds it (a queue, a
 * retransmit). It reaches the storage after the lock has moved on to client 2.
 */
export const delayedWrite = defineScenario({
  name: 'delayed-write',
  title: 'A write delayed in the network',
  short: 'A delayed write',
  summary: 'Client 1’s write is held in the network past the TTL and lands after client 2’s.',
  variants: FENCING_VARIANTS,
  locks: ['redis'],
  defaults: { ttlMs: 300, heldMs: 400 },
  script: ({ ttlMs, heldMs }, variant, lock) =>
    story(lock, fencingOn(variant), {
      'client-1': [
        { atMs: 0, op: { f: 'acquire', ttlMs } },
        { atMs: 10, op: { f: 'write', body: 'v1', heldMs }, stopOnFail: true },
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
