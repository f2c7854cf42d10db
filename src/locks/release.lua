-- Release a lock, but only the caller's own.
-- KEYS[1] = lock key. ARGV[1] = the caller's token.
-- Returns 1 if the lock was deleted, else 0.
-- After the TTL the key may hold another client's token; deleting it then would free a lock
-- that someone else holds.
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
