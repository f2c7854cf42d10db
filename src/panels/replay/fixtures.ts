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
