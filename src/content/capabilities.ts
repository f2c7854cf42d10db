// Section 6: what each tool offers the design, and what else the same feature is good for.
export interface Capability {
  id: string;
  tool: 'Redis' | 'Postgres' | 'etcd' | 'ZooKeeper';
  capability: string;
  gives: string;
  alsoUsedFor: string;
  /** A row that names a limit rather than something the design relies on. */
  limit?: boolean;
}

export const capabilities: Capability[] = [
  {
    id: 'set-nx-px',
    tool: 'Redis',
    capability: 'SET with NX and PX',
    gives:
      'Creates the lock only when nobody holds it, together with its expiry, in a single command.',
    alsoUsedFor: 'Idempotency keys, dedupe',
  },
  {
    id: 'eval',
    tool: 'Redis',
    capability: 'Server-side scripts (EVAL)',
    gives: 'Compares the token and then deletes or extends, with no other command in between.',
    alsoUsedFor: 'Rate limits, holds',
  },
  {
    id: 'incr',
    tool: 'Redis',
    capability: 'INCR',
    gives: 'A counter that goes up by one on every call: the fencing token.',
    alsoUsedFor: 'IDs, counters',
  },
  {
    id: 'ttl',
    tool: 'Redis',
    capability: 'Key expiry (TTL)',
    gives: 'A holder that crashes frees the lock by itself; no cleanup job is needed.',
    alsoUsedFor: 'Sessions, caches',
  },
  {
    id: 'hash-tags',
    tool: 'Redis',
    capability: 'Cluster hash tags: lock:{report}',
    gives: 'Puts the lock and its counter in the same slot, so one script can touch both.',
    alsoUsedFor: 'Any multi-key script',
  },
  {
    id: 'async-replication',
    tool: 'Redis',
    capability: 'Asynchronous replication',
    gives: 'After a failover the lock can be gone and a token can be handed out twice.',
    alsoUsedFor: '—',
    limit: true,
  },
  {
    id: 'xact-advisory',
    tool: 'Postgres',
    capability: 'Transaction-level advisory lock',
    gives:
      'A lock known only by a number, with no table to create; it goes away at commit or rollback.',
    alsoUsedFor: 'Singleton cron jobs, migrations',
  },
  {
    id: 'session-advisory',
    tool: 'Postgres',
    capability: 'Session-level advisory lock',
    gives:
      'Held until pg_advisory_unlock or until the connection closes. A pooler in transaction mode breaks it. Postgres can hand the lock on before the old holder notices its connection is gone, so a leader chosen this way still needs fencing.',
    alsoUsedFor: 'Leader election on one database',
  },
  {
    id: 'upsert',
    tool: 'Postgres',
    capability: 'INSERT ... ON CONFLICT DO UPDATE ... WHERE',
    gives: 'One statement both claims a lapsed lease and bumps its fence.',
    alsoUsedFor: 'Upserts, claims',
  },
  {
    id: 'conditional-update',
    tool: 'Postgres',
    capability: 'Conditional UPDATE: fence <= token',
    gives: 'The storage turns a stale write away, and the row count tells the writer so.',
    alsoUsedFor: 'Versioned writes',
  },
  {
    id: 'etcd-lease',
    tool: 'etcd',
    capability: 'Leases with keepalive; a revision on every write',
    gives:
      'The lock key is deleted when its lease is revoked, shortly after the lease lapses. Revisions never go down, so the revision of the write that created the lock key, its create revision, can serve as a fencing token.',
    alsoUsedFor: 'Leader election, config',
  },
  {
    id: 'znodes',
    tool: 'ZooKeeper',
    capability: 'Ephemeral sequential znodes; zxid',
    gives:
      'Each waiter gets a numbered place in line; when the holder’s session dies, its node is deleted and the lock with it.',
    alsoUsedFor: 'Group membership, leaders',
  },
];

export const capabilitiesSayIt =
  'Redis gives me a key that is set only if it is absent and expires on its own, plus a counter for tokens. Postgres gives me locks that end with their transaction, and an UPDATE that refuses an old token.';
