// The heartbeat and election timeout the lab starts etcd with, and the shortest lease they give.
// One source for the lab (src/lab/servers/etcd.ts passes them as flags and records them beside
// every run), the engine (its etcd's shortest lease) and the consensus section's note, so the
// page cannot say one thing while the lab runs another. Plain numbers: safe in the page's bundle.

/** The lab's etcd: a heartbeat every 50 ms (`--heartbeat-interval`). */
export const LAB_ETCD_HEARTBEAT_MS = 50;

/** The lab's etcd: an election after 500 ms without a heartbeat (`--election-timeout`). */
export const LAB_ETCD_ELECTION_TIMEOUT_MS = 500;

/** etcd's own defaults, for what a lease copied from the lab becomes on a default cluster. */
export const ETCD_DEFAULT_HEARTBEAT_MS = 100;
export const ETCD_DEFAULT_ELECTION_TIMEOUT_MS = 1000;

/**
 * etcd's shortest lease: 1.5 election timeouts counted in heartbeats, rounded up to whole seconds
 * (etcdserver's minTTL, `(3 * electionTicks) / 2 * heartbeat`). With the defaults, 100 ms and
 * 1000 ms, it is 2 s.
 */
export function etcdMinLeaseS(heartbeatMs: number, electionMs: number): number {
  const electionTicks = Math.floor(electionMs / heartbeatMs);
  return Math.ceil((Math.floor((3 * electionTicks) / 2) * heartbeatMs) / 1000);
}

/** The shortest lease the lab's etcd grants: 1 s. */
export const LAB_ETCD_MIN_LEASE_S = etcdMinLeaseS(
  LAB_ETCD_HEARTBEAT_MS,
  LAB_ETCD_ELECTION_TIMEOUT_MS,
);

/** The shortest lease etcd grants with its default settings: 2 s. */
export const ETCD_DEFAULT_MIN_LEASE_S = etcdMinLeaseS(
  ETCD_DEFAULT_HEARTBEAT_MS,
  ETCD_DEFAULT_ELECTION_TIMEOUT_MS,
);
