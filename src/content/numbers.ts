// Section 15: the figures worth remembering, the explainer's laptop run beside the lab's own.
import type { CaseName } from './numbersFile';

/** The explainer's laptop figures, per benchmark case. */
export const laptopFigures: Record<CaseName, { rate: number; wins?: number } | undefined> = {
  'redis-plain': { rate: 23_000 },
  'redis-token': { rate: 19_000 },
  'redis-hot': { rate: 54_000, wins: 1_700 },
  'pg-advisory': { rate: 36_000 },
  'pg-lease': { rate: 27_000 },
  'etcd-lease': undefined,
};

/**
 * What the lab's fsync setting means for its figures, said under them whenever the lab ran
 * without flushing to disk: the rates measure the lock logic, and the lease row's tokens would
 * not survive a crash of the machine under those settings.
 */
export function fsyncOffNote(postgresOff: boolean, etcdOff: boolean): string {
  const which = [postgresOff && 'Postgres', etcdOff && 'etcd'].filter(Boolean).join(' and ');
  const slower = [postgresOff && 'the lease row', etcdOff && 'etcd'].filter(Boolean).join(' and ');
  return (
    `The lab ran ${which} without fsync, to measure the locks rather than the disk.` +
    (postgresOff ? ' So a machine crash could lose the lease row’s last tokens here.' : '') +
    ` With fsync on, ${slower} would wait for the disk and come in lower` +
    (postgresOff ? '; the advisory lock writes nothing to disk and would be about the same.' : '.')
  );
}

/**
 * Said in the machine note when the lab's run was shorter than its default: a quick check's
 * figures (`--seconds 0.2`) would otherwise read as a proper measurement.
 */
export const shortRunNote = (seconds: number, defaultSeconds: number) =>
  `A short run: ${seconds} s per case, where the lab’s default is ${defaultSeconds} s. Figures from so short a run change a lot from one run to the next; record them again with \`npm run lab:bench\` and no \`--seconds\` before quoting them.`;

/** Said in the machine note when other work was running as the run began (otherWorkLoad). */
export const otherWorkNote = (loadAtStart: number, cpus: number) =>
  `Measured under load: other work was running, with a load average of ${loadAtStart} at the start of the run on ${cpus} CPUs. Every rate from this lab reads low; its ratios to the C tools hold up better, since within each case the lab and the C tool took turns in short stretches and so met about the same load. Record again on a quiet machine before quoting the rates.`;

export const laptopSetting =
  'The laptop figures come from Redis 8 and Postgres 16 on a laptop with 8 cores, 32 clients and 3 s per case, while the laptop ran other work too: read them as orders of magnitude, not exact rates.';

export const caseLabels: Record<CaseName, { short: string; long: string; unit: string }> = {
  'redis-plain': {
    short: 'Redis, plain',
    long: 'Redis: SET NX PX, released by a compare-and-delete script',
    unit: 'pairs/s',
  },
  'redis-token': {
    short: 'Redis, with token',
    long: 'Redis: acquire.lua and release.lua, with a fencing token',
    unit: 'pairs/s',
  },
  'redis-hot': {
    short: 'Redis, hot lock',
    long: 'Redis: every client tries the same lock',
    unit: 'tries/s',
  },
  'pg-advisory': {
    short: 'Postgres advisory',
    long: 'Postgres: pg_try_advisory_xact_lock inside a transaction',
    unit: 'pairs/s',
  },
  'pg-lease': {
    short: 'Postgres lease row',
    long: 'Postgres: lease-take.sql and lease-give-back.sql',
    unit: 'pairs/s',
  },
  'etcd-lease': {
    short: 'etcd lease',
    long: 'etcd: lock and unlock with a lease',
    unit: 'pairs/s',
  },
};

export interface SayItem {
  topic: string;
  text: string;
}

/** The lines to say that no benchmark measures. */
export const fixedSayings: SayItem[] = [
  {
    topic: 'TTL',
    text: 'Above the worst pause or network delay you plan for, yet short enough that a crashed holder does not block everyone for long. Fence regardless: sooner or later a pause outlasts any TTL.',
  },
  { topic: 'Redlock', text: '5 nodes; a majority is 3.' },
];

export const notMeasuredYet =
  'The lab has not measured its own figures yet, so these are the explainer’s laptop figures. Run `npm run lab:bench` to write `recordings/numbers.json`, and this section will show yours beside them.';

// Not "lock and release rate": the hot lock's bar counts tries, most of them refused, and each
// bar names its own unit. Not "on the same work" either: on Redis the C tool's work differs
// (ceilingWork says how, under each figure in the table).
export const numbersChartTitle = 'Each case’s rate a second, beside the C tools';

/**
 * How each case's C tool did its work beside the lab's, in a few words under its figure; the
 * numbers file's ceilingNote gives the method in full. pgbench runs the lab's own SQL files, a
 * pair at a time, as the lab does. redis-benchmark cannot feed one reply into the next command,
 * so it times all its acquires, then all its releases, on other keys, and some of those releases
 * find no lock to delete (src/lab/bench/ceilings/redisBenchmark.ts). On the hot lock its every try
 * finds the lock busy, so none wins and none releases, where the lab's winners release.
 */
export const ceilingWork: Record<CaseName, string> = {
  'redis-plain': 'acquires and releases run apart',
  'redis-token': 'acquires and releases run apart',
  'redis-hot': 'every try busy: none wins or releases',
  'pg-advisory': 'same work',
  'pg-lease': 'same work',
  // No C tool measures etcd (its cell says why); were one added, it would run the same pairs.
  'etcd-lease': 'same work',
};

// The spoken lines, written once and filled with either the laptop's or the lab's figures.
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const sayRedis = (plain: string, token: string) =>
  `${cap(plain)} lock and release pairs a second; ${token} with a fencing token.`;

export const sayHot = (tries: string, wins: string) =>
  `${cap(tries)} tries a second at one lock, and ${wins} of them win.`;

export const sayPostgres = (advisory: string, lease: string) =>
  `${cap(advisory)} advisory lock pairs a second; ${lease} lease row pairs.`;

export const sayEtcd = (pairs: string) =>
  `${cap(pairs)} lease lock and unlock pairs a second, on a one-member etcd.`;

/**
 * Said under the table when the lab measured etcd. "This lab" is otherwise the lean Node client,
 * but the bench has none for etcd (src/lab/bench/cases/etcdLease.ts uses the etcd3 library), and
 * it starts one etcd member: every Raft write there is agreed by that member alone, so the figure
 * is not what a 3- or 5-member cluster, the consensus section's advice, would give.
 */
export const etcdFigureNote =
  'The etcd figure is the exception: the lab has no lean etcd client, so it comes through the etcd3 library (grant a lease, create the key with it, revoke the lease), and from the single etcd member the bench starts. There every write is agreed by that one member alone; a cluster of 3 or 5 waits on each write for a majority of its members to answer over the network, so expect it lower.';
