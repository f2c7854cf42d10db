// The page's sections, in the source explainer's order. Ids are the deep-link anchors.
export interface SectionInfo {
  id: string;
  title: string;
  /** The small line under the title. */
  kicker: string;
  /** A shorter name for the contents menu, where the title is long. */
  short?: string;
}

export const sections: readonly SectionInfo[] = [
  {
    id: 'top',
    title: 'Distributed locks and fencing',
    kicker: 'four key points',
    short: 'Key points',
  },
  { id: 'paused-client', title: 'The paused client', kicker: 'expiry, then a stale write' },
  { id: 'which-lock', title: 'Which lock, for what', kicker: 'efficiency or correctness' },
  {
    id: 'see-it',
    title: 'See it: fencing off, then on',
    kicker: 'recorded on real Redis, Postgres and etcd',
    short: 'See it: fencing off, on',
  },
  { id: 'fenced-path', title: 'The fenced path', kicker: 'choose a step; its path lights up' },
  { id: 'capabilities', title: 'Capabilities used', kicker: 'what each tool gives you' },
  {
    id: 'redis-lock',
    title: 'Lock and release in Redis',
    kicker: 'pseudo code and the tested Lua',
  },
  {
    id: 'fencing-storage',
    title: 'Fencing at the storage',
    kicker: 'a figure, pseudo code and the tested SQL',
  },
  { id: 'redlock', title: 'Redlock and its critique', kicker: '5 nodes, a clock jump, a GC pause' },
  {
    id: 'consensus',
    title: 'Leases on a consensus store',
    kicker: 'etcd, ZooKeeper',
    short: 'Leases on etcd, ZooKeeper',
  },
  { id: 'postgres-locks', title: 'Locks in Postgres', kicker: 'advisory lock and lease row' },
  {
    id: 'failure-cases',
    title: 'Failure cases',
    kicker: 'what breaks, and what keeps the data right',
  },
  { id: 'scale-ladder', title: 'Scale ladder', kicker: 'start simple; climb only on a signal' },
  { id: 'drill', title: 'Drill', kicker: 'predict, then reveal' },
  { id: 'numbers', title: 'Numbers to say', kicker: 'the explainer’s laptop and this lab' },
];
