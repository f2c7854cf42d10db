// Starts one Redis, one Postgres (with the lab's schema) and one etcd member for the whole lab
// test run, and shares their addresses with every test file. Starting them once keeps the run
// fast; tests that need special topologies (cluster, replica, 5 nodes) start their own.
import type { TestProject } from 'vitest/node';
import { readLockSource } from '../lockSources';
import { runSql, startAll, startEtcd, startPostgres, startRedis, stopAll } from '../servers';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    const [redis, postgres, etcd] = await startAll([startRedis(), startPostgres(), startEtcd()]);
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
