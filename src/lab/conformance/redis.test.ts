// Conformance on one Redis node (the lab run's own) and Postgres: every recording of
// these locks, run again on real servers and on the simulator, must reach the same outcome.
import { afterAll, describe, inject } from 'vitest';
import { ServerPool } from '../backends';
import { conformanceTests } from './conformance';

const pool = new ServerPool({
  databaseUrl: inject('databaseUrl'),
  redisUrl: inject('redisUrl'),
  etcdEndpoints: inject('etcdEndpoints'),
});

afterAll(() => pool.stop());

describe('conformance', () => {
  conformanceTests(['redis'], () => pool);
});
