-- $1 = lease name, $2 = the holder's fence.
-- Give the lease back early by expiring it. The row stays, so the next token is still higher;
-- a holder whose lease was already taken over matches no row and changes nothing.
UPDATE leases SET expires_at = '-infinity'
WHERE name = $1 AND fence = $2;
