// What each server setting in a recording's environment means, in one plain sentence, for "How
// this run was recorded". The lab writes these keys (src/lab/servers: postgres.ts, redis.ts,
// redisNodes.ts, redisReplication.ts, redisCluster.ts, shimmedPostgres.ts, etcd.ts); each sentence
// is built from the value the recording holds, so a recording made with other settings reads
// differently, and a value the page does not know keeps its bare `key = value` line.
import {
  ETCD_DEFAULT_ELECTION_TIMEOUT_MS,
  ETCD_DEFAULT_HEARTBEAT_MS,
  ETCD_DEFAULT_MIN_LEASE_S,
  etcdMinLeaseS,
} from '../../sim/models/etcdTimings';
import type { Trace } from '../../sim/trace/schema';
import { lockOfTrace } from './recordings';

type Settings = Readonly<Record<string, string>>;

interface Context {
  settings: Settings;
  /** The TTL the run asked for, where its scenario has one. */
  ttlMs: number | null;
  /** The lock the run used: `redlock`, `redis`, `pg-lease`, … */
  lock: string;
}

type Words = (value: string, ctx: Context) => string | null;

const SMALL = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

function count(n: number): string {
  return SMALL[n] ?? String(n);
}

function capitalized(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A whole number written as digits only, else null: a setting the lab wrote as text. */
function whole(value: string): number | null {
  return /^\d+$/.test(value) ? Number(value) : null;
}

const CRASH_FREE = 'and no run here has one';

const WORDS: Record<string, Words> = {
  'postgres.fsync': (v) =>
    v === 'off'
      ? `Postgres does not force its writes to disk: only an OS or machine crash could lose them, ${CRASH_FREE}.`
      : v === 'on'
        ? 'Postgres forces each commit to disk before it answers.'
        : null,
  'postgres.synchronous_commit': (v) =>
    v === 'on'
      ? 'A commit answers once its log record is written: a write the storage accepted is committed.'
      : v === 'off'
        ? 'A commit may answer before its log record is written; a crash could undo the last few.'
        : null,
  'postgres.full_page_writes': (v) =>
    v === 'on'
      ? 'The default: the log guards against half-written pages in an OS crash. No part in these runs.'
      : v === 'off'
        ? 'The log does not guard against half-written pages in an OS crash. No part in these runs.'
        : null,
  'postgres.max_connections': (v) => {
    const n = whole(v);
    return n === null
      ? null
      : `Room for ${n} sessions (the default is 100), for the lab’s benchmark and tests; a run opens a few.`;
  },
  'postgres.shared_buffers': (v) => {
    // pg_settings gives it in pages of 8 kB.
    const pages = whole(v);
    if (pages === null) return null;
    const mb = (pages * 8) / 1024;
    return `Postgres’s cache: ${mb} MB in pages of 8 kB${mb === 128 ? ', the usual default' : ''}.`;
  },
  'postgres.persistence': (v) =>
    v === 'WAL without fsync'
      ? 'In short: changes go to the write-ahead log, not forced to disk.'
      : v === 'WAL with fsync'
        ? 'In short: changes go to the write-ahead log, forced to disk at each commit.'
        : null,
  'postgres.clock': (v) =>
    v.startsWith('LD_PRELOAD shim')
      ? 'A small library loaded into Postgres lets the lab set its wall clock, and so now(), which judges the lease row. The machine’s own clock stays true.'
      : null,

  'redis.save': (v) => (v === '""' ? 'No snapshots to disk.' : null),
  'redis.appendonly': (v, { settings }) =>
    v === 'no'
      ? `No append-only log of writes${settings['redis.save'] === '""' ? ' either' : ''}.`
      : v === 'yes'
        ? 'Every write is also appended to a log on disk.'
        : null,
  'redis.persistence': (v, { lock }) =>
    v !== 'none'
      ? null
      : lock === 'redlock'
        ? 'So keys live only in memory: a node that restarted would forget the lock, and a second majority could form. No run here restarts one.'
        : 'So keys live only in memory: a Redis that restarted would come back without the lock and its token counter. No run here restarts one.',
  'redis.nodes': (v) => {
    const n = whole(/^(\d+) independent$/.exec(v)?.[1] ?? '');
    if (n === null || n < 1) return null;
    if (n === 1)
      return 'One Redis, started like Redlock’s nodes so that the lab can move its clock.';
    return `${capitalized(count(n))} Redis servers that never talk to each other: Redlock asks each one and needs ${count(Math.floor(n / 2) + 1)} of the ${count(n)}.`;
  },
  'redis.clock': (v) =>
    v === 'real'
      ? 'Every node keeps the machine’s own clock: nothing moves it in this run.'
      : v.startsWith('LD_PRELOAD shim')
        ? 'A small library loaded into Redis lets the lab set its wall clock ahead, behind or drifting, and Redis expires keys by that clock. The machine’s own clock stays true.'
        : null,
  'redis.replication': (v) =>
    v === 'asynchronous, one replica'
      ? 'The primary answers a write before its one replica has it, so a failover can lose the lock and the token counter’s last increments.'
      : null,
  'redis.cluster': (v) => {
    const n = whole(/^(\d+) masters, no replicas$/.exec(v)?.[1] ?? '');
    return n === null
      ? null
      : `${capitalized(count(n))} primaries share the 16,384 hash slots, and one script may only touch keys of one slot.`;
  },

  'etcd.members': (v) => {
    const n = whole(v);
    if (n === null || n < 1) return null;
    return n === 1
      ? 'One etcd server, its own leader: it alone grants and ends leases.'
      : `${capitalized(count(n))} etcd servers: a lease change holds once a majority of them has it.`;
  },
  'etcd.heartbeat-interval': (v) => {
    const n = whole(v);
    return n === null
      ? null
      : `The leader’s heartbeat, every ${n} ms (the default is ${ETCD_DEFAULT_HEARTBEAT_MS}).`;
  },
  'etcd.election-timeout': (v, { settings, ttlMs }) => {
    const electionMs = whole(v);
    if (electionMs === null) return null;
    const first = `An election after ${electionMs} ms without a heartbeat (the default is ${ETCD_DEFAULT_ELECTION_TIMEOUT_MS}).`;
    const heartbeatMs = whole(settings['etcd.heartbeat-interval'] ?? '');
    if (heartbeatMs === null || heartbeatMs === 0) return first;
    const minS = etcdMinLeaseS(heartbeatMs, electionMs);
    const granted = ttlMs === null ? null : Math.max(minS, Math.ceil(ttlMs / 1000));
    const ttl =
      granted === null
        ? ''
        : granted * 1000 === ttlMs
          ? `, so this run’s ${ttlMs} ms TTL is granted as asked`
          : `, so this run’s ${ttlMs} ms TTL becomes ${granted} s`;
    return `${first} It also sets etcd’s shortest lease: ${minS} s here, ${ETCD_DEFAULT_MIN_LEASE_S} s with the defaults${ttl}.`;
  },
  'etcd.fsync': (v) =>
    v.startsWith('off')
      ? `etcd does not force its log to disk: only a machine crash could lose recent writes, ${CRASH_FREE}.`
      : null,
};

/** One plain sentence on what a recorded setting does in this run, or null for one the page does not know. */
export function settingWords(key: string, value: string, trace: Trace): string | null {
  const settings = trace.environment?.settings ?? {};
  const ttl = trace.params.ttlMs;
  const ttlMs = typeof ttl === 'number' && Number.isFinite(ttl) ? ttl : null;
  return WORDS[key]?.(value, { settings, ttlMs, lock: lockOfTrace(trace) }) ?? null;
}
