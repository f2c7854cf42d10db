// Redlock's assumptions and what breaks each, as the page's table shows them.
export interface Assumption {
  assumes: string;
  breaks: string;
  result: string;
  /** The engine run that shows it, when there is one. */
  run?: 'redlock-clock-jump' | 'redlock-gc-pause';
}

export const ASSUMPTIONS: readonly Assumption[] = [
  {
    assumes: 'Every node’s clock runs at close to the same speed, and none jumps',
    breaks: 'One node’s clock is stepped forward, by NTP or by hand',
    result: 'The key on that node expires too soon, and two clients can each count 3 of the 5.',
    run: 'redlock-clock-jump',
  },
  {
    assumes: 'No client stalls for as long as the TTL',
    breaks: 'Garbage collection, swapping, a virtual machine being moved',
    result:
      'The key expires everywhere while its holder sleeps, and another client wins all 5 nodes.',
    run: 'redlock-gc-pause',
  },
  {
    assumes: 'Messages get where they are going quickly',
    breaks: 'A write stuck in a router’s or a socket’s queue',
    result: 'The write lands when somebody else holds the lock.',
  },
  {
    assumes: 'A node keeps its keys across a restart, or stays down longer than the TTL',
    breaks: 'A quick restart with no persisted data',
    result:
      'The restarted node has lost the key, so a second client can gather a majority of its own.',
  },
];

export const REDLOCK_RUNS = [
  { scenario: 'redlock-clock-jump', label: 'A clock jumps on one node' },
  { scenario: 'redlock-gc-pause', label: 'A GC pause past the TTL' },
] as const;
