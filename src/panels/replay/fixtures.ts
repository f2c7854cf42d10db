// Hand-written traces for the tests, shaped like the engine's paused-client run. Tests use these
// rather than the engine so that a change in the engine's timing cannot hide a replay bug.
import type { Trace, TraceEvent } from '../../sim/trace/schema';

function pausedClientEvents(fencing: boolean): TraceEvent[] {
  const fence = (token: number) => (fencing ? token : null);
  const events: TraceEvent[] = [
    { t: 0, actor: 'client-1', f: 'acquire', type: 'invoke', value: { ttlMs: 300 } },
    { t: 1, actor: 'client-1', f: 'acquire', type: 'ok', value: { token: 33 } },
    { t: 10, actor: 'client-1', f: 'pause', type: 'info', value: { pauseMs: 500, cause: 'gc' } },
    { t: 320, actor: 'client-2', f: 'acquire', type: 'invoke', value: { ttlMs: 300 } },
    { t: 321, actor: 'client-2', f: 'acquire', type: 'ok', value: { token: 34 } },
    { t: 322, actor: 'client-2', f: 'write', type: 'invoke', value: { body: 'v2', token: 34 } },
    {
      t: 324,
      actor: 'client-2',
      f: 'write',
      type: 'ok',
      value: { body: 'v2', token: 34, fence: fence(34) },
    },
    { t: 510, actor: 'client-1', f: 'resume', type: 'info' },
    { t: 511, actor: 'client-1', f: 'write', type: 'invoke', value: { body: 'v1', token: 33 } },
  ];
  if (fencing) {
    events.push(
      {
        t: 513,
        actor: 'client-1',
        f: 'write',
        type: 'fail',
        value: { body: 'v1', token: 33, reason: 'stale-token' },
      },
      { t: 514, actor: 'client-1', f: 'stop', type: 'info', note: 'the storage rejected token 33' },
    );
  } else {
    events.push({
      t: 513,
      actor: 'client-1',
      f: 'write',
      type: 'ok',
      value: { body: 'v1', token: 33, fence: null },
    });
  }
  return events;
}

export function pausedClientTrace(fencing: boolean, extra: Partial<Trace> = {}): Trace {
  const events = pausedClientEvents(fencing);
  return {
    format: 'fencing-lab/trace',
    version: 1,
    scenario: 'paused-client',
    variant: fencing ? 'fencing-on' : 'fencing-off',
    backend: 'sim',
    seed: 1,
    params: { ttlMs: 300, pauseMs: 500 },
    events,
    outcome: {
      tokens: { 'client-1': [33], 'client-2': [34] },
      accepted: fencing
        ? [{ actor: 'client-2', token: 34, body: 'v2', t: 324 }]
        : [
            { actor: 'client-2', token: 34, body: 'v2', t: 324 },
            { actor: 'client-1', token: 33, body: 'v1', t: 513 },
          ],
      rejected: fencing ? [{ actor: 'client-1', token: 33, body: 'v1', t: 513 }] : [],
      document: fencing ? { body: 'v2', fence: 34 } : { body: 'v1', fence: null },
      holdersOverlap: true,
      verdict: fencing ? 'stale-write-rejected' : 'stale-write-accepted',
    },
    ...extra,
  };
}

/**
 * The etcd recording's story (recordings/etcd-lease.fencing-on.etcd.json, times rounded): client
 * 1's lease TTL runs out at 1003.5 ms, yet client 2 is refused at 1030 ms because etcd had not yet
 * revoked the lease; client 2 gets it at 1159.4 ms, writes, and never releases.
 */
export function etcdLeaseTrace(): Trace {
  const events: TraceEvent[] = [
    { t: 0, actor: 'client-1', f: 'acquire', type: 'invoke', value: { ttlMs: 1000 } },
    {
      t: 3.5,
      actor: 'client-1',
      f: 'acquire',
      type: 'ok',
      value: { token: 6, leaseTtlMs: 1000, leaseId: '1' },
    },
    { t: 10.9, actor: 'client-1', f: 'pause', type: 'info', value: { pauseMs: 2500 } },
    { t: 1020.7, actor: 'client-2', f: 'acquire', type: 'invoke', value: { ttlMs: 1000 } },
    {
      t: 1030,
      actor: 'client-2',
      f: 'acquire',
      type: 'fail',
      value: { reason: 'busy' },
      note: 'the key exists',
    },
    { t: 1154.6, actor: 'client-2', f: 'acquire', type: 'invoke', value: { ttlMs: 1000 } },
    {
      t: 1159.4,
      actor: 'client-2',
      f: 'acquire',
      type: 'ok',
      value: { token: 8, leaseTtlMs: 1000, leaseId: '2' },
    },
    { t: 1159.4, actor: 'client-2', f: 'write', type: 'invoke', value: { body: 'v2', token: 8 } },
    {
      t: 1162,
      actor: 'client-2',
      f: 'write',
      type: 'ok',
      value: { body: 'v2', token: 8, fence: 8 },
    },
    { t: 2511, actor: 'client-1', f: 'resume', type: 'info' },
    { t: 2511, actor: 'client-1', f: 'write', type: 'invoke', value: { body: 'v1', token: 6 } },
    {
      t: 2515.3,
      actor: 'client-1',
      f: 'write',
      type: 'fail',
      value: { body: 'v1', token: 6, fence: 8, reason: 'stale-token' },
    },
    {
      t: 2515.3,
      actor: 'client-1',
      f: 'stop',
      type: 'info',
      note: 'the storage rejected its token',
    },
  ];
  return {
    ...pausedClientTrace(true),
    scenario: 'etcd-lease',
    backend: 'etcd+postgres',
    params: { lock: 'etcd', ttlMs: 1000, pauseMs: 2500, initialBody: 'v0' },
    events,
  };
}

/**
 * Redis's clock stepped back 500 ms while client 1, which took the lock with a 1000 ms TTL, pauses
 * for 1700 ms: its key lives 500 ms longer by that clock, to 1501 ms, then runs out, and its late
 * write goes through with nobody else holding the lock. The engine's run of the lab's contention
 * script with this step (`clockJumps: [{ atMs: 200, byMs: -500 }]`), as the lab's random runs draw it.
 */
export const clockStepBackTrace: Trace = {
  format: 'fencing-lab/trace',
  version: 1,
  scenario: 'contention',
  variant: 'fencing-on',
  backend: 'sim',
  seed: 1,
  params: { lock: 'redis', initialBody: 'v0' },
  events: [
    { t: 0, actor: 'client-1', f: 'acquire', type: 'invoke', value: { ttlMs: 1000 } },
    { t: 1, actor: 'client-1', f: 'acquire', type: 'ok', value: { token: 33 } },
    { t: 1, actor: 'client-1', f: 'pause', type: 'info', value: { pauseMs: 1700, cause: 'gc' } },
    {
      t: 200,
      actor: 'nemesis',
      f: 'clock-jump',
      type: 'invoke',
      value: { node: 'redis', byMs: -500 },
    },
    {
      t: 200,
      actor: 'nemesis',
      f: 'clock-jump',
      type: 'info',
      value: { node: 'redis', byMs: -500 },
    },
    { t: 1701, actor: 'client-1', f: 'resume', type: 'info' },
    { t: 1701, actor: 'client-1', f: 'write', type: 'invoke', value: { body: 'v1', token: 33 } },
    {
      t: 1702,
      actor: 'client-1',
      f: 'write',
      type: 'ok',
      value: { body: 'v1', token: 33, fence: 33, seq: 1 },
    },
    {
      t: 1702,
      actor: 'client-1',
      f: 'release',
      type: 'invoke',
      value: { token: 33, blind: false },
    },
    { t: 1703, actor: 'client-1', f: 'release', type: 'fail', value: { released: 0 } },
  ],
  outcome: {
    tokens: { 'client-1': [33] },
    accepted: [{ actor: 'client-1', token: 33, body: 'v1', t: 1702 }],
    rejected: [],
    document: { body: 'v1', fence: 33 },
    holdersOverlap: false,
    verdict: 'safe',
  },
};
