// Which server clocks a real run can set apart from true time. A script's `clocks` (an offset, a
// drift) and its `clock-jump` steps need the lock's server to run under the LD_PRELOAD clock shim;
// where the lab cannot start it that way, the run is refused before it touches a server, rather
// than recorded as though the clock had moved.
import type { LockKind, Script } from '../../sim/run/script';

/** The nodes of each lock whose clock the lab can move, by the names scripts give them. */
const SHIMMED_NODES: Partial<Record<LockKind, readonly string[]>> = {
  redis: ['redis'],
  'pg-lease': ['postgres'],
  redlock: ['redis-1', 'redis-2', 'redis-3', 'redis-4', 'redis-5'],
};

/** Why the other locks' clocks stay true on real servers. */
const REFUSAL: Record<Exclude<LockKind, 'redis' | 'pg-lease' | 'redlock'>, string> = {
  etcd:
    'etcd is a Go binary that reads the time through the vDSO, not through libc, so the ' +
    'LD_PRELOAD clock shim cannot move its clock (and its leases run on the monotonic clock anyway)',
  'redis-replicated':
    'the primary and replica are started fresh for each failover, without the clock shim',
  'redis-cluster': "the cluster's nodes run without the clock shim",
  'pg-advisory': 'the advisory lock runs on the Postgres without the clock shim',
};

/** Every node whose clock the script sets (`clocks`) or steps (`clock-jump`), in order. */
export function clockNodes(script: Script): string[] {
  const nodes = new Set(Object.keys(script.clocks ?? {}));
  for (const steps of Object.values(script.actors))
    for (const step of steps) if (step.op.f === 'clock-jump') nodes.add(step.op.node);
  return [...nodes];
}

/** A script that sets or steps a server's clock needs its servers under the clock shim. */
export function needsClockShim(script: Script): boolean {
  return clockNodes(script).length > 0;
}

/**
 * Why the real servers for the script's lock cannot move a clock it sets or steps, naming the
 * clock; null when they can move every one.
 */
export function unmovableClocks(script: Script): string | null {
  const movable = SHIMMED_NODES[script.lock] ?? [];
  const refused = clockNodes(script).filter((node) => !movable.includes(node));
  if (refused.length === 0) return null;
  const reason =
    script.lock in REFUSAL
      ? REFUSAL[script.lock as keyof typeof REFUSAL]
      : `only the clock of ${movable.join(', ')} runs under the clock shim for ${script.lock}`;
  return `the script sets or steps the clock of ${refused.join(', ')}; on real servers ${script.lock} cannot have it: ${reason}`;
}

/** Throws `unmovableClocks`'s reason when the real servers cannot move a clock the script sets. */
export function refuseUnmovableClocks(script: Script): void {
  const reason = unmovableClocks(script);
  if (reason !== null) throw new Error(reason);
}
