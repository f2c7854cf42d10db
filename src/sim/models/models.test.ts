import { describe, expect, it } from 'vitest';
import { NodeClock } from '../core/clock';
import { World } from '../core/world';
import { Network } from './network';
import { RedisNode } from './redisNode';
import { RedisReplication } from './redisReplication';
import { crc16, hashSlot, hashTag } from './hashSlot';
import {
  RedlockClient,
  redlockDriftMs,
  redlockQuorum,
  redlockValidityMs,
  type RedlockResult,
} from './redlock';
import { PostgresModel } from './postgres';
import { DocumentStorage } from './storage';
import { EtcdModel } from './etcd';

describe('Redis node', () => {
  it('acquire gives rising tokens and refuses a held lock without touching its TTL', () => {
    const r = new RedisNode('r');
    r.put('fence:{d}', '32');
    expect(r.acquire('lock:{d}', 'fence:{d}', 300, 0)).toBe(33);
    expect(r.pttl('lock:{d}', 100)).toBe(200);
    expect(r.acquire('lock:{d}', 'fence:{d}', 5000, 100)).toBeNull();
    expect(r.pttl('lock:{d}', 100)).toBe(200);
    // Redis expires a key once its clock is past the expiry: at 300 ms exactly it still holds.
    expect(r.acquire('lock:{d}', 'fence:{d}', 300, 300)).toBeNull();
    expect(r.acquire('lock:{d}', 'fence:{d}', 300, 300.001)).toBe(34);
  });

  it('release and extend act only for the current token', () => {
    const r = new RedisNode('r');
    const t1 = r.acquire('l', 'f', 300, 0)!;
    expect(r.release('l', t1 + 1, 10)).toBe(0);
    expect(r.extend('l', t1 + 1, 1000, 10)).toBe(0);
    expect(r.extend('l', t1, 1000, 10)).toBe(1);
    expect(r.pttl('l', 10)).toBe(1000);
    const t2 = r.acquire('l', 'f', 300, 2000)!; // t1's lock expired at 1010
    expect(r.release('l', t1, 2001)).toBe(0);
    expect(r.get('l', 2001)).toBe(String(t2));
    expect(r.blindRelease('l', 2002)).toBe(1); // the bug release.lua prevents
    expect(r.get('l', 2002)).toBeNull();
  });

  it('refuses a TTL under 1 ms as the scripts do, before it spends a token or drops a lock', () => {
    const r = new RedisNode('r');
    const t1 = r.acquire('l', 'f', 300, 0)!;
    for (const ttlMs of [0, -5, 1.5]) {
      expect(() => r.extend('l', t1, ttlMs, 10), String(ttlMs)).toThrow(/TTL must be a whole/);
      expect(() => r.acquire('m', 'f', ttlMs, 10), String(ttlMs)).toThrow(/TTL must be a whole/);
    }
    expect(r.get('l', 10)).toBe(String(t1));
    expect(r.get('f', 10)).toBe(String(t1));
    expect(r.get('m', 10)).toBeNull();
  });

  it('hands out 2^53 - 1 as the last token and refuses every acquire after it', () => {
    const r = new RedisNode('r');
    r.put('f', String(Number.MAX_SAFE_INTEGER - 1));
    const last = r.acquire('l', 'f', 300, 0)!;
    expect(last).toBe(Number.MAX_SAFE_INTEGER);
    expect(r.release('l', last, 1)).toBe(1);
    for (const nowMs of [2, 3]) {
      // Past 2^53 a double cannot tell n + 1 from n: the token would repeat the last one.
      expect(() => r.acquire('l', 'f', 300, nowMs)).toThrow(/token counter is past 2\^53 - 1/);
      expect(r.get('l', nowMs)).toBeNull();
    }
  });

  it('expires keys by its own clock, so a step forward expires them early', () => {
    const clock = new NodeClock();
    const r = new RedisNode('r', clock);
    expect(r.setNxPx('k', 'a', 10_000, 0)).toBe(true);
    clock.step(50, 20_000);
    expect(r.get('k', 49)).toBe('a');
    expect(r.get('k', 50)).toBeNull();
  });
});

describe('Redis replication', () => {
  /** Replication's clock, run by hand: shipped writes wait here until `ship` runs them. */
  function setup() {
    const shipping: (() => void)[] = [];
    const primary = new RedisNode('redis');
    const replica = new RedisNode('redis-replica');
    const replication = new RedisReplication(primary, replica, 1, {
      after: (_delayMs, fn) => shipping.push(fn),
    });
    replication.seed('fence', '32');
    const ship = () => shipping.splice(0).forEach((fn) => fn());
    return { primary, replica, replication, ship };
  }

  it('ships each write to the replica later', () => {
    const { replica, replication, ship } = setup();
    expect(replication.primary.acquire('lock', 'fence', 300, 0)).toBe(33);
    expect(replica.get('lock', 0)).toBeNull();
    ship();
    expect(replica.get('lock', 0)).toBe('33');
    expect(replica.get('fence', 0)).toBe('33');
  });

  it('loses the lock and repeats a token when it fails over before shipping', () => {
    const { primary, replica, replication, ship } = setup();
    expect(replication.primary.acquire('lock', 'fence', 300, 0)).toBe(33);
    expect(replication.failover()).toBe(true);
    ship(); // too late: the writes of a dead primary never land
    expect(replication.primary).toBe(replica);
    expect(primary.alive).toBe(false);
    expect(replication.primary.acquire('lock', 'fence', 300, 1)).toBe(33);
    expect(replication.failover()).toBe(false);
  });
});

describe('cluster hash slots', () => {
  it('matches Redis for known keys', () => {
    expect(crc16('123456789')).toBe(0x31c3);
    expect(hashSlot('foo')).toBe(12182);
    expect(hashSlot('bar')).toBe(5061);
  });
  it('hashes only the hash tag when there is one', () => {
    expect(hashTag('lock:{report}')).toBe('report');
    expect(hashTag('a{}b')).toBe('a{}b');
    expect(hashSlot('lock:{report}')).toBe(hashSlot('fence:{report}'));
    expect(hashSlot('lock:report')).not.toBe(hashSlot('fence:report'));
  });
});

describe('RedlockClient', () => {
  const acquireOn = (ttlMs: number, unreachable: string[], instantNetwork = false) => {
    const world = new World(1);
    const nodes = [1, 2, 3, 4, 5].map((i) => new RedisNode(`redis-${i}`));
    const network = instantNetwork ? new Network(world.prng, 0, 0) : new Network(world.prng);
    const client = new RedlockClient(world, network, nodes, 10);
    let result: RedlockResult | null = null;
    client.acquire('lock', 'me', ttlMs, unreachable, (r) => (result = r));
    world.run();
    const holding = nodes.filter((n) => n.get('lock', world.nowMs()) === 'me').map((n) => n.name);
    return { result: result as RedlockResult | null, holding };
  };

  it('takes a majority whose validity is left', () => {
    const { result, holding } = acquireOn(1000, ['redis-4', 'redis-5']);
    expect(result).toMatchObject({ ok: true, nodes: ['redis-1', 'redis-2', 'redis-3'] });
    expect(holding).toEqual(['redis-1', 'redis-2', 'redis-3']);
  });

  it('fails when reaching the majority used up the TTL, and lets go of every node', () => {
    // Two 10 ms timeouts and three round trips take over 20 ms: a 20 ms TTL has no validity left.
    const { result, holding } = acquireOn(20, ['redis-4', 'redis-5']);
    expect(result).toMatchObject({ ok: false, nodes: ['redis-1', 'redis-2', 'redis-3'] });
    expect(result?.ok === false && result.reason).toMatch(/^validity ran out/);
    expect(holding).toEqual([]);
  });

  it('fails with no validity left at all: Redlock needs some time left, not none', () => {
    // With instant round trips only the two 10 ms timeouts take time: a 22 ms TTL then leaves
    // 22 − 20 − 2 (the drift margin) = 0 ms, and a 23 ms TTL leaves 1 ms.
    expect(acquireOn(22, ['redis-4', 'redis-5'], true).result).toMatchObject({
      ok: false,
      reason: 'validity ran out (0.0 ms)',
    });
    expect(acquireOn(23, ['redis-4', 'redis-5'], true).result).toMatchObject({
      ok: true,
      validityMs: 1,
    });
  });

  it('fails without a majority, and lets go of what it got', () => {
    const { result, holding } = acquireOn(1000, ['redis-3', 'redis-4', 'redis-5']);
    expect(result).toMatchObject({ ok: false, reason: 'got 2 of 5 nodes, needs 3' });
    expect(holding).toEqual([]);
  });
});

describe('Redlock arithmetic', () => {
  it('validity is TTL minus time spent minus the drift margin', () => {
    expect(redlockDriftMs(10_000)).toBe(102);
    expect(redlockValidityMs(10_000, 50)).toBe(10_000 - 50 - 102);
    expect(redlockValidityMs(300, 296)).toBeLessThan(0);
    expect(redlockValidityMs(300, 295)).toBe(0);
    expect(redlockQuorum(5)).toBe(3);
    expect(redlockQuorum(4)).toBe(3);
  });
});

describe('Postgres model', () => {
  it('takes a lease only once expired, raising the fence by one', () => {
    const pg = new PostgresModel();
    pg.seedLease('d', 32);
    expect(pg.leaseTake('d', 'a', 300, 0)).toBe(33);
    expect(pg.leaseTake('d', 'b', 300, 299)).toBeNull();
    // lease-take.sql takes a lease only once expires_at < now(): at 300 ms exactly it is still held.
    expect(pg.leaseTake('d', 'b', 300, 300)).toBeNull();
    expect(pg.leaseTake('d', 'b', 300, 301)).toBe(34);
    expect(pg.leaseGiveBack('d', 33)).toBe(0);
    expect(pg.leaseGiveBack('d', 34)).toBe(1);
    expect(pg.leaseTake('d', 'c', 300, 302)).toBe(35);
  });

  it('extends only a live lease, and only for its own fence', () => {
    const pg = new PostgresModel();
    const fence = pg.leaseTake('d', 'a', 300, 0)!;
    expect(pg.leaseExtend('d', fence + 1, 300, 100)).toBe(0);
    expect(pg.leaseExtend('d', fence, 300, 100)).toBe(1); // now held until 400
    expect(pg.leaseTake('d', 'b', 300, 350)).toBeNull();
    // Past its expiry the lease is not extended, even with nobody holding it yet: the lab's
    // UPDATE says `expires_at > now()`, so the holder learns it lost the lock.
    expect(pg.leaseExtend('d', fence, 300, 400)).toBe(0);
    expect(pg.leaseExtend('d', fence, 300, 401)).toBe(0);
    expect(pg.leaseTake('d', 'b', 300, 401)).toBe(fence + 1);
  });

  it('ends an advisory lock and its writes together when the session is terminated', () => {
    const pg = new PostgresModel();
    pg.documents.create('d', 'v0');
    expect(pg.beginWithAdvisoryLock('s1', 'd')).toBe(true);
    expect(pg.beginWithAdvisoryLock('s2', 'd')).toBe(false);
    expect(pg.writeInTransaction('s1', 'd', 'v1')).toBe(true);
    pg.terminate('s1');
    expect(pg.commit('s1')).toBe(false);
    expect(pg.documents.read('d').body).toBe('v0');
    expect(pg.beginWithAdvisoryLock('s2', 'd')).toBe(true);
  });
});

describe('the storage (documents table)', () => {
  it('refuses a fenced write with a lower token and accepts an equal one', () => {
    const storage = new DocumentStorage();
    storage.create('d', 'v0');
    expect(storage.fencedWrite('d', 'v2', 34)).toBe(1);
    expect(storage.fencedWrite('d', 'v1', 33)).toBe(0);
    expect(storage.fencedWrite('d', 'v2b', 34)).toBe(1);
    expect(storage.read('d')).toEqual({ body: 'v2b', fence: 34 });
    expect(storage.writesApplied).toBe(2);
  });

  it('takes a plain write from any token and leaves the fence where it was', () => {
    const storage = new DocumentStorage();
    storage.create('d', 'v0');
    expect(storage.fencedWrite('d', 'v2', 34)).toBe(1);
    expect(storage.plainWrite('d', 'v1')).toBe(1);
    expect(storage.read('d')).toEqual({ body: 'v1', fence: 34 });
    expect(storage.fence('d')).toBe(34);
  });

  it('updates no row that does not exist', () => {
    const storage = new DocumentStorage();
    expect(storage.fencedWrite('nope', 'v1', 1)).toBe(0);
    expect(storage.plainWrite('nope', 'v1')).toBe(0);
    expect(storage.read('nope')).toEqual({ body: '', fence: null });
    expect(storage.fence('nope')).toBeNull();
    expect(storage.writesApplied).toBe(0);
  });
});

describe('etcd model', () => {
  it('revisions only grow; a revoked lease deletes its key with a write', () => {
    const etcd = new EtcdModel();
    const l1 = etcd.grant(300, 0);
    expect(etcd.grantedTtlMs(300)).toBe(1000);
    const t1 = etcd.putIfAbsent('lock', 'a', l1, 0)!;
    const l2 = etcd.grant(1000, 10);
    expect(etcd.putIfAbsent('lock', 'b', l2, 10)).toBeNull();
    expect(etcd.keepAlive(l1, 900)).toBe(true);
    const l3 = etcd.grant(1000, 1850);
    expect(etcd.putIfAbsent('lock', 'b', l3, 1850)).toBeNull(); // the keep-alive renewed it to 1900
    const l4 = etcd.grant(1000, 2000);
    const t2 = etcd.putIfAbsent('lock', 'c', l4, 2000)!;
    expect(t2).toBeGreaterThan(t1 + 1); // the revocation was a write too
    expect(etcd.keepAlive(l1, 2000)).toBe(false);
  });

  it('grants whole seconds, rounding a request up, never down', () => {
    const etcd = new EtcdModel();
    expect(etcd.grantedTtlMs(1000)).toBe(1000);
    expect(etcd.grantedTtlMs(1001)).toBe(2000);
    expect(etcd.grantedTtlMs(1200)).toBe(2000);
    expect(new EtcdModel(new NodeClock(), 2).grantedTtlMs(300)).toBe(2000);
  });

  it('will not renew a lease once its TTL has run out', () => {
    const etcd = new EtcdModel();
    const lease = etcd.grant(1000, 0);
    expect(etcd.keepAlive(lease, 999)).toBe(true); // renewed until 1999
    expect(etcd.keepAlive(lease, 1999)).toBe(false);
  });

  it('keeps an expired lease’s key until the leader’s next expiry pass, every 500 ms', () => {
    const etcd = new EtcdModel(new NodeClock(), 1, 300); // passes at 300, 800, 1300…
    const lease = etcd.grant(1000, 0);
    const token = etcd.putIfAbsent('lock', 'a', lease, 0)!;
    // Past its TTL at 1000: etcd renews it no more, but nothing has revoked it yet.
    expect(etcd.keepAlive(lease, 1100)).toBe(false);
    expect(etcd.putIfAbsent('lock', 'b', etcd.grant(1000, 1299), 1299)).toBeNull();
    // The pass at 1300 revokes it: the key's deletion is a write, then the put is the next one.
    expect(etcd.putIfAbsent('lock', 'b', etcd.grant(1000, 1300), 1300)).toBe(token + 2);
  });

  // The page names the token "the revision of the write that created the lock key": its create
  // revision. It must stay the key's revision for the whole tenure: keep-alives and other
  // clients' refused puts write nothing to the key, so the holder's token still matches it.
  it('gives the revision of the put that created the key as the token, for the whole tenure', () => {
    const etcd = new EtcdModel();
    const lease = etcd.grant(1000, 0);
    const token = etcd.putIfAbsent('lock', 'a', lease, 0)!;
    expect(token).toBe(etcd.revision);
    for (const t of [300, 600, 900, 1200]) {
      expect(etcd.keepAlive(lease, t)).toBe(true);
      expect(etcd.putIfAbsent('lock', 'b', etcd.grant(1000, t), t)).toBeNull();
    }
    expect(etcd.revision).toBe(token);
    expect(etcd.deleteIfRevision('lock', token, 1300)).toBe(true);
  });

  it('lets only the holder’s revision delete the lock key', () => {
    const etcd = new EtcdModel();
    const token = etcd.putIfAbsent('lock', 'a', etcd.grant(1000, 0), 0)!;
    expect(etcd.deleteIfRevision('lock', token - 1, 10)).toBe(false);
    expect(etcd.deleteIfRevision('lock', null, 10)).toBe(false);
    expect(etcd.putIfAbsent('lock', 'b', etcd.grant(1000, 20), 20)).toBeNull(); // still held
    expect(etcd.deleteIfRevision('lock', token, 30)).toBe(true);
    expect(etcd.putIfAbsent('lock', 'b', etcd.grant(1000, 40), 40)).toBeGreaterThan(token);
  });

  it('times leases on a monotonic clock: a wall-clock step leaves them, a fast clock shortens them', () => {
    const stepped = new EtcdModel(new NodeClock());
    const lease = stepped.grant(1000, 0);
    stepped.putIfAbsent('lock', 'a', lease, 0);
    stepped.clock.step(100, 5000); // NTP jumps the wall clock 5 s forward
    expect(stepped.keepAlive(lease, 900)).toBe(true);

    const fast = new EtcdModel(new NodeClock(0, 250_000)); // 25% fast
    const short = fast.grant(1000, 0);
    expect(fast.keepAlive(short, 790)).toBe(true); // 987.5 ms on its clock
    expect(fast.keepAlive(short, 790 + 810)).toBe(false); // 1000 ms after 790 is 800 true ms
  });
});
