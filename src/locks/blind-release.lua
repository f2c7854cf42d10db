-- The WRONG release, kept to show why release.lua compares the token first.
-- KEYS[1] = lock key. ARGV is ignored.
-- Returns 1 if a key was deleted, else 0. A slow client whose lock already expired deletes
-- the lock that a newer holder took, and a third client can then acquire it too.
return redis.call('DEL', KEYS[1])
