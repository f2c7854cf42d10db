// Section 11: two ways to lock in Postgres.
import type { PseudoListing } from './pseudo';

export const postgresIntro =
  'When the work writes to the same database, an advisory lock inside that transaction is all you need. When the work happens elsewhere, a lease row hands out fencing tokens that survive restarts.';

export const postgresListing: PseudoListing = {
  title: 'advisory lock and lease row',
  lines: [
    { code: 'with_lock(name, work):                // the work writes to this database' },
    { code: '  BEGIN' },
    { code: '    IF NOT try_advisory_xact_lock(name): ROLLBACK; RETURN busy', notes: [1] },
    { code: '    work()                            // inside the same transaction' },
    { code: '  COMMIT                              // releases the lock as well', notes: [2] },
    { code: '' },
    { code: 'lease(name, owner, ttl):              // the work happens outside the database' },
    { code: '  insert (name, owner, fence 1, expires now + ttl)' },
    { code: '  ON CONFLICT: take it only IF expires_at < now', notes: [3] },
    { code: '               and set fence = fence + 1', notes: [4] },
    { code: '  RETURN fence, or busy while a live lease exists' },
  ],
  notes: [
    'It answers false straight away when another transaction holds the lock. It never waits.',
    'Commit or rollback frees the lock. A client that dies is rolled back, so it cannot write later, but nobody else gets the lock until Postgres sees its connection close. If the client’s host vanishes or the network is cut, that waits for TCP keepalive: over two hours with Linux defaults, unless tcp_keepalives_idle or idle_in_transaction_session_timeout is set lower.',
    'Postgres’s clock alone decides who gets the lease, and a step of that clock forward ends every lease early. A holder still times what is left of its lease on its own clock: start a monotonic timer before sending the request. now() is the time the transaction began, not the time of the statement, so take the lease in a transaction of its own (the statement alone, autocommitted), never late in a longer one.',
    'The row stays after release, so each new holder gets a higher token than the last. A failover to an asynchronous standby can lose the last increment, as with Redis, so if the tokens must survive one, use synchronous replication and fail over only to a standby that confirmed every commit.',
  ],
};

export const postgresSayIt =
  'When the work lives in the same database, I lock with an advisory lock in that very transaction, and one commit ends both.';
