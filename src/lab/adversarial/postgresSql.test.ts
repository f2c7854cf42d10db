// The SQL in src/locks against a real Postgres, each file run exactly as committed with its $n
// parameters. The tests try to take a live lease, give back someone else's, and write with an
// old token, then read the rows to see that nothing changed.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadLockSources } from '../lockSources';

const sql = loadLockSources();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let pool: pg.Pool;
const uniqueName = () => `adv-${randomUUID()}`;

beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 12 });
});

afterAll(async () => {
  await pool?.end();
});

async function take(name: string, owner: string, ttlSeconds: number): Promise<number | null> {
  const result = await pool.query<{ fence: string }>(sql.leaseTake, [name, owner, ttlSeconds]);
  // bigint comes back as a string: tokens can outgrow a JS number's safe range in principle.
  return result.rows[0] ? Number(result.rows[0].fence) : null;
}

async function leaseRow(name: string) {
  const result = await pool.query<{ owner: string; fence: string; live: boolean }>(
    'SELECT owner, fence, expires_at > now() AS live FROM leases WHERE name = $1',
    [name],
  );
  return result.rows[0];
}

describe('lease-take.sql', () => {
  it('takes a new lease with fence 1', async () => {
    const name = uniqueName();
    expect(await take(name, 'client-1', 30)).toBe(1);
    expect(await leaseRow(name)).toEqual({ owner: 'client-1', fence: '1', live: true });
  });

  it('returns no row while the lease is live, and changes nothing', async () => {
    const name = uniqueName();
    await take(name, 'client-1', 30);
    expect(await take(name, 'client-2', 30)).toBeNull();
    expect(await leaseRow(name)).toEqual({ owner: 'client-1', fence: '1', live: true });
  });

  it('takes an expired lease, raising the fence by exactly one', async () => {
    const name = uniqueName();
    expect(await take(name, 'client-1', 0.1)).toBe(1);
    await sleep(200);
    expect(await take(name, 'client-2', 30)).toBe(2);
    expect(await leaseRow(name)).toEqual({ owner: 'client-2', fence: '2', live: true });
    expect(await take(name, 'client-3', 30)).toBeNull();
  });

  it('lets exactly one of 10 racing clients take an expired lease', async () => {
    const name = uniqueName();
    await take(name, 'client-0', 0.05);
    await sleep(120);
    const fences = await Promise.all(
      Array.from({ length: 10 }, (_, i) => take(name, `client-${i + 1}`, 30)),
    );
    expect(fences.filter((fence) => fence !== null)).toEqual([2]);
  });
});

describe('lease-extend.sql', () => {
  it('pushes a live lease out for its holder', async () => {
    const name = uniqueName();
    const fence = (await take(name, 'client-1', 0.3)) as number;
    const result = await pool.query(sql.leaseExtend, [name, fence, 30]);
    expect(result.rowCount).toBe(1);
    await sleep(400);
    expect(await leaseRow(name)).toEqual({ owner: 'client-1', fence: String(fence), live: true });
  });

  it('does nothing with a wrong fence', async () => {
    const name = uniqueName();
    const fence = (await take(name, 'client-1', 0.3)) as number;
    expect((await pool.query(sql.leaseExtend, [name, fence + 1, 30])).rowCount).toBe(0);
    await sleep(400);
    expect((await leaseRow(name))?.live).toBe(false);
  });

  it('does not bring back an expired lease, or one taken over meanwhile', async () => {
    const name = uniqueName();
    const staleFence = (await take(name, 'client-1', 0.05)) as number;
    await sleep(120);
    expect((await pool.query(sql.leaseExtend, [name, staleFence, 30])).rowCount).toBe(0);
    expect((await leaseRow(name))?.live).toBe(false);
    await take(name, 'client-2', 30);
    expect((await pool.query(sql.leaseExtend, [name, staleFence, 30])).rowCount).toBe(0);
    expect(await leaseRow(name)).toEqual({ owner: 'client-2', fence: '2', live: true });
  });
});

describe('lease-give-back.sql', () => {
  it('does nothing with a wrong fence', async () => {
    const name = uniqueName();
    const fence = (await take(name, 'client-1', 30)) as number;
    const result = await pool.query(sql.leaseGiveBack, [name, fence + 1]);
    expect(result.rowCount).toBe(0);
    expect((await leaseRow(name))?.live).toBe(true);
  });

  it('does nothing for a holder whose lease was already taken over', async () => {
    const name = uniqueName();
    const staleFence = (await take(name, 'client-1', 0.05)) as number;
    await sleep(120);
    await take(name, 'client-2', 30);
    const result = await pool.query(sql.leaseGiveBack, [name, staleFence]);
    expect(result.rowCount).toBe(0);
    expect(await leaseRow(name)).toEqual({ owner: 'client-2', fence: '2', live: true });
  });

  it('frees the lease for its holder, keeping the row so the next fence is higher', async () => {
    const name = uniqueName();
    const fence = (await take(name, 'client-1', 30)) as number;
    const result = await pool.query(sql.leaseGiveBack, [name, fence]);
    expect(result.rowCount).toBe(1);
    expect(await take(name, 'client-2', 30)).toBe(fence + 1);
  });
});

describe('fenced-write.sql', () => {
  async function seedDocument(name: string, fence: number) {
    await pool.query('INSERT INTO documents (name, body, fence) VALUES ($1, $2, $3)', [
      name,
      'v0',
      fence,
    ]);
  }
  async function documentRow(name: string) {
    return (
      await pool.query<{ body: string; fence: string }>(
        'SELECT body, fence FROM documents WHERE name = $1',
        [name],
      )
    ).rows[0];
  }

  it('changes nothing and reports 0 rows for a lower token', async () => {
    const name = uniqueName();
    await seedDocument(name, 34);
    const result = await pool.query(sql.fencedWrite, [name, 'stale', 33]);
    expect(result.rowCount).toBe(0);
    expect(await documentRow(name)).toEqual({ body: 'v0', fence: '34' });
  });

  it('changes nothing for a write with no token: fence <= NULL holds for no row', async () => {
    // The simulated storage refuses a tokenless fenced write for this reason; here is the reason.
    const name = uniqueName();
    await seedDocument(name, 0);
    expect((await pool.query(sql.fencedWrite, [name, 'no token', null])).rowCount).toBe(0);
    expect(await documentRow(name)).toEqual({ body: 'v0', fence: '0' });
  });

  it('accepts an equal token: the same holder may write again', async () => {
    const name = uniqueName();
    await seedDocument(name, 34);
    expect((await pool.query(sql.fencedWrite, [name, 'v1', 34])).rowCount).toBe(1);
    expect((await pool.query(sql.fencedWrite, [name, 'v2', 34])).rowCount).toBe(1);
    expect(await documentRow(name)).toEqual({ body: 'v2', fence: '34' });
  });

  it('accepts a higher token and then rejects the old one', async () => {
    const name = uniqueName();
    await seedDocument(name, 0);
    expect((await pool.query(sql.fencedWrite, [name, 'v1', 33])).rowCount).toBe(1);
    expect((await pool.query(sql.fencedWrite, [name, 'v2', 34])).rowCount).toBe(1);
    // The paused client with token 33 wakes up and writes.
    expect((await pool.query(sql.fencedWrite, [name, 'late', 33])).rowCount).toBe(0);
    expect(await documentRow(name)).toEqual({ body: 'v2', fence: '34' });
  });

  it('is needed: plain-write.sql lets the stale write land', async () => {
    const name = uniqueName();
    await seedDocument(name, 34);
    expect((await pool.query(sql.plainWrite, [name, 'late'])).rowCount).toBe(1);
    expect((await documentRow(name))?.body).toBe('late');
  });
});

describe('advisory-lock.sql', () => {
  it('is held by one transaction at a time and ends with commit or rollback', async () => {
    const name = uniqueName();
    const a = await pool.connect();
    const b = await pool.connect();
    const tryLock = async (client: pg.PoolClient) =>
      (await client.query<{ pg_try_advisory_xact_lock: boolean }>(sql.advisoryLock, [name])).rows[0]
        ?.pg_try_advisory_xact_lock;
    try {
      await a.query('BEGIN');
      await b.query('BEGIN');
      expect(await tryLock(a)).toBe(true);
      // It never waits: the second transaction gets false at once.
      expect(await tryLock(b)).toBe(false);
      await a.query('COMMIT');
      expect(await tryLock(b)).toBe(true);
      await a.query('BEGIN');
      expect(await tryLock(a)).toBe(false);
      await b.query('ROLLBACK');
      expect(await tryLock(a)).toBe(true);
      await a.query('COMMIT');
    } finally {
      a.release();
      b.release();
    }
  });
});

describe('the SQL files', () => {
  it('each hold one statement (schema.sql: the two tables)', () => {
    const statements = (text: string) =>
      text
        .replace(/--.*$/gm, '')
        .split(';')
        .filter((part) => part.trim()).length;
    expect(statements(sql.schema)).toBe(2);
    for (const file of [
      sql.fencedWrite,
      sql.plainWrite,
      sql.leaseTake,
      sql.leaseExtend,
      sql.leaseGiveBack,
      sql.advisoryLock,
    ]) {
      expect(statements(file)).toBe(1);
    }
  });
});
