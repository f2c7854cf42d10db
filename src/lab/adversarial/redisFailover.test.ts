// Redis replicates asynchronously: a primary that dies before its replica applied the last
// acquire takes the lock and the token with it, and the promoted replica hands out the same
// token again. As in the team's field notes (SERVERS.md): the replica is paused for writes so
// it holds the primary's stream without applying it, then the primary is killed.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  connectRedis,
  replicaLinkStatus,
  startRedisReplication,
  waitFor,
  type RedisReplication,
} from '../servers';
import { lockScripts } from '../test/redisScripts';

let pair: RedisReplication;
const clients: Redis[] = [];

beforeAll(async () => {
  pair = await startRedisReplication();
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await pair?.stop();
});

it('repeats a token after a failover before replication', async () => {
  const clientA = await connectRedis(pair.primary, { server: 'Redis primary' });
  const admin = await connectRedis(pair.replica, { server: 'Redis replica' });
  clients.push(clientA, admin);
  const lockA = lockScripts(clientA, 'report');

  // A first holder whose token reaches the replica: the counter is 1 on both sides.
  const firstToken = await lockA.acquire(30_000);
  expect(firstToken).toBe(1);
  await lockA.release(firstToken as number);
  expect(await clientA.call('WAIT', '1', '2000')).toBe(1);

  // The replica stops applying writes; the primary's stream waits in its buffers.
  await admin.call('CLIENT', 'PAUSE', '10000', 'WRITE');
  const tokenA = await lockA.acquire(30_000);
  expect(tokenA).toBe(2);
  // WAIT on the same connection: no replica acknowledged client A's acquire.
  expect(await clientA.call('WAIT', '1', '100')).toBe(0);

  pair.primary.process?.kill('SIGKILL');
  await pair.primary.process?.exited;
  await waitFor(async () => (await replicaLinkStatus(admin)) === 'down', {
    timeoutMs: 10_000,
    describe: () => 'the replica did not notice that the primary died',
  });
  await admin.call('REPLICAOF', 'NO', 'ONE');
  await admin.call('CLIENT', 'UNPAUSE');

  // The promoted replica has no lock and a counter one lower: client B gets A's token.
  const lockB = lockScripts(admin, 'report');
  expect(await admin.exists(lockB.lockKey)).toBe(0);
  expect(await admin.get(lockB.fenceKey)).toBe('1');
  const tokenB = await lockB.acquire(30_000);
  expect(tokenB).toBe(tokenA);
});
