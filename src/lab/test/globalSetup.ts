// Starts one Redis, one Postgres (with the lab's schema) and one etcd member for the whole lab
// test run, and shares their addresses with every test file. Starting them once keeps the run
// fast; tests that need special topologies (cluster, replica, 5 nodes) start their own.
import type { TestProject } from 'vitest/node';
import { readLockSource } from '../lockSources';
import { runSql, startEtcd, startPostgres, startRedis, stopAll } from '../servers';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    // Every start settles before any failure is acted on: stopping while another server is still
    // being made (initdb is writing its folder) would leave that one half-made and running.
    const settled = await Promise.allSettled([startRedis(), startPostgres(), startEtcd()] as const);
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const [redis, postgres, etcd] = settled.map(
      (r) => (r as PromiseFulfilledResult<unknown>).value,
    ) as [
      Awaited<ReturnType<typeof startRedis>>,
      Awaited<ReturnType<typeof startPostgres>>,
      Awaited<ReturnType<typeof startEtcd>>,
    ];
    // An external DATABASE_URL may already have the tables; the lab's own Postgres never does.
    const schema = readLockSource('schema');
    await runSql(
      postgres.url,
      postgres.external
        ? schema.replaceAll('CREATE TABLE ', 'CREATE TABLE IF NOT EXISTS ')
        : schema,
    );
    project.provide('redisUrl', redis.url);
    project.provide('databaseUrl', postgres.url);
    project.provide('etcdEndpoints', etcd.endpoints);
    return async () => {
      await Promise.allSettled([redis.stop(), postgres.stop(), etcd.stop()]);
    };
  } catch (error) {
    // One server may have started before another failed: stop it before reporting.
    await stopAll();
    throw error;
  }
}
