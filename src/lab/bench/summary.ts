// The lines printed under the table at the end of a run: what the columns count, and the machine
// and the load they were measured under. Figures without the machine mean nothing, and other work
// on the machine (a load average at the start above half its CPUs) lowers every absolute figure.
import { otherWorkLoad } from '../../content/numbersFile';
import type { NumbersFile } from './numbers';

export function formatSummary(numbers: NumbersFile): string {
  const env = numbers.environment;
  const servers = [
    env.redis !== 'not run' && `Redis ${env.redis}`,
    env.postgres !== 'not run' && `Postgres ${env.postgres}`,
    env.etcd && `etcd ${env.etcd}`,
  ].filter(Boolean);
  const atStart = env.settings.loadAverage1mAtStart;
  const atEnd = env.settings.loadAverage1mAtEnd;
  const lines = [
    'per second: lock and release pairs (or tries at one lock) a second from the lean Node client;',
    'ceiling/s: the same work from redis-benchmark or pgbench; ratio: Node ÷ ceiling;',
    'library/s and lib ratio: the same work through ioredis or pg; p50/p99: ms per pair or try.',
    '',
    `Measured on ${env.cpuModel} (${env.cpus} CPUs, ${env.memoryGb} GB), ${env.os}; Node ${env.node}` +
      `${servers.length ? `, ${servers.join(', ')}` : ''}; ${numbers.clients} clients, ${numbers.seconds} s per side.`,
  ];
  if (typeof atStart === 'number' && typeof atEnd === 'number') {
    lines.push(
      `Load average (1 min): ${atStart} at the start, ${atEnd} at the end (the end counts the benchmark's own servers and clients).`,
    );
    // Only the start tells of other work: by the end the benchmark has loaded every core itself.
    // The page judges the same way (otherWorkLoad), under its figures.
    if (otherWorkLoad(env) !== null) {
      lines.push(
        `Other work was running: a load of ${atStart} at the start, on ${env.cpus} CPUs. The absolute figures read low; trust the ratios more, or run again on a quiet machine.`,
      );
    }
  }
  return lines.join('\n');
}
