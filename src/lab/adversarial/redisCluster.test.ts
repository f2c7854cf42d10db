// Redis Cluster runs a script only when all its keys live in one hash slot. The acquire script
// touches the lock and its counter, so their names need a shared hash tag.
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadLockSources } from '../lockSources';
import { startRedisCluster, type RedisClusterServer } from '../servers';

let cluster: RedisClusterServer;
let client: Cluster;
const { acquire } = loadLockSources();

beforeAll(async () => {
  cluster = await startRedisCluster({ masters: 3 });
  client = new Cluster(cluster.endpoints, { redisOptions: { maxRetriesPerRequest: 0 } });
  client.on('error', () => {});
});

afterAll(async () => {
  client?.disconnect();
  await cluster?.stop();
});

it('runs on 3 masters that split the slots', async () => {
  const nodes = client.nodes('master');
  expect(nodes).toHaveLength(3);
  const slots = (await client.cluster('SLOTS')) as unknown[];
  expect(slots).toHaveLength(3);
});

it('fails the acquire script with CROSSSLOT on lock:report and fence:report', async () => {
  await expect(client.eval(acquire, 2, 'lock:report', 'fence:report', 10_000)).rejects.toThrow(
    /CROSSSLOT Keys in request don't hash to the same slot/,
  );
  // Nothing was written anywhere: the cluster refused before running the script.
  expect(await client.exists('lock:report')).toBe(0);
  expect(await client.exists('fence:report')).toBe(0);
});

it('runs the acquire script on lock:{report} and fence:{report}', async () => {
  expect(await client.eval(acquire, 2, 'lock:{report}', 'fence:{report}', 10_000)).toBe(1);
  expect(await client.get('lock:{report}')).toBe('1');
  expect(await client.eval(acquire, 2, 'lock:{report}', 'fence:{report}', 10_000)).toBeNull();
});
