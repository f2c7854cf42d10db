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
    assumes: 'Clocks run at about the same rate',
    breaks: 'An NTP step or a manual change on one node',
    result: 'That node expires the key early. Two clients can each hold 3 of 5.',
    run: 'redlock-clock-jump',
  },
  {
    assumes: 'Process pauses are shorter than the TTL',
    breaks: 'A GC pause, swap or VM migration',
    result: 'The lock expires on every node, and a second client takes all 5.',
    run: 'redlock-gc-pause',
  },
  {
    assumes: 'Network delay is short',
    breaks: 'A write packet held in a queue',
    result: 'The write arrives after the lock has moved on.',
  },
  {
    assumes: 'A node keeps its keys across a restart, or stays down longer than the TTL',
    breaks: 'A quick restart with no persisted data',
    result: 'The node forgets the lock, and a second majority forms.',
  },
];

export const REDLOCK_RUNS = [
  { scenario: 'redlock-clock-jump', label: 'A clock jumps on one node' },
  { scenario: 'redlock-gc-pause', label: 'A GC pause past the TTL' },
] as const;
