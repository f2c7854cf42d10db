-- Extend a lock, but only while the caller still holds it.
-- KEYS[1] = lock key. ARGV[1] = the caller's token, ARGV[2] = new TTL in ms.
-- Returns 1 if the expiry was reset, else 0 (the lock expired or belongs to someone else).
-- The TTL is checked first: PEXPIRE with 0 or less deletes the key and still returns 1, so a
-- caller whose arithmetic went below zero would be told "extended" as its lock went away.
local ttl = tonumber(ARGV[2])
if not ttl or ttl < 1 or ttl % 1 ~= 0 then
  return redis.error_reply('ERR the TTL must be a whole number of ms, 1 or more')
end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
