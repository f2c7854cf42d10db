-- $1 = lock name.
-- A lock that lives as long as the current transaction: commit or rollback releases it, so the
-- lock and the work end together. Returns false at once if another transaction holds it.
-- hashtext gives only 32 bits, so two names can land on one lock: the second to ask is then
-- told false, busy, though its own name is free; the two never both hold it. Under REPEATABLE
-- READ the snapshot is taken before the lock is granted and can miss the last holder's writes,
-- so run this at READ COMMITTED.
SELECT pg_try_advisory_xact_lock(hashtext($1));
