// One Redis node's wall clock jumps forward (an NTP step, a manual change): the node expires a
// PX key early while a node with a true clock keeps it. This is what gives Redlock two holders.
// A clock that runs fast (a drift) does the same, a little at a time. Postgres under the shim
// reads the shifted clock in every session it forks, so its now() and the lease rows move too.
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  SkippedError,
  connectPostgres,
  connectRedis,
  parsePostgresUrl,
  requireGcc,
  startRedisNodes,
  startShimmedPostgres,
  waitFor,
  type RedisNodeSet,
  type ShimmedPostgres,
} from '../servers';

let skipReason: string | undefined;
let nodes: RedisNodeSet | undefined;
const clients: Redis[] = [];
let postgres: ShimmedPostgres | undefined;
const sessions: pg.Client[] = [];

/** 20% fast: the engine's property tests draw drifts up to this, far beyond what NTP allows. */
const FAST_DRIFT_PPM = 200_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  try {
    await requireGcc();
  } catch (error) {
    if (error instanceof SkippedError) {
      skipReason = error.message;
      return;
    }
    throw error;
  }
  nodes = await startRedisNodes({ count: 2, clockShim: true });
  for (const node of nodes.nodes) clients.push(await connectRedis(node));
  postgres = await startShimmedPostgres();
  for (let i = 0; i < 2; i++)
    sessions.push(
      await connectPostgres({ connectionString: postgres.url }, parsePostgresUrl(postgres.url)),
    );
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  for (const session of sessions) await session.end().catch(() => undefined);
  await nodes?.stop();
  await postgres?.stop();
});

it('makes a PX key vanish early on the node whose clock jumped', async (context) => {
  if (skipReason) context.skip(skipReason);
  const [shifted, steady] = clients as [Redis, Redis];
  await shifted.set('lock:report', '1', 'PX', 10_000);
  await steady.set('lock:report', '1', 'PX', 10_000);

  await nodes?.setClockOffsetMs(0, 20_000);
  // The shim re-reads its offset at most every 10 ms; the key must go well before 10 s.
  await waitFor(async () => (await shifted.exists('lock:report')) === 0, {
    timeoutMs: 1_000,
    pollMs: 10,
    describe: () => 'the key outlived a 20 s clock jump',
  });
  expect(await steady.exists('lock:report')).toBe(1);
  expect(await steady.pttl('lock:report')).toBeGreaterThan(8_000);
});

it('leaves the clock alone at offset 0', async (context) => {
  if (skipReason) context.skip(skipReason);
  const [shifted] = clients as [Redis, Redis];
  await nodes?.setClockOffsetMs(0, 0);
  await new Promise((resolve) => setTimeout(resolve, 30));
  await shifted.set('lock:other', '1', 'PX', 10_000);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await shifted.exists('lock:other')).toBe(1);
  const [seconds] = await shifted.time();
  expect(Math.abs(Number(seconds) - Date.now() / 1000)).toBeLessThan(2);
});

it('runs a drifting node fast: its PX key loses time 20% faster and expires early', async (context) => {
  if (skipReason) context.skip(skipReason);
  const [fast, steady] = clients as [Redis, Redis];
  await nodes?.setClock(0, { offsetMs: 0, driftPpm: FAST_DRIFT_PPM, anchorMs: Date.now() });
  await sleep(30);
  await fast.set('lock:drift', '1', 'PX', 1_000);
  await steady.set('lock:drift', '1', 'PX', 1_000);
  const setAtMs = performance.now();

  // Half a second on: the fast node has counted 600 ms of it, the steady one 500 ms.
  await sleep(500);
  const [fastLeftMs, steadyLeftMs] = await Promise.all([
    fast.pttl('lock:drift'),
    steady.pttl('lock:drift'),
  ]);
  expect(steadyLeftMs - fastLeftMs).toBeGreaterThan(60);
  expect(steadyLeftMs - fastLeftMs).toBeLessThan(200);

  // The fast node's key goes after about 833 ms of true time; the steady one's after 1000.
  await waitFor(async () => (await fast.exists('lock:drift')) === 0, {
    timeoutMs: 2_000,
    pollMs: 5,
    describe: () => 'the key on the fast node never expired',
  });
  const goneAfterMs = performance.now() - setAtMs;
  expect(goneAfterMs).toBeLessThan(950);
  expect(await steady.exists('lock:drift')).toBe(1);
  await nodes?.setClock(0, { offsetMs: 0, driftPpm: 0, anchorMs: 0 });
});

it('moves every Postgres session: now() and a lease row expire by the shimmed clock', async (context) => {
  if (skipReason) context.skip(skipReason);
  const [first, second] = sessions as [pg.Client, pg.Client];
  const aheadMs = async (session: pg.Client) => {
    const beforeMs = Date.now();
    const row = await session.query<{ ms: string }>(
      'SELECT extract(epoch FROM now()) * 1000 AS ms',
    );
    return Number(row.rows[0]?.ms) - (beforeMs + Date.now()) / 2;
  };
  await postgres?.setClock({ offsetMs: 5_000, driftPpm: 0, anchorMs: 0 });
  await sleep(30);
  for (const session of sessions)
    expect(Math.abs((await aheadMs(session)) - 5_000)).toBeLessThan(50);

  // A lease taken for 1 s on a clock 20% fast is free again after some 833 ms of true time.
  await postgres?.setClock({ offsetMs: 0, driftPpm: FAST_DRIFT_PPM, anchorMs: Date.now() });
  await sleep(30);
  // Taken in one session and judged in another: two forked backends, each with its own shim.
  await first.query('CREATE TABLE shim_leases (id int PRIMARY KEY, expires_at timestamptz)');
  await first.query(`INSERT INTO shim_leases VALUES (1, now() + interval '1 second')`);
  const takenAtMs = performance.now();
  const live = async () =>
    (await second.query('SELECT 1 FROM shim_leases WHERE id = 1 AND expires_at > now()'))
      .rowCount === 1;
  expect(await live()).toBe(true);
  await waitFor(async () => !(await live()), {
    timeoutMs: 2_000,
    pollMs: 5,
    describe: () => 'the lease never expired',
  });
  expect(performance.now() - takenAtMs).toBeLessThan(950);
  await postgres?.setClock({ offsetMs: 0, driftPpm: 0, anchorMs: 0 });
});
