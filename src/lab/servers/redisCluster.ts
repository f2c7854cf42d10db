// A Redis Cluster of masters only (3 by default), for the hash-tag scenario: a script may touch
// keys of one slot only, so lock:report and fence:report fail with CROSSSLOT while
// lock:{report} and fence:{report} share a slot. Slots are assigned with commands rather than
// redis-cli, so nothing but redis-server is needed.
import { ServerStartError } from './errors';
import { LOOPBACK_HOST, freePort } from './freePort';
import { parseRedisInfo } from './probes';
import { connectRedis } from './redisConnect';
import { startRedis, type RedisServer } from './redis';
import { waitFor } from './waitFor';

export const CLUSTER_SLOTS = 16_384;

export interface RedisClusterServer {
  /** Seed nodes for a cluster client, e.g. new Cluster(endpoints). */
  endpoints: { host: string; port: number }[];
  host: string;
  ports: number[];
  nodes: RedisServer[];
  version: string;
  settings: Record<string, string>;
  external: false;
  stop(): Promise<void>;
}

/** Split the 16384 slots into `count` contiguous ranges, as redis-cli --cluster create does. */
export function slotRanges(count: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const first = Math.floor((i * CLUSTER_SLOTS) / count);
    const last = Math.floor(((i + 1) * CLUSTER_SLOTS) / count) - 1;
    ranges.push([first, last]);
  }
  return ranges;
}

export async function startRedisCluster(
  options: { masters?: number; readyTimeoutMs?: number } = {},
): Promise<RedisClusterServer> {
  const masters = options.masters ?? 3;
  const nodes: RedisServer[] = [];
  const busPorts: number[] = [];
  const stopAll = async () => {
    await Promise.allSettled(nodes.map((node) => node.stop()));
  };
  try {
    for (let i = 0; i < masters; i++) {
      const busPort = await freePort();
      busPorts.push(busPort);
      nodes.push(
        await startRedis({
          server: `Redis cluster node ${i + 1}`,
          useEnv: false,
          args: [
            '--cluster-enabled',
            'yes',
            '--cluster-port',
            String(busPort),
            '--cluster-config-file',
            'nodes.conf',
            // Short, so a test that kills a node sees it marked failed soon.
            '--cluster-node-timeout',
            '2000',
          ],
        }),
      );
    }
    const clients = await Promise.all(
      nodes.map((node, i) => connectRedis(node, { server: `Redis cluster node ${i + 1}` })),
    );
    try {
      const ranges = slotRanges(masters);
      await Promise.all(
        clients.map((client, i) => {
          const [first, last] = ranges[i] ?? [0, -1];
          return client.call('CLUSTER', 'ADDSLOTSRANGE', String(first), String(last));
        }),
      );
      // Meeting one node is enough: gossip tells the others. The bus port must be named,
      // since it is not the default port + 10000.
      const first = clients[0];
      for (const [i, node] of nodes.entries()) {
        if (i === 0) continue;
        await first?.call('CLUSTER', 'MEET', node.host, String(node.port), String(busPorts[i]));
      }
      // Each master waits about 2 s after the slots settle before it reports ok.
      await waitFor(
        async () => {
          const infos = await Promise.all(clients.map((client) => client.call('CLUSTER', 'INFO')));
          return infos.every((text) => {
            const info = parseRedisInfo(String(text));
            return (
              info.get('cluster_state') === 'ok' &&
              Number(info.get('cluster_known_nodes')) === masters &&
              Number(info.get('cluster_slots_ok')) === CLUSTER_SLOTS
            );
          });
        },
        {
          timeoutMs: options.readyTimeoutMs ?? 20_000,
          pollMs: 100,
          describe: () => 'cluster_state did not become ok',
        },
      );
    } finally {
      for (const client of clients) client.disconnect();
    }
  } catch (error) {
    await stopAll();
    if (error instanceof Error && !(error instanceof ServerStartError) && nodes[0]) {
      throw new ServerStartError(
        'Redis Cluster',
        nodes.map((node) => `${node.host}:${node.port}`).join(','),
        error.message,
        { cause: error },
      );
    }
    throw error;
  }
  const first = nodes[0] as RedisServer;
  return {
    endpoints: nodes.map(({ host, port }) => ({ host, port })),
    host: LOOPBACK_HOST,
    ports: nodes.map((node) => node.port),
    nodes,
    version: first.version,
    settings: { ...first.settings, cluster: `${masters} masters, no replicas` },
    external: false,
    stop: stopAll,
  };
}
