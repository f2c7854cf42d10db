import { describe, expect, it } from 'vitest';
import { correspondingStep } from './correspondingStep';
import { ReplayCursor } from './cursor';
import { initialBody, lockHolderAt } from './replayState';
import { etcdLeaseTrace, pausedClientTrace } from './fixtures';
import { simulate } from '../../sim/simulate';
import { describeEvent, describeLockNow } from './describe';
import { verdictText } from './verdictWords';
import type { Trace } from '../../sim/trace/schema';

describe('ReplayCursor', () => {
  it('starts before the first event with the initial document and no fence', () => {
    const c = new ReplayCursor(pausedClientTrace(true));
    expect(c.step).toBe(0);
    expect(c.state().document).toEqual({ body: 'v0', fence: null });
    expect(c.state().t).toBe(0);
    expect(c.eventAt(0)).toBeNull();
  });

  it('takes the initial body from params.initialBody when it is a string', () => {
    expect(initialBody(pausedClientTrace(true, { params: { initialBody: 'draft' } }))).toBe(
      'draft',
    );
    expect(initialBody(pausedClientTrace(true, { params: { initialBody: 7 } }))).toBe('v0');
  });

  it('shows the document after each step, fencing on', () => {
    const c = new ReplayCursor(pausedClientTrace(true));
    const docs = Array.from({ length: c.length + 1 }, (_, i) => c.stateAt(i).document);
    expect(docs[6]).toEqual({ body: 'v0', fence: null }); // v2 invoked, not yet stored
    expect(docs[7]).toEqual({ body: 'v2', fence: 34 });
    expect(docs[c.length]).toEqual({ body: 'v2', fence: 34 }); // the stale v1 was rejected
  });

  it('shows the document after each step, fencing off', () => {
    const c = new ReplayCursor(pausedClientTrace(false));
    expect(c.stateAt(7).document).toEqual({ body: 'v2', fence: null });
    expect(c.stateAt(c.length).document).toEqual({ body: 'v1', fence: null });
  });

  it('steps forward and back and clamps at both ends', () => {
    const c = new ReplayCursor(pausedClientTrace(true));
    expect(c.back().step).toBe(0);
    c.forward();
    c.forward();
    expect(c.step).toBe(2);
    expect(c.eventAt(c.step)?.f).toBe('acquire');
    expect(c.back().step).toBe(1);
    expect(c.seek(1000).step).toBe(c.length);
    expect(c.forward().step).toBe(c.length);
    expect(c.seek(-3).step).toBe(0);
    expect(c.seek(Number.NaN).step).toBe(0);
  });

  it('gives the same state by seeking as by stepping, whatever the checkpoint spacing', () => {
    const trace = pausedClientTrace(true);
    const stepped = new ReplayCursor(trace, { checkpointEvery: 1000 });
    for (const every of [1, 2, 3, 5]) {
      const c = new ReplayCursor(trace, { checkpointEvery: every });
      for (let i = c.length; i >= 0; i--) {
        expect(c.seek(i)).toEqual(stepped.stateAt(i));
      }
    }
  });

  it('tracks the lock, its expiry and who believes they hold it', () => {
    const c = new ReplayCursor(pausedClientTrace(true));
    const afterFirst = c.stateAt(2);
    expect(afterFirst.lock).toEqual({ holder: 'client-1', token: 33, expiresAt: 301 });
    expect(lockHolderAt(afterFirst.lock, 300)).toBe('client-1');
    expect(lockHolderAt(afterFirst.lock, 301)).toBeNull();
    expect(c.stateAt(3).paused).toEqual(['client-1']);
    const both = c.stateAt(5);
    expect(both.believers).toEqual({ 'client-1': 33, 'client-2': 34 });
    expect(c.stateAt(8).paused).toEqual([]);
    // The rejection is where client 1 learns it lost the lock.
    expect(c.stateAt(10).believers).toEqual({ 'client-2': 34 });
    expect(c.stateAt(11).stopped).toEqual(['client-1']);
  });

  it('judges the stale write: rejected with fencing on, accepted with fencing off', () => {
    const on = new ReplayCursor(pausedClientTrace(true));
    const i = on.staleWriteIndex();
    expect(i).toBe(9);
    expect(on.verdict(i as number)).toMatchObject({
      actor: 'client-1',
      accepted: false,
      stale: true,
      token: 33,
      fenceBefore: 34,
      bodyBefore: 'v2',
      reason: 'stale-token',
    });
    expect(on.verdict(6)).toMatchObject({ actor: 'client-2', accepted: true, stale: false });
    const off = new ReplayCursor(pausedClientTrace(false));
    expect(off.verdict(off.staleWriteIndex() as number)).toMatchObject({
      accepted: true,
      stale: true,
      bodyBefore: 'v2',
    });
  });

  it.each([
    ['paused-client', 'fencing-off', 'expired'],
    ['delayed-write', 'fencing-off', 'expired'],
    ['redlock-gc-pause', 'default', 'expired'],
    // After the failover the counter repeats: client 2 is given client 1's token.
    ['redis-failover', 'fencing-on', 'token-repeated'],
    // Client 1's own validity still runs; a jumped clock let one node free the key early.
    ['redlock-clock-jump', 'default', 'taken'],
  ] as const)(
    'says how the stale writer of %s (%s) lost the lock: %s',
    (scenario, variant, lost) => {
      const c = new ReplayCursor(simulate({ scenario, variant }));
      const v = c.verdict(c.staleWriteIndex()!)!;
      expect(v).toMatchObject({ actor: 'client-1', accepted: true, holder: 'client-2', lost });
    },
  );

  it('uses params.ttlMs when the acquire does not say, and extends on extend ok', () => {
    const trace: Trace = {
      ...pausedClientTrace(true),
      events: [
        { t: 0, actor: 'client-1', f: 'acquire', type: 'ok', value: { token: 1 } },
        { t: 100, actor: 'client-1', f: 'extend', type: 'invoke', value: { ttlMs: 500 } },
        { t: 101, actor: 'client-1', f: 'extend', type: 'ok' },
        { t: 200, actor: 'client-1', f: 'release', type: 'invoke' },
        { t: 201, actor: 'client-1', f: 'release', type: 'ok' },
      ],
    };
    const c = new ReplayCursor(trace);
    expect(c.stateAt(1).lock.expiresAt).toBe(300);
    expect(c.stateAt(3).lock.expiresAt).toBe(601);
    expect(c.stateAt(4).believers).toEqual({});
    expect(c.stateAt(5).lock.holder).toBeNull();
  });

  it('finds the step for a time', () => {
    const c = new ReplayCursor(pausedClientTrace(true));
    expect(c.stepAtTime(-1)).toBe(0);
    expect(c.stepAtTime(0)).toBe(1);
    expect(c.stepAtTime(321)).toBe(5);
    expect(c.stepAtTime(10_000)).toBe(c.length);
  });

  it('finds the step of the first event at a time, when several share its ms', () => {
    // Client 2 takes the lock and writes in the same ms, as in Redlock's GC pause.
    const base = pausedClientTrace(true);
    const okAt = base.events.findIndex((ev) => ev.actor === 'client-2' && ev.type === 'ok');
    const t = base.events[okAt]!.t;
    const events = base.events.map((ev, i) => (i === okAt + 1 ? { ...ev, t } : ev));
    const c = new ReplayCursor({ ...base, events });
    expect(c.stepOfFirstEventAt(t)).toBe(okAt + 1);
    expect(c.stepAtTime(t)).toBe(okAt + 2);
    expect(c.stepOfFirstEventAt(t - 0.001)).toBe(okAt + 1);
    expect(c.stepOfFirstEventAt(-1)).toBe(1);
    expect(c.stepOfFirstEventAt(10_000)).toBe(c.length);
  });
});

describe('ReplayCursor on locks without a TTL and writes inside a transaction', () => {
  // The advisory-lock story: client 1 writes inside its transaction, is terminated, and its
  // write never lands; client 2 writes and commits.
  const advisory: Trace = {
    ...pausedClientTrace(true),
    scenario: 'advisory-disconnect',
    variant: 'default',
    params: { lock: 'pg-advisory', initialBody: 'v0' },
    events: [
      { t: 0, actor: 'client-1', f: 'acquire', type: 'invoke', value: { ttlMs: 0 } },
      { t: 1, actor: 'client-1', f: 'acquire', type: 'ok', value: { token: null } },
      { t: 10, actor: 'client-1', f: 'write', type: 'invoke', value: { body: 'v1', token: null } },
      {
        t: 13,
        actor: 'client-1',
        f: 'write',
        type: 'ok',
        value: { body: 'v1', token: null, fence: 0, pending: true },
      },
      { t: 200, actor: 'nemesis', f: 'terminate', type: 'invoke', value: { target: 'client-1' } },
      { t: 201, actor: 'nemesis', f: 'terminate', type: 'info', value: { target: 'client-1' } },
      { t: 300, actor: 'client-2', f: 'acquire', type: 'ok', value: { token: null } },
      {
        t: 364,
        actor: 'client-2',
        f: 'write',
        type: 'ok',
        value: { body: 'v2', token: null, fence: 0, pending: true },
      },
      { t: 365, actor: 'client-2', f: 'release', type: 'ok', value: { committed: true } },
    ],
  };

  it('treats a TTL of 0 as no expiry, so the holder is never judged stale', () => {
    const c = new ReplayCursor(advisory);
    expect(c.stateAt(2).lock.expiresAt).toBeNull();
    expect(c.verdict(3)?.stale).toBe(false);
  });

  it('keeps a transaction’s write out of the document until it commits', () => {
    const c = new ReplayCursor(advisory);
    expect(c.stateAt(4).document.body).toBe('v0');
    expect(c.stateAt(4).pending).toEqual({ 'client-1': { body: 'v1', fence: 0 } });
    expect(c.stateAt(5).pending).toEqual({ 'client-1': { body: 'v1', fence: 0 } }); // asked
    expect(c.stateAt(6).pending).toEqual({}); // terminated: rolled back
    expect(c.stateAt(8).document.body).toBe('v0');
    expect(c.stateAt(9).document.body).toBe('v2');
  });

  it('frees a lock that lived in a terminated session, while its client still believes it holds it', () => {
    const c = new ReplayCursor(advisory);
    // Asking Postgres to end the session ends nothing yet.
    expect(c.stateAt(5).lock.holder).toBe('client-1');
    const ended = c.stateAt(6);
    expect(ended.lock).toMatchObject({
      holder: null,
      freed: { by: 'session-end', t: 201, of: 'client-1' },
    });
    // Nobody tells client 1: it still believes it holds the lock, and has not stopped.
    expect(ended.believers).toEqual({ 'client-1': null });
    expect(ended.stopped).toEqual([]);
    expect(describeLockNow(ended)).toMatchObject({
      lock: 'Free: Postgres ended client 1’s session at 201 ms, and the lock with it.',
      believers:
        'Believes it holds the lock: client 1, whose session Postgres ended at 201 ms, taking its lock.',
    });
  });

  it('drops a transaction’s write at a release that did not commit it', () => {
    const rolledBack: Trace = {
      ...advisory,
      events: [
        ...advisory.events.slice(0, 8),
        { t: 365, actor: 'client-2', f: 'release', type: 'ok', value: { committed: false } },
      ],
    };
    const c = new ReplayCursor(rolledBack);
    expect(c.stateAt(9).pending).toEqual({});
    expect(c.stateAt(9).document.body).toBe('v0');
  });

  it('keeps the stored fence across a write that reports none', () => {
    const plainAfterFenced: Trace = {
      ...pausedClientTrace(true),
      events: [
        { t: 0, actor: 'client-1', f: 'acquire', type: 'ok', value: { token: 34 } },
        {
          t: 5,
          actor: 'client-1',
          f: 'write',
          type: 'ok',
          value: { body: 'v2', token: 34, fence: 34 },
        },
        { t: 9, actor: 'client-1', f: 'write', type: 'ok', value: { body: 'v3', token: 34 } },
      ],
    };
    expect(new ReplayCursor(plainAfterFenced).stateAt(3).document).toEqual({
      body: 'v3',
      fence: 34,
    });
  });

  it('says a write lost its lock by expiry when nobody took it since', () => {
    const late: Trace = {
      ...pausedClientTrace(false),
      events: [
        { t: 0, actor: 'client-1', f: 'acquire', type: 'invoke', value: { ttlMs: 300 } },
        { t: 1, actor: 'client-1', f: 'acquire', type: 'ok', value: { token: 33 } },
        { t: 400, actor: 'client-1', f: 'write', type: 'invoke', value: { body: 'v1', token: 33 } },
        { t: 402, actor: 'client-1', f: 'write', type: 'ok', value: { body: 'v1', token: 33 } },
      ],
    };
    expect(new ReplayCursor(late).verdict(3)).toMatchObject({
      stale: true,
      holder: null,
      lost: 'expired',
    });
  });

  it('judges a write by when it was sent, not when the storage answered', () => {
    const slow: Trace = {
      ...pausedClientTrace(true),
      events: [
        { t: 0, actor: 'client-1', f: 'acquire', type: 'ok', value: { token: 5 } },
        { t: 290, actor: 'client-1', f: 'write', type: 'invoke', value: { body: 'a', token: 5 } },
        {
          t: 340,
          actor: 'client-1',
          f: 'write',
          type: 'ok',
          value: { body: 'a', token: 5, fence: 5 },
        },
      ],
    };
    expect(new ReplayCursor(slow).verdict(2)?.stale).toBe(false);
  });
});

describe('correspondingStep: the same moment in the other run', () => {
  const off = pausedClientTrace(false);
  const on = pausedClientTrace(true);

  it('maps the stale write to the stale write, whatever the storage answered', () => {
    const staleOff = new ReplayCursor(off).staleWriteIndex()! + 1;
    const staleOn = new ReplayCursor(on).staleWriteIndex()! + 1;
    expect(correspondingStep(off, staleOff, on)).toBe(staleOn);
    expect(correspondingStep(on, staleOn, off)).toBe(staleOff);
  });

  it('maps every shared step onto itself, and a last event with no counterpart to the end', () => {
    for (let step = 0; step <= 10; step++) expect(correspondingStep(off, step, on)).toBe(step);
    // Client 1 stops only when the storage refused it: the other run's end.
    expect(correspondingStep(on, on.events.length, off)).toBe(off.events.length);
  });

  it('maps a last event with no counterpart to the other run’s end, even when that run goes on', () => {
    const longer: Trace = {
      ...off,
      events: [...off.events, { t: 600, actor: 'client-2', f: 'release', type: 'invoke' }],
    };
    expect(correspondingStep(on, on.events.length, longer)).toBe(longer.events.length);
  });

  it('places an event with no counterpart after the last one that has one, or by time', () => {
    // Client 1's stop only happens with fencing on: in the other run, the moment after the
    // stale write. Here it is the last event, so the end; one more event makes it the middle.
    const longer = {
      ...off,
      events: [
        ...off.events,
        { t: 900, actor: 'client-2', f: 'read' as const, type: 'info' as const },
      ],
    };
    const withStop = {
      ...on,
      events: [
        ...on.events,
        { t: 900, actor: 'client-2', f: 'read' as const, type: 'info' as const },
      ],
    };
    expect(correspondingStep(withStop, 11, longer)).toBe(10);
    // A client's event missing from the other run, far later than the last match: by time.
    const late = {
      ...on,
      events: [
        ...on.events.slice(0, 2),
        { t: 600, actor: 'client-3', f: 'acquire' as const, type: 'invoke' as const },
        ...on.events.slice(2),
      ],
    };
    expect(correspondingStep(late, 3, off)).toBe(off.events.length);
  });

  it.each([
    ['paused-client', 'redis'],
    ['paused-client', 'pg-lease'],
    ['delayed-write', 'redis'],
    ['etcd-lease', 'etcd'],
    ['long-job', 'redis'],
  ] as const)(
    'keeps the stale write of %s on %s when fencing flips, on the engine',
    (scenario, lock) => {
      const a = simulate({ scenario, variant: 'fencing-off', lock });
      const b = simulate({ scenario, variant: 'fencing-on', lock });
      const i = new ReplayCursor(a).staleWriteIndex()!;
      const j = new ReplayCursor(b).staleWriteIndex()!;
      expect(correspondingStep(a, i + 1, b)).toBe(j + 1);
      expect(correspondingStep(b, j + 1, a)).toBe(i + 1);
    },
  );
});

describe('ReplayCursor on a lease the server revokes on its own schedule', () => {
  it('counts a grant as held while the trace shows another client refused, past its TTL', () => {
    const c = new ReplayCursor(etcdLeaseTrace());
    const refused = c.stateAt(5);
    expect(refused.lock).toMatchObject({ holder: 'client-1', expiresAt: 1003.5 });
    expect(refused.lock.seenHeld).toEqual({ t: 1030, by: 'client-2' });
    expect(lockHolderAt(refused.lock, 1020)).toBe('client-1');
    expect(lockHolderAt(refused.lock, 1030)).toBe('client-1'); // the refusal's own moment
    expect(lockHolderAt(refused.lock, 1031)).toBeNull();
    expect(c.stateAt(7).lock).toEqual({ holder: 'client-2', token: 8, expiresAt: 2159.4 });
  });

  it('takes only another client’s refusal as a sign that the grant still stands', () => {
    const own: Trace = {
      ...pausedClientTrace(true),
      events: [
        { t: 0, actor: 'client-1', f: 'acquire', type: 'invoke', value: { ttlMs: 300 } },
        { t: 1, actor: 'client-1', f: 'acquire', type: 'ok', value: { token: 5 } },
        { t: 400, actor: 'client-1', f: 'acquire', type: 'invoke', value: { ttlMs: 300 } },
        { t: 401, actor: 'client-1', f: 'acquire', type: 'fail' },
      ],
    };
    const lock = new ReplayCursor(own).stateAt(4).lock;
    expect(lock.seenHeld).toBeUndefined();
    expect(lockHolderAt(lock, 350)).toBeNull();
  });
});

describe('ReplayCursor, a release that deletes another client’s key', () => {
  const stepAfter = (trace: Trace, f: string, type: string, actor: string) =>
    trace.events.findIndex((e) => e.f === f && e.type === type && e.actor === actor) + 1;

  it('frees the lock when a blind DEL deleted a key, though client 2 still believes it holds it', () => {
    const trace = simulate({ scenario: 'slow-release', variant: 'blind-delete', seed: 1 });
    const c = new ReplayCursor(trace);
    const deleted = stepAfter(trace, 'release', 'ok', 'client-1');
    expect(deleted).toBeGreaterThan(0);
    expect(c.stateAt(deleted - 1).lock.holder).toBe('client-2');
    const after = c.stateAt(deleted);
    expect(after.lock.holder).toBeNull();
    expect(after.lock.freed).toEqual({
      by: 'blind-delete',
      t: trace.events[deleted - 1]!.t,
      of: 'client-2',
      deleter: 'client-1',
    });
    expect(after.believers).toHaveProperty('client-2');
    // "Free" beside a client that believes it holds the lock says why.
    expect(describeLockNow(after).lock).toBe(
      `Free: client 1’s blind DEL at ${Math.round(trace.events[deleted - 1]!.t * 10) / 10} ms deleted client 2’s key.`,
    );
    expect(c.stateAt(stepAfter(trace, 'acquire', 'ok', 'client-3')).lock.holder).toBe('client-3');
  });

  it('frees nothing when a release that checks its token finds another client’s key', () => {
    const trace = simulate({ scenario: 'slow-release', variant: 'token-check', seed: 1 });
    const c = new ReplayCursor(trace);
    const refused = stepAfter(trace, 'release', 'fail', 'client-1');
    expect(refused).toBeGreaterThan(0);
    expect(c.stateAt(refused).lock.holder).toBe('client-2');
  });

  it('frees nothing another client holds when a release that checks its token deletes its own keys', () => {
    // Redlock after the clock jump: client 1 still has its keys on redis-1 and redis-2 while
    // client 2 holds 3 of 5. Its release (which the scenario leaves out) deletes those two.
    const jump = simulate({ scenario: 'redlock-clock-jump', variant: 'default', seed: 1 });
    const t = Math.max(...jump.events.map((e) => e.t)) + 1;
    const trace: Trace = {
      ...jump,
      events: [
        ...jump.events,
        {
          t,
          actor: 'client-1',
          f: 'release',
          type: 'invoke',
          value: { token: null, blind: false },
        },
        { t: t + 1, actor: 'client-1', f: 'release', type: 'ok', value: { released: 2 } },
      ],
    };
    const c = new ReplayCursor(trace);
    expect(c.stateAt(c.length - 2).lock.holder).toBe('client-2');
    expect(c.stateAt(c.length).lock.holder).toBe('client-2');
  });
});

describe('ReplayCursor, a failover to a replica that never had the lock', () => {
  const failover = simulate({ scenario: 'redis-failover', variant: 'fencing-on', seed: 1 });
  const promotedAt = failover.events.findIndex((e) => e.f === 'failover' && e.type === 'info');
  const acquiredAgain = failover.events.findIndex(
    (e) => e.actor === 'client-2' && e.f === 'acquire' && e.type === 'ok',
  );

  it('frees the lock once the replica is promoted, while client 1 still believes it holds it', () => {
    const c = new ReplayCursor(failover);
    // The primary's failing frees nothing yet: the lock goes with the promotion.
    expect(c.stateAt(promotedAt).lock.holder).toBe('client-1');
    const promoted = c.stateAt(promotedAt + 1);
    const t = failover.events[promotedAt]!.t;
    expect(promoted.lock).toMatchObject({
      holder: null,
      freed: { by: 'failover', t, of: 'client-1' },
    });
    expect(Object.keys(promoted.believers)).toEqual(['client-1']);
    expect(describeLockNow(promoted)).toMatchObject({
      lock: `Free: the replica promoted at ${t} ms never had client 1’s key.`,
      believers: `Believes it holds the lock: client 1 (token 33), though the replica promoted at ${t} ms never had its key.`,
    });
    // Client 2 then takes the lock, with the same token; the stale write is still judged so.
    expect(c.stateAt(acquiredAgain + 1).lock).toMatchObject({ holder: 'client-2', token: 33 });
    expect(c.verdict(c.staleWriteIndex()!)?.lost).toBe('token-repeated');
  });

  it('reads the lab’s count of replicas that had the lock, and keeps a lock the replica had', () => {
    const withAcks = (replicasAcked: number): Trace => ({
      ...failover,
      events: failover.events.map((e) =>
        e.f === 'failover' && e.type === 'info'
          ? { ...e, value: { promoted: 'redis-replica', replicasAcked } }
          : e,
      ),
    });
    expect(new ReplayCursor(withAcks(0)).stateAt(promotedAt + 1).lock.holder).toBeNull();
    expect(new ReplayCursor(withAcks(1)).stateAt(promotedAt + 1).lock.holder).toBe('client-1');
  });
});

describe('ReplayCursor, what the run before a step adds to it', () => {
  const indexOf = (trace: Trace, f: string, type: string, actor: string) =>
    trace.events.findIndex((e) => e.f === f && e.type === type && e.actor === actor);

  it('says whose key a blind DEL deleted, and that its owner is not told', () => {
    const trace = simulate({ scenario: 'slow-release', variant: 'blind-delete', seed: 1 });
    const c = new ReplayCursor(trace);
    const i = indexOf(trace, 'release', 'ok', 'client-1');
    const token = c.stateAt(i).lock.token;
    expect(c.note(i)).toEqual({ deletedKeyOf: { actor: 'client-2', token } });
    expect(describeEvent(trace.events[i]!, null, 'redis', c.note(i))).toBe(
      `The DEL deletes the lock key, which held client 2’s token ${token}: client 2’s lock is gone, and client 2 is not told.`,
    );
    // Client 2's own release, which checks its token, is a release and nothing more.
    const own = indexOf(trace, 'release', 'ok', 'client-3');
    if (own >= 0) expect(c.note(own)).toBeNull();
  });

  it('says a grant repeats a token another client was given, and why after a failover', () => {
    const trace = simulate({ scenario: 'redis-failover', variant: 'fencing-on', seed: 1 });
    const c = new ReplayCursor(trace);
    const first = indexOf(trace, 'acquire', 'ok', 'client-1');
    const again = indexOf(trace, 'acquire', 'ok', 'client-2');
    expect(c.note(first)).toBeNull();
    expect(c.note(again)).toEqual({ repeats: { actor: 'client-1', afterFailover: true } });
    const token = trace.events[again]!.value!.token as number;
    expect(describeEvent(trace.events[again]!, null, 'redis-replicated', c.note(again))).toBe(
      `Client 2 gets the lock with token ${token}, the token client 1 was given too: the promoted replica never received the counter’s last increment.`,
    );
    // And at the stale write: with fencing on, it passes because the token equals the fence.
    const stale = c.staleWriteIndex()!;
    expect(describeEvent(trace.events[stale]!, c.verdict(stale), 'redis-replicated')).toMatch(
      new RegExp(
        `^The storage accepts the stale “v1” from client 1, as its token ${token} equals the fence ${token} \\(fence ≤ token passes\\)\\. It overwrites client 2’s “v2”`,
      ),
    );
  });

  it('adds only the pause’s measured length where tokens only grow', () => {
    const trace = simulate({ scenario: 'paused-client', variant: 'fencing-on', seed: 1 });
    const c = new ReplayCursor(trace);
    const pause = trace.events.findIndex((e) => e.f === 'pause');
    const resume = trace.events.findIndex((e) => e.f === 'resume');
    const pausedMs = trace.events[resume]!.t - trace.events[pause]!.t;
    trace.events.forEach((_, i) =>
      expect(c.note(i), String(i)).toEqual(i === resume ? { pausedMs, plannedMs: 500 } : null),
    );
    expect(describeEvent(trace.events[resume]!, null, 'redis', c.note(resume))).toBe(
      `Client 1 resumes after ${Math.round(pausedMs)} ms, still believing it holds the lock.`,
    );
  });
});

describe('a pause on a real server, which runs over', () => {
  it('tells the measured length beside the asked-for one, and only when they differ', async () => {
    // Recorded on real Redis: the pause is a timer, which fired 1.094 ms late.
    const trace = (await import('../../../recordings/long-job.fencing-on.redis.json'))
      .default as unknown as Trace;
    const c = new ReplayCursor(trace);
    const resume = trace.events.findIndex((e) => e.f === 'resume');
    const note = c.note(resume);
    expect(note?.plannedMs).toBe(500);
    expect(Math.round(note!.pausedMs!)).toBe(501);
    expect(describeEvent(trace.events[resume]!, null, 'redis', note)).toBe(
      'Client 1 resumes after 501 ms (it asked for 500 ms; a real timer fires a little late), still believing it holds the lock.',
    );
    // A pause that rounds to what it asked for says nothing more.
    expect(
      describeEvent(trace.events[resume]!, null, 'redis', { pausedMs: 500.4, plannedMs: 500 }),
    ).toBe('Client 1 resumes after 500 ms, still believing it holds the lock.');
  });
});

describe('ReplayCursor, a write the network held', () => {
  const trace = simulate({ scenario: 'delayed-write', variant: 'fencing-off', seed: 1 });
  const sentIndex = trace.events.findIndex(
    (e) => e.f === 'write' && e.type === 'invoke' && e.actor === 'client-1',
  );
  const sent = trace.events[sentIndex]!;

  it('says the packet will be held as it is sent, and that it was sent under a valid lock', () => {
    const heldMs = sent.value!.heldMs as number;
    expect(heldMs).toBeGreaterThan(0);
    expect(describeEvent(sent, null, 'redis')).toBe(
      `Client 1 sends “v1” to the storage with token 33; the network will hold the packet for ${heldMs} ms on its way.`,
    );
    const c = new ReplayCursor(trace);
    const v = c.verdict(c.staleWriteIndex()!)!;
    expect(v.held).toEqual({ sentAt: sent.t, heldMs });
    expect(verdictText(v).body).toContain(
      `whose write, sent at ${Math.round(sent.t * 10) / 10} ms while its lock was valid, was held in the network for ${heldMs} ms and arrived after the lock had expired`,
    );
  });

  it('does not say “sent while its lock was valid” of a write sent after the lock ran out', () => {
    // The same run with client 1's write sent after its own TTL ran out.
    const acquired = trace.events.find(
      (e) => e.f === 'acquire' && e.type === 'ok' && e.actor === 'client-1',
    )!;
    const late: Trace = {
      ...trace,
      events: trace.events.map((e, i) => (i === sentIndex ? { ...e, t: acquired.t + 301 } : e)),
    };
    const c = new ReplayCursor(late);
    const v = c.verdict(c.staleWriteIndex()!)!;
    expect(v.stale).toBe(true);
    expect(v.held).toBeUndefined();
  });
});

describe('ReplayCursor, a Redlock node’s clock step', () => {
  const trace = simulate({ scenario: 'redlock-clock-jump', variant: 'default', seed: 1 });
  const c = new ReplayCursor(trace);
  const jumped = trace.events.findIndex((e) => e.f === 'clock-jump' && e.type !== 'invoke') + 1;
  const granted = trace.events.find(
    (e) => e.f === 'acquire' && e.type === 'ok' && e.actor === 'client-1',
  )!;
  const node = trace.events[jumped - 1]!.value!.node as string;

  it('leaves the holder without a majority where it had its key on the stepped node', () => {
    const nodes = granted.value!.nodes as string[];
    expect(nodes).toContain(node);
    expect(c.stateAt(jumped - 1).lock.nodes).toEqual(nodes);
    const after = c.stateAt(jumped).lock;
    expect(after.nodes).toEqual(nodes.filter((n) => n !== node));
    expect(describeLockNow(c.stateAt(jumped), false, 'redlock').lock).toMatch(
      new RegExp(
        `^No majority: client 1’s key is left on only 2 of 5 nodes \\(.+\\), since the clock jump on ${node} at`,
      ),
    );
  });

  it('says nothing of it where the holder had no key on that node', () => {
    const elsewhere: Trace = {
      ...trace,
      events: trace.events.map((e) =>
        e === granted
          ? { ...e, value: { ...e.value, nodes: ['redis-1', 'redis-2', 'redis-4'] } }
          : e,
      ),
    };
    const lock = new ReplayCursor(elsewhere).stateAt(jumped).lock;
    expect(lock.nodes).toHaveLength(3);
    expect(
      describeLockNow(new ReplayCursor(elsewhere).stateAt(jumped), false, 'redlock').lock,
    ).toMatch(/^Held by client 1/);
  });
});
