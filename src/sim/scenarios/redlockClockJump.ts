import { story, defineScenario } from './scenario';

/**
 * Kleppmann's first case. Client 1 holds redis-1..3 (it cannot reach 4 and 5). redis-3's clock
 * is stepped forward, so the key expires there early. Client 2, which cannot reach 1 and 2, takes
 * redis-3..5: two clients each hold 3 of 5. Redlock has no token to fence them with.
 */
export const redlockClockJump = defineScenario({
  name: 'redlock-clock-jump',
  title: 'Redlock: a clock jumps on one node',
  short: 'Redlock: a clock jump',
  summary:
    'The clock on redis-3 jumps forward and expires client 1’s key; client 2 gets a majority too.',
  variants: ['default'],
  locks: ['redlock'],
  defaults: { ttlMs: 1000, jumpMs: 2000 },
  script: ({ ttlMs, jumpMs }, _variant, lock) =>
    story(lock, false, {
      'client-1': [
        {
          atMs: 0,
          op: { f: 'acquire', ttlMs, unreachable: ['redis-4', 'redis-5'] },
          signal: 'client-1-holds',
        },
        // Client 1 writes last, whatever the machine's load, so the run always ends the same way.
        { atMs: 300, waitFor: 'client-2-wrote', op: { f: 'write', body: 'v1' } },
      ],
      nemesis: [
        {
          atMs: 100,
          waitFor: 'client-1-holds',
          op: { f: 'clock-jump', node: 'redis-3', byMs: jumpMs },
          signal: 'jumped',
        },
      ],
      'client-2': [
        {
          atMs: 150,
          waitFor: 'jumped',
          op: { f: 'acquire', ttlMs, unreachable: ['redis-1', 'redis-2'] },
          // Without a majority it does no work: a jump too small to free redis-3 ends here.
          stopOnFail: true,
        },
        { atMs: 200, op: { f: 'write', body: 'v2' }, signal: 'client-2-wrote' },
      ],
    }),
  expected: () => ({ verdict: 'two-holders', holdersOverlap: true, finalBody: 'v1' }),
});
