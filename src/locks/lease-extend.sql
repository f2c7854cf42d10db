-- $1 = lease name, $2 = the holder's fence, $3 = new TTL in seconds.
-- Push a live lease's expiry out, for its holder alone. A lease that has expired is not brought
-- back (another client may already be about to take it), and one taken over meanwhile has another
-- fence: either way no row changes, and the holder must stop. The database's clock judges expiry,
-- as in lease-take.sql.
UPDATE leases SET expires_at = now() + make_interval(secs => $3)
WHERE name = $1 AND fence = $2 AND expires_at > now();
