// A Redis primary with one replica, for the failover before replication. The replica is
// attached at run time with REPLICAOF (quicker than the start flag), and the primary syncs
// without the 5 s diskless delay, so the pair is ready in well under a second.
import type { Redis } from 'ioredis';
import { parseRedisInfo } from './probes';
import { connectRedis } from './redisConnect';
import { startRedis, type RedisServer } from './redis';
import { waitFor } from './waitFor';

export interface RedisReplication {
  /** The primary's URL: where clients write. */
  url: string;
  host: string;
  port: number;
  ports: { primary: number; replica: number };
  primary: RedisServer;
  replica: RedisServer;
  version: string;
  settings: Record<string, string>;
  external: false;
  stop(): Promise<void>;
}

/** The replica's view of its link to the primary: "up" or "down". */
export async function replicaLinkStatus(replica: Redis): Promise<string> {
  return parseRedisInfo(await replica.info('replication')).get('master_link_status') ?? 'none';
}

export async function startRedisReplication(
  options: { args?: string[]; linkTimeoutMs?: number } = {},
): Promise<RedisReplication> {
  const primary = await startRedis({
    server: 'Redis primary',
    useEnv: false,
    args: ['--repl-diskless-sync-delay', '0', ...(options.args ?? [])],
  });
  let replica: RedisServer | undefined;
  try {
    replica = await startRedis({ server: 'Redis replica', useEnv: false, args: options.args });
    const client = await connectRedis(replica, { server: 'Redis replica' });
    try {
      await client.call('REPLICAOF', primary.host, String(primary.port));
      await waitFor(async () => (await replicaLinkStatus(client)) === 'up', {
        timeoutMs: options.linkTimeoutMs ?? 10_000,
        describe: () =>
          `Redis replica at ${replica?.host}:${replica?.port} did not link to the primary at ${primary.host}:${primary.port}`,
      });
    } finally {
      client.disconnect();
    }
  } catch (error) {
    await Promise.allSettled([primary.stop(), replica?.stop()]);
    throw error;
  }
  const started = replica;
  return {
    url: primary.url,
    host: primary.host,
    port: primary.port,
    ports: { primary: primary.port, replica: started.port },
    primary,
    replica: started,
    version: primary.version,
    settings: { ...primary.settings, replication: 'asynchronous, one replica' },
    external: false,
    async stop() {
      await Promise.allSettled([primary.stop(), started.stop()]);
    },
  };
}
