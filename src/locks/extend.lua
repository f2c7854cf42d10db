-- Extend a lock, but only while the caller still holds it.
-- KEYS[1] = lock key. ARGV[1] = the caller's token, ARGV[2] = new TTL in ms.
-- Returns 1 if the expiry was reset, else 0 (the lock expired or belongs to someone else).
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
