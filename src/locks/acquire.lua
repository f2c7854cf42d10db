-- Acquire a lock and hand out a fencing token, as one step no other command can split.
-- KEYS[1] = lock key, KEYS[2] = token counter. ARGV[1] = TTL in ms.
-- Returns the new token, or nil when another holder has the lock.
-- Redis runs the whole script before any other command, so two clients can never both see
-- the lock as free. It does not undo a script that fails half-way, so the TTL is checked
-- before anything is written: a bad one would spend a token and set no lock.
local ttl = tonumber(ARGV[1])
if not ttl or ttl < 1 or ttl % 1 ~= 0 then
  return redis.error_reply('ERR the TTL must be a whole number of ms, 1 or more')
end
if redis.call('EXISTS', KEYS[1]) == 1 then
  return false
end
-- The counter only grows, so every holder gets a higher token than every holder before it,
-- unless a failover or a restart loses its last increments.
local token = redis.call('INCR', KEYS[2])
-- Past 2^53 - 1 a Lua number (and a JavaScript one) can no longer hold every whole number, so
-- the next token would read as the last one. Refuse, with the lock left free, from then on.
if token > 9007199254740991 then
  return redis.error_reply('ERR the token counter is past 2^53 - 1, the last exact token')
end
-- The expiry is set with the value, so a holder that crashes cannot keep the lock forever.
redis.call('SET', KEYS[1], token, 'PX', ARGV[1])
return token
