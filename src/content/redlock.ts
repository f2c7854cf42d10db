// Section 9: Redlock and its critique.

export const redlockNotes: readonly string[] = [
  'A client holds the lock once it has set the key on a majority of 5 independent Redis nodes, within the TTL.',
  'Each node expires the key by its own clock, so a node whose clock jumps ahead lets go early.',
];

/** Said after the table of assumptions. */
export const redlockVerdict =
  'Redlock keeps working with up to two of its five nodes down, since three still make a majority; a single node cannot lose even one. It does nothing for the paused client, because it hands out no token the storage could check.';

export const redlockSayIt =
  'Redlock is safe only while pauses, network delays and clock drift stay small. When one of them does not, two clients hold the lock at once, and there is no token to tell them apart.';
