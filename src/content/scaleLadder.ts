// Section 13: start with the simplest lock and climb only when something tells you to.
import type { CaseName } from './numbersFile';
import { sayRate } from './say';

export interface LadderStep {
  step: number;
  add: string;
  /** The explainer's laptop figure, in words. */
  handles: string;
  /** The lab's benchmark case that measures this step, if any. */
  labCase?: CaseName;
  moveUpWhen: string;
}

export const ladder: LadderStep[] = [
  {
    step: 1,
    add: 'A Postgres advisory lock in the same transaction as the work.',
    handles: 'About 36,000 lock and release pairs a second. No fencing needed.',
    labCase: 'pg-advisory',
    moveUpWhen: 'The work happens outside Postgres: an API call, a file, another store.',
  },
  {
    step: 2,
    add: 'A lease row with a fencing token, checked by the storage.',
    handles: 'About 27,000 pairs a second, with tokens that survive a restart.',
    labCase: 'pg-lease',
    moveUpWhen: 'Lock traffic competes with the primary’s own writes.',
  },
  {
    step: 3,
    add: 'A Redis lock with a token. Keep the fenced write.',
    handles: 'About 23,000 pairs a second on one Redis (19,000 with the token), off the primary.',
    labCase: 'redis-token',
    moveUpWhen: 'One Redis is busy with nothing but locks.',
  },
  {
    step: 4,
    add: 'Redis Cluster: locks spread over many nodes by name.',
    handles: 'Each node adds its own rate. When the lock elects a leader, use etcd instead.',
    moveUpWhen: 'The top of the ladder.',
  },
];

export const ladderNote =
  'On the explainer’s laptop Postgres used every core while Redis ran commands on a single thread, so Postgres came out ahead there. Move locks to Redis to take load off the primary, not to go faster.';

/**
 * The lab's own comparison, said after the laptop's. The ladder shows both machines' figures side
 * by side, and the lab may measure the opposite order: the note must not leave "Postgres came out
 * ahead" standing unexplained beside a lab figure where Redis did.
 */
export function ladderLabNote(
  cpus: number,
  redisTokenRate: number,
  pgAdvisoryRate: number,
): string {
  const machine = `On this lab’s machine, with ${cpus} ${cpus === 1 ? 'CPU' : 'CPUs'}`;
  const redis = sayRate(redisTokenRate);
  const pg = sayRate(pgAdvisoryRate);
  return redisTokenRate > pgAdvisoryRate
    ? `${machine}, it went the other way: Redis with a token ran ${redis} pairs a second, the advisory lock ${pg}. Which one is faster depends on the machine.`
    : `${machine}, Postgres came out ahead too: the advisory lock ran ${pg} pairs a second, Redis with a token ${redis}.`;
}

export const ladderSayIt =
  'I begin with a Postgres advisory lock. I bring in Redis only when lock traffic should move off the primary, and I keep the fence either way.';

export const ladderNotMeasured =
  'Figures are the explainer’s laptop run. Once the lab has measured this machine (`npm run lab:bench`), each step shows its own figure beside the laptop’s; see Numbers to say for the machine and settings.';
