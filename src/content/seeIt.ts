// Section 4: the replay, fencing off and on.

export const seeItSayIt =
  'With fencing, the late write fails at the storage, and that failure is how the client finds out it lost the lock.';
