// Section 4: the replay, fencing off and on.

export const seeItSayIt =
  'With fencing, the late write fails at the storage, and that failure is how the client finds out it lost the lock.';

/**
 * Why a scenario's replay has no fencing switch: the section promises fencing off, then on, and a
 * run without the switch says why in one line. Keyed by scenario name; a test requires a line for
 * every scenario that lacks the fencing-off and fencing-on pair, and none for one that has it.
 */
export const whyNoFencingSwitch: Readonly<Record<string, string>> = {
  'holder-crash':
    'No fencing switch here: client 1 crashes and never writes again, so there is no late write for a token to stop.',
  'slow-release':
    'No fencing switch here: the storage checks tokens in both runs. What changes is how client 1 releases the lock once it wakes.',
  'redlock-clock-jump':
    'No fencing switch here: Redlock hands out no token, so the storage has nothing to compare and takes both writes.',
  'redlock-gc-pause':
    'No fencing switch here: Redlock hands out no token, so the storage has nothing to compare and takes both writes.',
  'advisory-disconnect':
    'No fencing switch here: the advisory lock hands out no token, and needs none while the write stays inside its transaction.',
  'cluster-hash-tags':
    'No fencing switch here: this run is about where the keys hash. Without a hash tag, the lock and its token counter land in different slots and the cluster refuses the script.',
};
