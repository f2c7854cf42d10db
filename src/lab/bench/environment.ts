// The machine and settings the numbers were measured on: without them a figure means nothing.
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import type { BenchServers } from './cases/types';
import type { NumbersEnvironment } from './numbers';

function distribution(): string | undefined {
  try {
    const text = readFileSync('/etc/os-release', 'utf8');
    return text.match(/^PRETTY_NAME="?([^"\n]+)"?/m)?.[1];
  } catch {
    return undefined;
  }
}

/** One line per server on how it keeps data: what "fsync off" means here. */
function describeSettings(servers: BenchServers): { fsync: string; persistence: string } {
  const fsync: string[] = [];
  const persistence: string[] = [];
  if (servers.postgres) {
    const s = servers.postgres.settings;
    fsync.push(`Postgres fsync=${s.fsync ?? 'unknown'}`);
    persistence.push(
      `Postgres: ${s.persistence ?? 'WAL'}, synchronous_commit=${s.synchronous_commit ?? 'unknown'}`,
    );
  }
  if (servers.etcd) {
    fsync.push(`etcd ${servers.etcd.settings.fsync ?? 'unknown'}`);
  }
  if (servers.redis) {
    const s = servers.redis.settings;
    persistence.push(
      `Redis: ${s.persistence === 'none' ? 'none (save "", appendonly no)' : (s.persistence ?? 'unknown')}`,
    );
  }
  return {
    fsync: fsync.join('; ') || 'not applicable',
    persistence: persistence.join('; ') || 'not applicable',
  };
}

export function collectEnvironment(
  servers: BenchServers,
  extra: Record<string, string | number | boolean>,
  recordedAt: Date,
): NumbersEnvironment {
  const processors = cpus();
  const os = [distribution(), `${osType()} ${release()}`].filter(Boolean).join(', ');
  return {
    cpuModel: processors[0]?.model.trim() || 'unknown',
    cpus: processors.length,
    memoryGb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os,
    node: process.version,
    redis: servers.redis?.version ?? 'not run',
    postgres: servers.postgres?.version ?? 'not run',
    ...(servers.etcd ? { etcd: servers.etcd.version } : {}),
    settings: {
      ...describeSettings(servers),
      // Other work on the machine skews every figure; the ratio, measured in alternating
      // slices, is the number to trust.
      loadAverage1mAtEnd: Math.round(loadavg()[0]! * 100) / 100,
      ...extra,
    },
    recordedAt: recordedAt.toISOString(),
  };
}
