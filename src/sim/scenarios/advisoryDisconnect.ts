import { story, defineScenario } from './scenario';

/**
 * Why an advisory lock in the same transaction needs no fencing. Client 1 locks and writes inside
 * its transaction, then stalls; its backend is terminated. Postgres rolls the transaction back,
 * which ends the lock and the write together. Client 2 takes the lock; client 1's commit fails.
 */
export const advisoryDisconnect = defineScenario({
  name: 'advisory-disconnect',
  title: 'An advisory-lock holder disconnects',
  short: 'Advisory holder disconnects',
  summary:
    'Client 1’s session is terminated mid-transaction: its lock and its uncommitted write end together.',
  variants: ['default'],
  locks: ['pg-advisory'],
  defaults: { pauseMs: 500, terminateAtMs: 200 },
  script: ({ pauseMs, terminateAtMs }, _variant, lock) =>
    story(lock, false, {
      'client-1': [
        { atMs: 0, op: { f: 'acquire', ttlMs: 0 } },
        { atMs: 10, op: { f: 'write', body: 'v1' }, signal: 'client-1-wrote' },
        { op: { f: 'pause', pauseMs, cause: 'the client stalls mid-transaction' } },
        { op: { f: 'release' } },
      ],
      nemesis: [
        {
          atMs: terminateAtMs,
          waitFor: 'client-1-wrote',
          op: { f: 'terminate', target: 'client-1' },
          signal: 'terminated',
        },
      ],
      'client-2': [
        {
          atMs: terminateAtMs + 50,
          waitFor: 'terminated',
          op: { f: 'acquire', ttlMs: 0, retryEveryMs: 20, giveUpAtMs: terminateAtMs + 400 },
        },
        { op: { f: 'write', body: 'v2' } },
        { op: { f: 'release' } },
      ],
    }),
  expected: () => ({ verdict: 'stale-write-rejected', holdersOverlap: false, finalBody: 'v2' }),
});
