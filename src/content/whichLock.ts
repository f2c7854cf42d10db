// Section 3: which lock to use for efficiency and which for correctness.
import type { VerdictLevel } from '../panels/table';

export interface LockChoice {
  id: string;
  lock: string;
  /**
   * The section that explains this lock, linked from its name: the table comes third, before
   * SET NX PX, Redlock or an advisory lock has been explained.
   */
  section?: string;
  efficiency: { level: VerdictLevel; text: string };
  correctness: { level: VerdictLevel; text: string };
}

export const lockChoices: LockChoice[] = [
  {
    id: 'redis-one-node',
    lock: 'Redis SET NX PX, one node',
    section: 'redis-lock',
    efficiency: { level: 'yes', text: 'Yes' },
    correctness: { level: 'no', text: 'No' },
  },
  {
    id: 'redlock',
    lock: 'Redlock, 5 Redis nodes',
    section: 'redlock',
    efficiency: { level: 'conditional', text: 'Works, but costs 5 nodes' },
    correctness: { level: 'no', text: 'No' },
  },
  {
    id: 'fenced',
    lock: 'Any lock plus a fenced write',
    section: 'fencing-storage',
    efficiency: { level: 'yes', text: 'Yes' },
    correctness: {
      level: 'conditional',
      text: 'Yes, if the lock hands out the token as it grants the lock, and never the same token twice',
    },
  },
  {
    id: 'consensus',
    lock: 'etcd or ZooKeeper lease',
    section: 'consensus',
    efficiency: { level: 'yes', text: 'Yes' },
    correctness: { level: 'conditional', text: 'Yes, with fencing' },
  },
  {
    id: 'lease-row',
    lock: 'Postgres lease row with a fence',
    section: 'postgres-locks',
    efficiency: { level: 'yes', text: 'Yes' },
    correctness: {
      level: 'conditional',
      // The same condition the Postgres section gives: an asynchronous standby can lose the
      // last increment, and its promotion hands that token out again.
      text: 'Yes, the storage checks the token, if a failover goes only to a standby in sync',
    },
  },
  {
    id: 'advisory',
    lock: 'Advisory lock, work in the same transaction',
    section: 'postgres-locks',
    efficiency: { level: 'yes', text: 'Yes' },
    correctness: { level: 'yes', text: 'Yes' },
  },
  {
    id: 'mutex',
    lock: 'A mutex inside one process',
    // A mutex is fine within one process; the row is about work spread over machines.
    efficiency: { level: 'no', text: 'No: other processes never see it' },
    correctness: { level: 'no', text: 'No' },
  },
];

export const whichLockNotes: readonly string[] = [
  'A lock for efficiency: when it fails, some work gets done twice, and that is the whole cost.',
  'A lock for correctness: when it fails, data ends up wrong.',
];

export const whichLockSayIt =
  'I start by asking what it costs if the work runs twice. If the answer is wrong data, a lock alone will not do: it needs a fence or a transaction.';
