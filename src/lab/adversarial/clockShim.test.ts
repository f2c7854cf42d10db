// One Redis node's wall clock jumps forward (an NTP step, a manual change): the node expires a
// PX key early while a node with a true clock keeps it. This is what gives Redlock two holders.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  SkippedError,
  connectRedis,
  requireGcc,
  startRedisNodes,
  waitFor,
  type RedisNodeSet,
} from '../servers';

let skipReason: string | undefined;
let nodes: RedisNodeSet | undefined;
const clients: Redis[] = [];

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
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await nodes?.stop();
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
