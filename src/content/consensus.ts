// Section 10: leases on etcd and ZooKeeper.
import type { VerdictLevel } from '../panels/table';
import { LEASE_REVOKE_PASS_MS } from '../sim/models/etcd';
import {
  ETCD_DEFAULT_MIN_LEASE_S,
  LAB_ETCD_ELECTION_TIMEOUT_MS,
  LAB_ETCD_MIN_LEASE_S,
} from '../sim/models/etcdTimings';

export interface ConsensusCapability {
  id: string;
  capability: string;
  gives: string;
  status: { level: VerdictLevel; text: string };
}

export const consensusCapabilities: ConsensusCapability[] = [
  {
    id: 'quorum',
    capability: 'Writes agreed by a quorum (Raft, ZAB)',
    gives: 'A new leader still has every lock the old one granted.',
    status: { level: 'yes', text: 'Yes' },
  },
  {
    id: 'lease',
    capability: 'Lease or session with keepalive',
    gives: 'When the holder stops renewing, the lock goes away by itself.',
    status: { level: 'yes', text: 'Yes' },
  },
  {
    id: 'revision',
    capability: 'Revision (etcd), zxid (ZooKeeper)',
    gives:
      'A cluster-wide number that never goes backwards, which makes it a fencing token that survives failures. On etcd, take the lock key’s create revision: the revision of the write that made the key, fixed for as long as its holder keeps it.',
    status: { level: 'yes', text: 'Yes' },
  },
  {
    id: 'watch',
    capability: 'Watches on the key',
    gives:
      'Waiters hear when the lock frees up, with no polling. (etcd’s own lock waits this way. The lab’s clients ask again on a timer instead, on every lock alike, so its etcd replays show refusals before the grant.)',
    status: { level: 'yes', text: 'Yes' },
  },
  {
    id: 'lease-alone',
    capability: 'The lease on its own',
    gives:
      'A paused holder still acts after its lease has expired. On ZooKeeper a client learns that its session expired only when it reconnects, so treat a lost connection as a lost lock. A ZooKeeper follower can also answer “do I still hold it?” from stale data unless the client calls sync() first.',
    status: { level: 'no', text: 'Not on its own' },
  },
];

/**
 * etcd's shortest lease, on a default cluster and on the lab's: worked out from the settings the
 * lab starts etcd with, so the note follows them if they change.
 */
function etcdMinLeaseNote(): string {
  const labMinMs = LAB_ETCD_MIN_LEASE_S * 1000;
  // Copying the lab's shortest lease to a default cluster lengthens it only where the lab's is the shorter.
  const copied =
    LAB_ETCD_MIN_LEASE_S < ETCD_DEFAULT_MIN_LEASE_S
      ? `; a ${labMinMs} ms lease copied to a default cluster lasts ${ETCD_DEFAULT_MIN_LEASE_S} s`
      : '';
  return (
    `etcd raises a short TTL to 1.5 election timeouts, rounded up to whole seconds: ${ETCD_DEFAULT_MIN_LEASE_S} s with default settings. ` +
    `The lab’s etcd runs a ${LAB_ETCD_ELECTION_TIMEOUT_MS} ms election timeout, so its minimum is ${LAB_ETCD_MIN_LEASE_S} s${copied}.`
  );
}

export const consensusNotes: readonly string[] = [
  'Taking or freeing a lock is a write the quorum must agree on, so lock rates come in below Redis’s.',
  'It needs 3 or 5 nodes of its own: a service to run and keep healthy, not a dependency you add to the build.',
  `etcd’s leader looks for expired leases every ${LEASE_REVOKE_PASS_MS}\u00a0ms and revokes them through Raft, so a lock key can outlive its lease by about that long before a waiter gets it, and longer when many leases expire at once. The lab’s etcd recordings show it, and the engine models it.`,
  'A lease lasts at least its TTL. The leader times it on a monotonic clock, so a clock step does not end it early (on Redis and the Postgres lease row it does). By default a new leader starts every lease’s TTL over, plus an election timeout, so after a leader change a waiter can wait up to a full TTL and an election timeout more.',
  etcdMinLeaseNote(),
  'Revisions never go down, except when etcd is restored from a snapshot. Restore with etcdutl’s --bump-revision, or the storage will refuse every new holder until revisions catch up.',
];

export const consensusSayIt =
  'On etcd a lease holds my lock, and the revision that created my lock key is my fencing token. Checking that token is still the storage’s job.';
