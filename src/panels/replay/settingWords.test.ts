import { beforeAll, describe, expect, it } from 'vitest';
import { etcdMinLeaseS } from '../../sim/models/etcdTimings';
import { settingWords } from './settingWords';
import { pausedClientTrace } from './fixtures';
import { recordingSet, runsReady } from './runs';
import type { Trace } from '../../sim/trace/schema';

function recorded(settings: Record<string, string>, params: Partial<Trace['params']> = {}): Trace {
  const t = pausedClientTrace(true, { backend: 'redis+postgres', environment: { settings } });
  return { ...t, params: { ...t.params, ...params } as Trace['params'] };
}

describe('settingWords', () => {
  beforeAll(() => runsReady);

  it('gives every setting in every committed recording a sentence', () => {
    const bare: string[] = [];
    for (const { file, trace } of recordingSet().recordings) {
      for (const [key, value] of Object.entries(trace.environment?.settings ?? {}))
        if (!settingWords(key, value, trace)) bare.push(`${file}: ${key} = ${value}`);
    }
    expect(bare).toEqual([]);
  });

  it('says what fsync off risks, and that no run here runs that risk', () => {
    const t = recorded({ 'postgres.fsync': 'off', 'etcd.fsync': 'off (--unsafe-no-fsync)' });
    expect(settingWords('postgres.fsync', 'off', t)).toBe(
      'Postgres does not force its writes to disk: only an OS or machine crash could lose them, and no run here has one.',
    );
    expect(settingWords('etcd.fsync', 'off (--unsafe-no-fsync)', t)).toMatch(
      /^etcd does not force its log to disk: only a machine crash could lose recent writes/,
    );
    expect(settingWords('postgres.fsync', 'on', t)).toBe(
      'Postgres forces each commit to disk before it answers.',
    );
  });

  it('reads numbers from the value: pages as MB, node counts as a majority', () => {
    const t = recorded({});
    expect(settingWords('postgres.shared_buffers', '16384', t)).toBe(
      'Postgres’s cache: 128 MB in pages of 8 kB, the usual default.',
    );
    expect(settingWords('postgres.shared_buffers', '32768', t)).toBe(
      'Postgres’s cache: 256 MB in pages of 8 kB.',
    );
    expect(settingWords('redis.nodes', '5 independent', t)).toBe(
      'Five Redis servers that never talk to each other: Redlock asks each one and needs three of the five.',
    );
    expect(settingWords('redis.cluster', '3 masters, no replicas', t)).toMatch(
      /^Three primaries share the 16,384 hash slots/,
    );
  });

  it('works out etcd’s shortest lease from the heartbeat and the election timeout', () => {
    // etcd's own defaults give 2 s; the lab's 50 ms and 500 ms give 1 s.
    expect(etcdMinLeaseS(100, 1000)).toBe(2);
    expect(etcdMinLeaseS(50, 500)).toBe(1);
    const settings = { 'etcd.heartbeat-interval': '50', 'etcd.election-timeout': '500' };
    expect(settingWords('etcd.election-timeout', '500', recorded(settings, { ttlMs: 1000 }))).toBe(
      'An election after 500 ms without a heartbeat (the default is 1000). It also sets etcd’s shortest lease: 1 s here, 2 s with the defaults, so this run’s 1000 ms TTL is granted as asked.',
    );
    expect(
      settingWords('etcd.election-timeout', '500', recorded(settings, { ttlMs: 300 })),
    ).toMatch(/so this run’s 300 ms TTL becomes 1 s\.$/);
  });

  it('says what a restart would lose on the lock the run used', () => {
    const redlock = recorded({}, { lock: 'redlock' });
    expect(settingWords('redis.persistence', 'none', redlock)).toMatch(
      /a node that restarted would forget the lock, and a second majority could form/,
    );
    expect(settingWords('redis.persistence', 'none', recorded({}))).toMatch(
      /without the lock and its token counter/,
    );
  });

  it('leaves a key or a value it does not know without words', () => {
    const t = recorded({});
    expect(settingWords('redis.maxmemory', '0', t)).toBeNull();
    expect(settingWords('postgres.fsync', 'maybe', t)).toBeNull();
    expect(settingWords('redis.persistence', 'unknown (CONFIG unavailable)', t)).toBeNull();
  });
});
