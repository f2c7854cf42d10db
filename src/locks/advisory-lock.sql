-- $1 = lock name.
-- A lock that lives as long as the current transaction: commit or rollback releases it, so the
-- lock and the work end together. Returns false at once if another transaction holds it.
-- hashtext gives only 32 bits, so two names can share one lock: they then wait for each other,
-- but never both hold it. Under REPEATABLE READ the snapshot is taken before the lock is
-- granted and can miss the last holder's writes, so run this at READ COMMITTED.
SELECT pg_try_advisory_xact_lock(hashtext($1));
