import { fencingOn, FENCING_VARIANTS, story, defineScenario } from './scenario';

/**
 * A job longer than the TTL extends the lock as it goes and stops when an extend fails. The
 * extend only reports the loss after the fact: a pause right after a good extend still ends in a
 * late write. So the job fences anyway.
 */
export const longJob = defineScenario({
  name: 'long-job',
  title: 'A job longer than the TTL',
  summary:
    'Client 1 extends its lock during a long job, pauses just after an extend, and loses the lock.',
  variants: FENCING_VARIANTS,
  locks: ['redis'],
  defaults: { ttlMs: 300, workMs: 100, pauseMs: 500 },
  script: ({ ttlMs, workMs, pauseMs }, variant, lock) =>
    story(lock, fencingOn(variant), {
      'client-1': [
        { atMs: 0, op: { f: 'acquire', ttlMs } },
        { op: { f: 'work', workMs } },
        { op: { f: 'extend', ttlMs }, stopOnFail: true },
        { op: { f: 'work', workMs } },
        { op: { f: 'extend', ttlMs }, stopOnFail: true },
        { op: { f: 'pause', pauseMs, cause: 'a GC pause right after the extend' } },
        { op: { f: 'write', body: 'v1' }, stopOnFail: true },
        { op: { f: 'extend', ttlMs }, stopOnFail: true },
        { op: { f: 'release' } },
      ],
      'client-2': [
        {
          atMs: 2 * workMs + ttlMs + 20,
          op: { f: 'acquire', ttlMs, retryEveryMs: 20, giveUpAtMs: 2 * workMs + ttlMs + 400 },
        },
        { op: { f: 'write', body: 'v2' }, stopOnFail: true },
      ],
    }),
  expected: (variant) =>
    fencingOn(variant)
      ? { verdict: 'stale-write-rejected', holdersOverlap: true, finalBody: 'v2' }
      : { verdict: 'stale-write-accepted', holdersOverlap: true, finalBody: 'v1' },
});
