-- $1 = lease name, $2 = owner, $3 = TTL in seconds.
-- Take the lease if it is new or expired; each new holder gets the next fencing token.
-- Returns the fence, or no row while a live lease exists. The database's clock alone decides who
-- gets the lease; the holder still times what is left of it on its own clock, from before it
-- sent this. now() is when the transaction began, not when this statement runs: run it in a
-- transaction of its own (alone, autocommitted).
INSERT INTO leases (name, owner, fence, expires_at)
VALUES ($1, $2, 1, now() + make_interval(secs => $3))
ON CONFLICT (name) DO UPDATE
SET owner = EXCLUDED.owner,
    fence = leases.fence + 1,
    expires_at = EXCLUDED.expires_at
WHERE leases.expires_at < now()
RETURNING fence;
