// Throwaway etcd: one member, or three on loopback for a real quorum. Timings are short and
// fsync is skipped so a cluster is healthy in about 2 s; every member's data folder (each
// preallocates ~60 MB of WAL) is removed when it stops. ETCD_ENDPOINTS uses a running one.
import { BadServerUrlError, ServerDownError, ServerStartError } from './errors';
import { LOOPBACK_HOST, freePort } from './freePort';
import { getJson } from './probes';
import { supervise, type SupervisedProcess } from './supervisor';
import { makeTempDir } from './tempDir';
import { join } from 'node:path';
import { LAB_ETCD_ELECTION_TIMEOUT_MS, LAB_ETCD_HEARTBEAT_MS } from '../../sim/models/etcdTimings';
import { randomBytes } from 'node:crypto';

export interface EtcdServer {
  /** Client URLs, e.g. ["http://127.0.0.1:2379"]: what an etcd3 client takes as hosts. */
  endpoints: string[];
  host: string;
  /** The first member's client port. */
  port: number;
  ports: number[];
  peerPorts: number[];
  processes: SupervisedProcess[];
  version: string;
  settings: Record<string, string>;
  external: boolean;
  stop(): Promise<void>;
}

export interface StartEtcdOptions {
  /** 1 (default) or 3. */
  members?: 1 | 3;
  useEnv?: boolean;
  readyTimeoutMs?: number;
}

export const ETCD_BINARY = 'etcd';

/**
 * The settings the lab's etcd runs with, recorded beside every number. The timings come from the
 * module the consensus section's note reads too.
 */
export const LAB_ETCD_SETTINGS = {
  'heartbeat-interval': String(LAB_ETCD_HEARTBEAT_MS),
  'election-timeout': String(LAB_ETCD_ELECTION_TIMEOUT_MS),
  fsync: 'off (--unsafe-no-fsync)',
};

async function healthy(endpoint: string): Promise<boolean> {
  const health = (await getJson(`${endpoint}/health`, 500)) as { health?: string } | undefined;
  return health?.health === 'true';
}

async function versionOf(endpoint: string): Promise<string> {
  const version = (await getJson(`${endpoint}/version`)) as { etcdserver?: string } | undefined;
  return version?.etcdserver ?? 'unknown';
}

function hostPort(endpoint: string): string {
  return new URL(endpoint).host;
}

export async function startEtcd(options: StartEtcdOptions = {}): Promise<EtcdServer> {
  const envEndpoints = options.useEnv === false ? undefined : process.env.ETCD_ENDPOINTS;
  if (envEndpoints) {
    const endpoints = envEndpoints
      .split(',')
      .map((endpoint) => endpoint.trim())
      .filter(Boolean)
      .map((endpoint) => (endpoint.includes('://') ? endpoint : `http://${endpoint}`));
    for (const endpoint of endpoints) {
      const parsed = URL.parse(endpoint);
      if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
        throw new BadServerUrlError(
          'ETCD_ENDPOINTS',
          endpoint,
          'a list of etcd URLs (http://host:port,…)',
        );
    }
    for (const endpoint of endpoints) {
      if (!(await healthy(endpoint))) {
        throw new ServerDownError('etcd', hostPort(endpoint), 'no healthy answer on /health');
      }
    }
    const first = new URL(endpoints[0] ?? 'http://127.0.0.1:2379');
    return {
      endpoints,
      host: first.hostname,
      port: Number(first.port || 2379),
      ports: endpoints.map((endpoint) => Number(new URL(endpoint).port || 2379)),
      peerPorts: [],
      processes: [],
      version: await versionOf(endpoints[0] ?? ''),
      settings: { fsync: 'unknown (external)' },
      external: true,
      stop: async () => {},
    };
  }

  const count = options.members ?? 1;
  const host = LOOPBACK_HOST;
  const clientPorts: number[] = [];
  const peerPorts: number[] = [];
  for (let i = 0; i < count; i++) {
    clientPorts.push(await freePort());
    peerPorts.push(await freePort());
  }
  const names = clientPorts.map((_, i) => `member-${i + 1}`);
  const peerUrls = peerPorts.map((port) => `http://${host}:${port}`);
  const endpoints = clientPorts.map((port) => `http://${host}:${port}`);
  const initialCluster = names.map((name, i) => `${name}=${peerUrls[i]}`).join(',');
  // A fresh token per cluster, so members of two runs can never join each other.
  const clusterToken = `fencing-lab-${randomBytes(6).toString('hex')}`;

  // Members start together: with three, none is healthy until a quorum has formed.
  const started = await Promise.allSettled(
    names.map((name, i) => {
      const dir = makeTempDir('etcd');
      const endpoint = endpoints[i] as string;
      return supervise({
        server: count === 1 ? 'etcd' : `etcd ${name}`,
        address: hostPort(endpoint),
        command: ETCD_BINARY,
        args: [
          '--name',
          name,
          '--data-dir',
          join(dir.path, 'data'),
          '--listen-client-urls',
          endpoint,
          '--advertise-client-urls',
          endpoint,
          '--listen-peer-urls',
          peerUrls[i] as string,
          '--initial-advertise-peer-urls',
          peerUrls[i] as string,
          '--initial-cluster',
          initialCluster,
          '--initial-cluster-state',
          'new',
          '--initial-cluster-token',
          clusterToken,
          '--heartbeat-interval',
          LAB_ETCD_SETTINGS['heartbeat-interval'],
          '--election-timeout',
          LAB_ETCD_SETTINGS['election-timeout'],
          '--unsafe-no-fsync',
          '--logger',
          'zap',
          '--log-level',
          'error',
        ],
        tempDir: dir,
        isReady: () => healthy(endpoint),
        readyTimeoutMs: options.readyTimeoutMs ?? 20_000,
        pollMs: 50,
        // A leader told to stop tries to hand leadership to members that are stopping too and
        // waits ~5 s for it; the data is thrown away, so a short grace before SIGKILL is enough.
        stopTimeoutMs: count === 1 ? 5_000 : 1_000,
      });
    }),
  );
  const processes = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const stop = async () => {
    await Promise.allSettled(processes.map((child) => child.stop()));
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    const reason = (failed as PromiseRejectedResult).reason as unknown;
    throw reason instanceof ServerStartError
      ? reason
      : new ServerStartError('etcd', endpoints.map(hostPort).join(','), String(reason), {
          cause: reason,
        });
  }
  return {
    endpoints,
    host,
    port: clientPorts[0] as number,
    ports: clientPorts,
    peerPorts,
    processes,
    version: await versionOf(endpoints[0] as string),
    settings: { members: String(count), ...LAB_ETCD_SETTINGS },
    external: false,
    stop,
  };
}
