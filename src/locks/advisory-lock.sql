-- $1 = lock name.
-- A lock that lives as long as the current transaction: commit or rollback releases it, so the
-- lock and the work end together. Returns false at once if another transaction holds it.
SELECT pg_try_advisory_xact_lock(hashtext($1));
