-- $1 = lease name, $2 = the holder's fence.
-- Hand the lease back before its time by making it already expired. Keeping the row keeps the
-- next token higher. A holder whose lease was taken over meanwhile matches no row, and changes
-- nothing.
UPDATE leases SET expires_at = '-infinity'
WHERE name = $1 AND fence = $2;
