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
    add: 'An advisory lock, taken inside the transaction that does the work.',
    handles:
      'About 36,000 lock and release pairs a second, and nothing to fence: the lock ends with the work.',
    labCase: 'pg-advisory',
    moveUpWhen: 'Part of the work leaves Postgres: a call to an API, a file, some other store.',
  },
  {
    step: 2,
    add: 'A lease row with a fencing token, checked by the storage.',
    handles: 'About 27,000 pairs a second, with tokens that survive a restart.',
    labCase: 'pg-lease',
    moveUpWhen: 'Taking and giving back leases starts to crowd the primary’s real writes.',
  },
  {
    step: 3,
    add: 'Move the lock to Redis and keep the fenced write. A Redis failover can hand out a token twice. If that is not acceptable, take the lock itself from a durable store (etcd, or stay on the lease row): a token fences only when the lock hands it out with the grant.',
    handles:
      'About 19,000 pairs a second with the token on one Redis (23,000 without), none of it on the primary.',
    labCase: 'redis-token',
    moveUpWhen: 'One Redis is busy with nothing but locks.',
  },
  {
    step: 4,
    add: 'Redis Cluster: locks spread over many nodes by name.',
    handles:
      'Every node brings its own rate to the total, though one busy lock still lives on one node. If the lock chooses a leader, reach for etcd instead.',
    moveUpWhen: 'Nothing above this: the ladder ends here.',
  },
];

export const ladderNote =
  'The “Laptop” figures come from the explainer this page is built from. On that laptop Postgres came out ahead. The explainer put that down to Redis running commands on a single thread, but 23,000 pairs a second is well within what one Redis thread serves: the client was more likely the limit. Move locks to Redis to take load off the primary, not to go faster.';

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
  'My first lock is a Postgres advisory lock. Redis comes in only once locking has to get off the primary, and the fence comes along with it.';

export const ladderNotMeasured =
  'Figures are the explainer’s laptop run. Once the lab has measured this machine (`npm run lab:bench`), each step shows its own figure beside the laptop’s; see Numbers to say for the machine and settings.';
