// Section 2: the paused client.

export const pausedClientNotes: readonly string[] = [
  'A lock that expires has a TTL (time to live): how long it lasts before it expires by itself. A stop-the-world garbage collection, swapping, or a VM being moved to another host can stop a client for longer than its lock’s TTL. A congested network can hold up the client’s messages for that long too.',
  'Nothing tells the frozen client that its lock ran out meanwhile: when it wakes, it carries on as the holder.',
];

export const pausedClientSayIt =
  'A TTL cannot stop a client that stalls past it: when that client wakes up, it still believes the lock is its own.';
