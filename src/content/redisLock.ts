// Section 7: taking and giving back a lock in Redis.
import type { PseudoListing } from './pseudo';

export const redisLockIntro =
  'Each operation is one script, so Redis runs it from start to finish before any other command. The lock key and its token counter share the hash tag `{name}`: it keeps both keys in one cluster slot, which is what lets one script use both.';

export const redisLockListing: PseudoListing = {
  title: 'acquire, release, extend',
  lines: [
    { code: 'acquire(name, ttlMs):                 // one script, runs atomically', notes: [1] },
    { code: '  IF lock:{name} EXISTS: RETURN busy' },
    { code: '  token = INCR fence:{name}           // goes up by 1', notes: [2] },
    { code: '  SET lock:{name} = token, expiring after ttlMs', notes: [3] },
    { code: '  RETURN token' },
    { code: '' },
    { code: 'release(name, token):                 // one script' },
    { code: '  IF GET lock:{name} == token: DEL lock:{name}', notes: [4] },
    { code: '' },
    { code: 'extend(name, token, ttlMs):           // one script' },
    { code: '  IF GET lock:{name} == token: reset its expiry to ttlMs', notes: [5] },
  ],
  notes: [
    'No other command can run between the check and the set, so two clients can never both find the lock free.',
    'Every holder gets a token higher than that of any holder before it, as long as Redis keeps the counter. A failover or a crash can lose its last increments and hand out a token again. A restart with no persistence starts it at 1 again. The storage then refuses every new holder, since their tokens are lower than the fence it has stored. Run the lock’s Redis with persistence and with maxmemory-policy noeviction, so memory pressure never removes a lock or its counter.',
    'The expiry is set in the same step as the value, so a crash cannot leave the lock held for ever. Redis counts it on its own wall clock, so a step of that clock forward ends the lock early.',
    'Delete the lock only while it is still yours: once it has expired it may belong to someone else.',
    'Extend well before the TTL runs out. A reply of 0 means the lock is already gone: stop the work. Treat no reply in time the same way, since you cannot tell whether the extend ran.',
  ],
};

export const redisLockAsides: readonly string[] = [
  'No token needed? Then use `SET key random-value NX PX ttl`, and compare that random value when releasing.',
];

export const blindReleaseNote =
  'For contrast, the release the lab keeps as a bad example: it deletes the key without looking at who holds it. A slow client whose lock has expired would delete the newer holder’s lock, and a third client could then take it too.';

export const redisLockSayIt =
  'Acquiring is one script: set the key if nobody holds it and return a fresh token. Releasing is another: delete the key, but only while it still holds my token.';
