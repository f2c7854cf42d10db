// Section 9: Redlock and its critique.

export const redlockNotes: readonly string[] = [
  'A client holds the lock once it has set the key on at least 3 of 5 independent Redis nodes, a majority. It may use the lock only for the TTL minus the time acquiring took and an allowance for clock drift; if it did not win 3 nodes, or no time is left, it deletes its key on every node.',
  'Each node expires the key by its own clock, so a node whose clock jumps ahead lets go early.',
];

/** The designer's reply and its answer, said once the reader has seen what they argue about. */
export const redlockDebate: readonly string[] = [
  'The clock jump and the GC pause above come from Martin Kleppmann’s critique of Redlock. Salvatore Sanfilippo (antirez), who designed it, replied that a pause past the TTL harms any lock that expires, not Redlock alone. He also wrote that clock jumps can be avoided by slewing clocks (nudging their rate until they are right), never stepping them (setting a new time at once). A monotonic clock would help too, but Redis still expires keys by the wall clock.',
  'He also argued that a storage able to check tokens could compare and set Redlock’s random value instead. Kleppmann’s critique had already met that: a random value tells holders apart, not which came later, so the storage still cannot refuse the older one.',
];

/** Said after the table of assumptions. */
export const redlockVerdict =
  'Redlock keeps working with up to two of its five nodes down, since three still make a majority; a single node cannot lose even one. The paused client is another matter: Redlock has no token to give, so the storage has nothing to check.';

export const redlockSayIt =
  'Redlock is safe only while pauses, network delays and clock drift stay small. When one of them does not, two clients hold the lock at once, and there is no token to tell them apart.';
