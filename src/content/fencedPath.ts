// Section 5: the fenced path.

export const fencedPathSayIt =
  'I take a token with the lock, send it with every write, and let the storage refuse any token older than one it has already seen.';
