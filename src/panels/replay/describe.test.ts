import { describe, expect, it } from 'vitest';
import { actorName } from '../../content/actorWords';
import {
  describeEvent,
  describeLockNow,
  describeSource,
  describeUnrecordedSource,
  lockLabel,
} from './describe';
import { ReplayCursor } from './cursor';
import { etcdLeaseTrace, pausedClientTrace } from './fixtures';
import { verdictText } from './verdictWords';
import { simulate } from '../../sim/simulate';
import type { Trace, TraceEvent } from '../../sim/trace/schema';

describe('describe', () => {
  it('names actors and locks in words', () => {
    expect(actorName('client-2')).toBe('client 2');
    expect(actorName('nemesis')).toBe('the fault injector');
    expect(lockLabel('redis')).toBe('Redis + Postgres storage');
    expect(lockLabel('pg-lease')).toBe('Postgres lease row');
    expect(lockLabel('something-new')).toBe('something-new');
  });

  it('says what a CROSSSLOT refusal means, not only its error name', () => {
    const refused = {
      t: 2.5,
      actor: 'client-1',
      f: 'acquire',
      type: 'fail',
      value: { reason: 'CROSSSLOT' },
    } as Trace['events'][number];
    expect(describeEvent(refused)).toBe(
      'Client 1 is refused: CROSSSLOT (the keys its script touches hash to different cluster slots).',
    );
  });

  it('names a recording by its servers and date, and a live run by its seed', () => {
    const recorded = pausedClientTrace(true, {
      backend: 'redis+postgres',
      environment: { redis: '7.0.15', postgres: '15.18', recordedAt: '2026-11-30T10:00:00Z' },
    });
    expect(describeSource(recorded)).toBe(
      'recorded on Redis 7.0.15 and Postgres 15.18, 2026-11-30',
    );
    expect(describeSource(pausedClientTrace(true))).toBe(
      'simulated in your browser, with a fixed seed (1)',
    );
    expect(describeSource(pausedClientTrace(true, { backend: 'etcd+postgres' }))).toBe(
      'recorded on etcd+postgres',
    );
  });

  it('says why a run with no recording is simulated, and what its fixed seed is for', () => {
    expect(describeUnrecordedSource(pausedClientTrace(true))).toBe(
      'No recording of this run is in this build, so the page’s own simulator runs it in your browser. Its random delays come from a fixed seed (1), so the same choice always shows the same run.',
    );
    expect(describeUnrecordedSource(pausedClientTrace(true, { seed: undefined }))).toBe(
      'No recording of this run is in this build, so the page’s own simulator runs it in your browser.',
    );
  });

  it('tells the stale write apart: rejected with fencing on, accepted and corrupting with it off', () => {
    const on = new ReplayCursor(pausedClientTrace(true));
    const i = on.staleWriteIndex() as number;
    expect(describeEvent(on.trace.events[i]!, on.verdict(i))).toBe(
      'The storage rejects “v1”: token 33 is lower than the fence 34. Client 1 learns it lost the lock.',
    );
    // A write with no token fails the fence check for that alone, whatever has written before.
    const noToken = {
      ...on.trace.events[i]!,
      value: { body: 'v1', token: null, reason: 'stale-token' },
    };
    expect(describeEvent(noToken, on.verdict(i))).toBe(
      'The storage rejects “v1”: the write carries no token. Client 1 learns it lost the lock.',
    );
    const off = new ReplayCursor(pausedClientTrace(false));
    const j = off.staleWriteIndex() as number;
    expect(describeEvent(off.trace.events[j]!, off.verdict(j))).toMatch(
      /accepts the stale “v1” from client 1: it overwrites client 2’s “v2”, and that update is lost\./,
    );
  });

  it('says a 0 ms clock jump or pause changes nothing, as a reader’s slider can set them', () => {
    const jump = (type: 'invoke' | 'info') =>
      describeEvent(
        { t: 100, actor: 'nemesis', f: 'clock-jump', type, value: { node: 'redis-3', byMs: 0 } },
        null,
        'redlock',
      );
    expect(jump('invoke')).toBe('The clock on redis-3 is stepped 0 ms forward: it does not move.');
    expect(jump('info')).toBe(
      'The clock on redis-3 reads as before, so no key on it expires early.',
    );
    const pause = describeEvent({
      t: 60,
      actor: 'client-1',
      f: 'pause',
      type: 'info',
      value: { pauseMs: 0, cause: 'a stop-the-world GC pause' },
    });
    expect(pause).toBe(
      'Client 1 pauses for 0 ms (a stop-the-world GC pause): no time passes, and it goes straight on.',
    );
  });

  it('says a late write that replaced no later holder’s write lost nothing', () => {
    // Client 1 wakes past its TTL, but before client 2 is granted the lock: its late "v1"
    // replaces the starting "v0", and client 2's "v2" lands after it.
    const trace = simulate({
      scenario: 'paused-client',
      variant: 'fencing-off',
      lock: 'redis',
      seed: 1,
      params: { ttlMs: 300, pauseMs: 300 },
    });
    const cursor = new ReplayCursor(trace);
    const i = cursor.staleWriteIndex() as number;
    const ev = trace.events[i]!;
    expect([ev.actor, ev.type, cursor.verdict(i)?.bodyBefore]).toEqual(['client-1', 'ok', 'v0']);
    expect(trace.outcome.document.body).toBe('v2');
    expect(describeEvent(ev, cursor.verdict(i))).toBe(
      'The storage accepts the late “v1” from client 1 in place of “v0”: no other client has written yet, and this storage checks no tokens. Nothing is lost only because the clients here write without reading: a holder that had read the document before this write landed, and built its own from what it read, would lose this update without anyone seeing it, unless its read was fenced.',
    );
  });

  it('describes every event of the paused client', () => {
    const trace = pausedClientTrace(true);
    const lines = trace.events.map((e) => describeEvent(e));
    expect(lines[0]).toBe('Client 1 asks for the lock with a 300 ms TTL.');
    expect(lines[1]).toBe('Client 1 gets the lock with token 33.');
    expect(lines[2]).toMatch(/pauses for 500 ms \(gc\)/);
    expect(lines[6]).toBe('The storage accepts “v2”; the fence is now 34.');
    expect(lines[10]).toBe('Client 1 stops: the storage rejected token 33.');
  });

  it('describes Redlock grants and clock jumps', () => {
    expect(
      describeEvent({
        t: 5,
        actor: 'client-2',
        f: 'acquire',
        type: 'ok',
        value: { token: null, nodes: ['C', 'D', 'E'], validityMs: 280 },
      }),
    ).toBe(
      'Client 2 gets the key on 3 of 5 nodes (C, D, E) and believes it holds the lock for its validity, 280 ms: the TTL less the time the acquire took and an allowance for clock drift.',
    );
    expect(
      describeEvent({
        t: 5,
        actor: 'nemesis',
        f: 'clock-jump',
        type: 'invoke',
        value: { node: 'C', byMs: 200 },
      }),
    ).toBe('The fault injector asks to step the clock on C 200 ms forward.');
  });
});

describe('describe on Postgres advisory locks', () => {
  it('gives the advisory lock no TTL, where its acquire carries 0', () => {
    expect(
      describeEvent({ t: 0, actor: 'client-1', f: 'acquire', type: 'invoke', value: { ttlMs: 0 } }),
    ).toBe('Client 1 asks for the lock.');
  });

  it('tells a write held in a transaction, a commit and a rolled-back release', () => {
    expect(
      describeEvent({
        t: 1,
        actor: 'client-2',
        f: 'write',
        type: 'ok',
        value: { body: 'v2', token: null, fence: 0, pending: true },
      }),
    ).toBe('The storage holds “v2” in client 2’s open transaction; it lands only on commit.');
    expect(
      describeEvent({
        t: 2,
        actor: 'client-2',
        f: 'release',
        type: 'ok',
        value: { committed: true },
      }),
    ).toBe('Client 2 commits: its writes land and its lock ends with the transaction.');
    const terminated = {
      t: 3,
      actor: 'client-1',
      f: 'release',
      type: 'fail',
      value: { committed: false, reason: 'terminated' },
      note: 'the connection was terminated',
    } as const;
    expect(describeEvent(terminated)).toBe(
      'Client 1’s release fails: the connection was terminated.',
    );
    // On the advisory lock the invoke asked to commit, so its failure is the commit's.
    expect(describeEvent(terminated, null, 'pg-advisory')).toBe(
      'Client 1’s commit fails: the connection was terminated.',
    );
    const notReleased = {
      t: 3,
      actor: 'client-1',
      f: 'release',
      type: 'fail',
      value: { released: 0 },
    } as const;
    expect(describeEvent(notReleased, null, 'redis')).toBe(
      'The release deletes nothing: the key holds another token.',
    );
  });

  it('says a terminate is asked for before it is done, and what its effect ends', () => {
    const terminate = (type: 'invoke' | 'info', note?: string) =>
      ({
        t: 200,
        actor: 'nemesis',
        f: 'terminate',
        type,
        value: { target: 'client-1' },
        ...(note ? { note } : {}),
      }) as const;
    // At the request the lock card still shows the lock held: the caption must not say it ended.
    expect(describeEvent(terminate('invoke'), null, 'pg-advisory')).toBe(
      'The fault injector asks Postgres to end client 1’s session.',
    );
    expect(describeEvent(terminate('info'), null, 'pg-advisory')).toBe(
      'Client 1’s session is gone: its transaction rolls back and its advisory lock ends.',
    );
    // A lease row outlives the session: only the advisory lock ends with it.
    expect(describeEvent(terminate('info'), null, 'pg-lease')).toBe(
      'Client 1’s session is gone: its transaction rolls back.',
    );
    expect(
      describeEvent(
        terminate('info', 'pg_terminate_backend(12688): its transaction rolls back'),
        null,
        'pg-advisory',
      ),
    ).toBe('Client 1’s session is gone (pg_terminate_backend(12688): its transaction rolls back).');
  });
});

describe('describe, in words for each lock', () => {
  const notReleased = {
    t: 3,
    actor: 'client-1',
    f: 'release',
    type: 'fail',
    value: { released: 0 },
    note: 'the lease has a newer fence',
  } as const;

  it('says what a release that changed nothing did, per lock kind', () => {
    expect(describeEvent(notReleased, null, 'pg-lease')).toBe(
      'The release changes nothing: its UPDATE matches no row, as the lease row now holds a newer fence.',
    );
    expect(describeEvent(notReleased, null, 'etcd')).toBe(
      'The release deletes nothing: the lock key now has another revision.',
    );
    for (const lock of ['redis', 'redis-replicated', 'redis-cluster', 'redlock'])
      expect(describeEvent(notReleased, null, lock)).toMatch(/the key holds another token/);
    expect(describeEvent(notReleased)).toBe(
      'The release changes nothing: the lock is no longer client 1’s.',
    );
  });

  it('tells a blind DEL from a release that checks its token', () => {
    const invoke = { t: 1, actor: 'client-1', f: 'release', type: 'invoke' } as const;
    expect(describeEvent({ ...invoke, value: { token: 33, blind: true } })).toBe(
      'Client 1 sends a plain DEL for the lock key, without checking its token 33.',
    );
    expect(describeEvent({ ...invoke, value: { token: 33, blind: false } })).toBe(
      'Client 1 asks to release the lock with token 33.',
    );
    // A transaction-level advisory lock ends with its transaction: the "release" is the commit.
    expect(
      describeEvent({ ...invoke, value: { token: null, blind: false } }, null, 'pg-advisory'),
    ).toBe('Client 1 asks to commit its transaction, which would end its lock.');
  });

  it('names clients in words inside the notes a recording carries', () => {
    expect(
      describeEvent({
        t: 223,
        actor: 'nemesis',
        f: 'failover',
        type: 'info',
        value: { promoted: 'redis-replica', replicasAcked: 0 },
        note: "before it has received the lock (WAIT 1 100, sent after client-1's acquire to wait up to 100 ms for one replica’s copy, found none)",
      }),
    ).toBe(
      'The replica is promoted before it has received the lock (WAIT 1 100, sent after client 1’s acquire to wait up to 100 ms for one replica’s copy, found none).',
    );
    expect(
      describeEvent({
        t: 1,
        actor: 'client-2',
        f: 'stop',
        type: 'info',
        note: 'client-1 and nemesis',
      }),
    ).toBe('Client 2 stops: client 1 and the fault injector.');
  });
});

describe('describeLockNow', () => {
  it('explains a client that finished without releasing, beside a lock that is free', () => {
    const trace = pausedClientTrace(true);
    trace.events = [
      { t: 0, actor: 'client-1', f: 'acquire', type: 'invoke', value: { ttlMs: 300 } },
      { t: 1, actor: 'client-1', f: 'acquire', type: 'ok', value: { token: 33 } },
      { t: 20, actor: 'client-1', f: 'write', type: 'ok', value: { body: 'v1', fence: 33 } },
      { t: 400, actor: 'client-2', f: 'read', type: 'info' },
    ];
    const c = new ReplayCursor(trace);
    expect(describeLockNow(c.stateAt(4), c.serverRevokes)).toEqual({
      lock: 'Free: client 1’s lock expired at 301 ms.',
      believers:
        'Believes it holds the lock: client 1 (token 33), whose TTL ran out at 301 ms, after its last step at 20 ms, without a release.',
      twoBelievers: false,
    });
  });

  it('on Redlock, says a paused client’s validity ran out, not the TTL it asked the nodes for', () => {
    const trace = simulate({ scenario: 'redlock-gc-pause', variant: 'default', seed: 1 });
    const c = new ReplayCursor(trace);
    const asked = trace.events.findIndex((e) => e.actor === 'client-2' && e.f === 'acquire');
    const text = describeLockNow(c.stateAt(asked + 1), c.serverRevokes, 'redlock');
    expect(text.believers).toMatch(
      /^Believes it holds the lock: client 1, paused, whose validity ran out at 29\d ms\.$/,
    );
    // Every other lock still says TTL.
    expect(describeLockNow(c.stateAt(asked + 1), c.serverRevokes, 'redis').believers).toMatch(
      /whose TTL ran out/,
    );
  });

  it('counts three clients that believe they hold the lock as three, not two', () => {
    const trace = pausedClientTrace(true);
    // Each client's TTL runs out while it is paused, and the next one takes the lock.
    trace.events = ['client-1', 'client-2', 'client-3'].flatMap((actor, k) => [
      { t: k * 400, actor, f: 'acquire', type: 'ok', value: { token: 33 + k, ttlMs: 300 } },
      { t: k * 400 + 1, actor, f: 'pause', type: 'info', value: { pauseMs: 2000 } },
    ]) as Trace['events'];
    const c = new ReplayCursor(trace);
    const text = describeLockNow(c.stateAt(c.length), c.serverRevokes);
    expect(text.believers).toBe(
      'Three clients believe they hold the lock: client 1 (token 33), paused, whose TTL ran out at 300 ms; client 2 (token 34), paused, whose TTL ran out at 700 ms; client 3 (token 35), paused.',
    );
    expect(text.twoBelievers).toBe(true);
  });

  it('on etcd, says the lease TTL ran out, not that the lock is free, until the trace shows it', () => {
    const c = new ReplayCursor(etcdLeaseTrace());
    expect(c.serverRevokes).toBe(true);
    expect(describeLockNow(c.stateAt(4), true).lock).toBe(
      'Client 1’s lease TTL ran out at 1003.5 ms. The lock is free once etcd revokes the expired lease, on its own schedule, a little later.',
    );
    expect(describeLockNow(c.stateAt(5), true).lock).toBe(
      'Still held by client 1 with token 6: its lease TTL ran out at 1003.5 ms, but etcd had not revoked it when client 2 was refused at 1030 ms.',
    );
    const end = describeLockNow(c.stateAt(c.length), true);
    expect(end.lock).not.toMatch(/^Free/);
    expect(end.believers).toBe(
      'Believes it holds the lock: client 2 (token 8), whose lease TTL ran out at 2159.4 ms, after its last step at 1162 ms, without a release.',
    );
  });
});

describe('the replay when the lock server’s wall clock jumps', () => {
  const run = (lock: 'redis' | 'pg-lease' | 'etcd', variant = 'fencing-off') => {
    const trace = simulate({ scenario: 'server-clock-jump', variant, lock });
    const jumped = trace.events.findIndex((e) => e.f === 'clock-jump' && e.type === 'info');
    return { cursor: new ReplayCursor(trace), jumped, t: trace.events[jumped]!.t };
  };
  const jumpEvent = (node: string, type: 'invoke' | 'info') =>
    ({ t: 200, actor: 'nemesis', f: 'clock-jump', type, value: { node, byMs: 2000 } }) as const;

  it('says per lock what the step does: Redis and the lease row expire sooner, etcd does not', () => {
    expect(describeEvent(jumpEvent('redis', 'invoke'), null, 'redis')).toBe(
      'The fault injector asks to step Redis’s wall clock 2000 ms forward.',
    );
    expect(describeEvent(jumpEvent('redis', 'info'), null, 'redis')).toBe(
      'Redis’s wall clock now reads 2000 ms ahead: every key expires that much sooner, and a key past its expiry is gone.',
    );
    expect(describeEvent(jumpEvent('postgres', 'info'), null, 'pg-lease')).toBe(
      'Postgres’s clock, and so now(), reads 2000 ms ahead: every lease row expires that much sooner, and one past its expires_at is free to take.',
    );
    expect(describeEvent(jumpEvent('etcd', 'invoke'), null, 'etcd')).toBe(
      'The fault injector asks to step the etcd server’s wall clock 2000 ms forward.',
    );
    expect(describeEvent(jumpEvent('etcd', 'info'), null, 'etcd')).toBe(
      'The etcd server’s wall clock now reads 2000 ms ahead, but etcd times leases on a monotonic clock: no lease ends sooner.',
    );
    // One Redlock node's step frees that node's key, not the client's lock.
    expect(describeEvent(jumpEvent('redis-3', 'info'), null, 'redlock')).toBe(
      'The clock on redis-3 now reads 2000 ms ahead, so the keys on it expire early.',
    );
  });

  it.each([
    ['redis', 'Redis'],
    ['pg-lease', 'Postgres'],
  ] as const)('on %s, the lock card calls the lock free from the jump on', (lock, server) => {
    const { cursor, jumped, t } = run(lock);
    expect(describeLockNow(cursor.stateAt(jumped), false).lock).toMatch(/^Held by client 1/);
    expect(describeLockNow(cursor.stateAt(jumped + 1), false)).toEqual({
      lock: `Free: ${server}’s wall clock jumped 2000 ms forward at ${t} ms, past client 1’s expiry.`,
      believers: `Believes it holds the lock: client 1 (token 33), still working, whose lock ended at ${t} ms when ${server}’s clock jumped.`,
      twoBelievers: false,
    });
  });

  it('says the stale write’s writer lost its lock to the clock jump', () => {
    const { cursor } = run('redis');
    const i = cursor.staleWriteIndex() as number;
    const verdict = cursor.verdict(i)!;
    expect(verdict.lost).toBe('clock-jump');
    expect(verdictText(verdict).body).toMatch(
      /^The storage took “v1” from client 1 \(token 33\), whose lock had ended early, when Redis’s wall clock jumped 2000 ms forward\./,
    );
  });

  it('on etcd, keeps the lease to its TTL across the jump', () => {
    const { cursor, jumped } = run('etcd', 'fencing-on');
    const before = cursor.stateAt(jumped).lock;
    expect(cursor.stateAt(jumped + 1).lock).toEqual(before);
    expect(cursor.staleWriteIndex()).toBeNull();
  });
});

describe('the replay on etcd', () => {
  it('says a grant’s token is the key’s revision, and why tokens skip numbers', () => {
    const grant: TraceEvent = {
      t: 1,
      actor: 'client-2',
      f: 'acquire',
      type: 'ok',
      value: { token: 8 },
    };
    expect(describeEvent(grant, null, 'etcd')).toBe(
      'Client 2 gets the lock with token 8: the revision of the write that created the lock key. etcd’s revision counts every change to the whole store, so tokens skip numbers.',
    );
    expect(describeEvent(grant, null, 'redis')).toBe('Client 2 gets the lock with token 8.');
  });
});

describe('the lock card while its holder lets go', () => {
  it('says the holder has asked to let go, since it no longer counts itself a holder', () => {
    const check = (trace: Trace, word: RegExp) => {
      const cursor = new ReplayCursor(trace);
      const lock = trace.params.lock as string;
      const asked = trace.events.findIndex(
        (e) => e.f === 'release' && e.type === 'invoke' && e.actor === 'client-2',
      );
      const card = describeLockNow(cursor.stateAt(asked + 1), false, lock);
      expect(card.lock).toMatch(/^Held by client 2/);
      expect(card.lock).toMatch(word);
      expect(card.believers).not.toMatch(/client 2/);
      // Once the answer is in, the line says nothing more about it.
      expect(describeLockNow(cursor.stateAt(asked + 2), false, lock).lock).not.toMatch(/asked/);
    };
    check(
      simulate({ scenario: 'advisory-disconnect', variant: 'default', seed: 1 }),
      /Client 2 has asked to commit, which ends it; the answer is on its way\.$/,
    );
    check(
      simulate({ scenario: 'holder-crash', variant: 'default', seed: 1 }),
      /Client 2 has asked to release it; the answer is on its way\.$/,
    );
  });
});

describe('a job that works in stretches', () => {
  // The long job works, extends, works again: "finishes the work" then "starts the work" read as
  // the whole job run twice. Each stretch is said as one, with its length.
  it('says each stretch of work as one, not the whole job finishing and starting again', () => {
    const trace = simulate({ scenario: 'long-job', variant: 'fencing-on', seed: 1 });
    const said = trace.events.filter((e) => e.f === 'work').map((e) => describeEvent(e));
    expect(said).toEqual([
      'Client 1 starts a stretch of work, 100 ms long.',
      'Client 1 finishes this stretch of work.',
      'Client 1 starts a stretch of work, 100 ms long.',
      'Client 1 finishes this stretch of work.',
    ]);
    for (const s of said) expect(s).not.toMatch(/the work\b/);
  });
});
