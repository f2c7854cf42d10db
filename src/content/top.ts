// Section 1: the page's opening. Our wording; the four points are the explainer's.
export const lede =
  'Put an expiry on a lock and a client that crashes can no longer block everyone else. The ' +
  'same expiry has a price: a client that stalls can wake up after its time ran out and write ' +
  'as though it still held the lock, just after another client took it.';

export const keyPointsTitle = 'Four things to keep';

export const keyPoints: readonly string[] = [
  'A lock that expires by itself is really a lease: it is yours only for a set time. Once that time runs out, a client that was paused can still carry on and act.',
  'Only the storage is in a position to stop a stale write: a write from a client whose lock has already run out. Each new holder gets a higher number, its fencing token, and sends it with every write. The storage keeps the highest token it has accepted, the fence, and turns away a write whose token is lower. That check is fencing.',
  'A Redis lock is good enough to avoid most duplicate work. Do not rely on it to keep data correct.',
  'When correctness matters, take the lock in the same transaction as the data, or fence every write.',
];
