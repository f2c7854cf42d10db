// Section 2: the paused client.

export const pausedClientNotes: readonly string[] = [
  'A stop-the-world garbage collection, swapping, or a VM being moved to another host can stop a client, and a congested network can hold up its messages, for longer than its lock’s TTL (time to live: how long the lock lasts before it expires by itself).',
  'Nothing tells the frozen client that its lock ran out meanwhile: when it wakes, it carries on as the holder.',
];

export const pausedClientSayIt =
  'A TTL cannot stop a client that stalls past it: when that client wakes up, it still believes the lock is its own.';
