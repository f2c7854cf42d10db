// The drill's eight questions (section 14), in the explainer's order. Each question keeps a
// stable id: saved progress is keyed by it, so reordering or rewording never loses a reader's marks.

export interface DrillChoice {
  id: string;
  text: string;
  /** Why this choice is wrong, in a sentence or two, for a reader who picked it. The right one has none. */
  why?: string;
}

export interface DrillLink {
  label: string;
  /** A section anchor (`#redlock`) or a replay deep link (`?scenario=…&variant=…#see-it`). */
  href: string;
}

export interface DrillQuestion {
  id: string;
  prompt: string;
  /** Predictions the reader can pick from; the reader may also write their own. */
  choices: readonly DrillChoice[];
  /** The choice closest to the answer, shown after the reveal. */
  bestChoiceId: string;
  /** The answer in one or two short paragraphs. */
  answer: readonly string[];
  /** Where the page shows it: sections and replays. */
  links: readonly DrillLink[];
}

/** A replay deep link: the replay panel reads these query parameters. */
export function replayHref(scenario: string, variant: string): string {
  return `?scenario=${encodeURIComponent(scenario)}&variant=${encodeURIComponent(variant)}#see-it`;
}

export const drillQuestions: readonly DrillQuestion[] = [
  {
    id: 'stale-write',
    prompt:
      'Client 1 holds a lock with a 300 ms TTL and pauses for 500 ms. In that gap client 2 acquires the lock and writes. What becomes of the write client 1 sends once it wakes up?',
    choices: [
      {
        id: 'rejected-by-lock',
        text: 'The write fails: the lock expired at 300 ms, so anything client 1 sends after that is turned away.',
        why: 'The lock never sees the write: it goes straight to the storage, which turns nothing away unless it checks tokens.',
      },
      {
        id: 'depends-on-fencing',
        text: 'Without fencing the storage accepts it over client 2’s write; with fencing the storage rejects it.',
      },
      {
        id: 'blocked',
        text: 'The write waits: client 2 holds the lock now, so client 1’s write queues until client 2 releases.',
        why: 'Nothing queues it: the write goes to the storage, not through the lock, and client 1 still thinks it holds the lock.',
      },
      {
        id: 'notices',
        text: 'If its TTL ran out, client 1 sees so on waking and takes the lock again before it writes; if not, it writes.',
        why: 'Client 1 gets no signal that its lock expired: it wakes mid-step and sends the write it was about to send.',
      },
    ],
    bestChoiceId: 'depends-on-fencing',
    answer: [
      'The lock expired at 300 ms and client 2 took it with a higher token. Client 1 gets no signal: when it resumes it still believes it holds the lock and sends its write with its old token.',
      'Without fencing the storage accepts that write, so the stale value silently overwrites client 2’s. With fencing the storage has already seen the higher token, rejects the lower one, and client 1 learns it lost the lock.',
    ],
    links: [
      { label: 'The paused client', href: '#paused-client' },
      { label: 'Replay: fencing off', href: replayHref('paused-client', 'fencing-off') },
      { label: 'Replay: fencing on', href: replayHref('paused-client', 'fencing-on') },
    ],
  },
  {
    id: 'check-before-write',
    prompt:
      'Client 1 could ask Redis “is the lock still mine?” right before it writes. Why does that not make the write safe?',
    choices: [
      {
        id: 'it-can',
        text: 'It can: if the lock’s remaining TTL, read just before the write, is still above zero, the write is safe.',
        why: 'A TTL above zero says the lock was held when Redis answered, not when the write lands. A pause can fall in between.',
      },
      {
        id: 'gap',
        text: 'The answer can go stale before the write lands: a pause or a network delay can fall between the two.',
      },
      {
        id: 'no-command',
        text: 'Redis has no command that tells a client whether it still holds a key, so the check cannot be made.',
        why: 'It can ask: a GET of the lock key shows whose token is there. The trouble is that the answer can go stale.',
      },
      {
        id: 'too-slow',
        text: 'It could, but one more round trip to Redis before every write costs more latency than the lock saves.',
        why: 'Cost is not the problem: even a free check can be out of date by the time the write lands.',
      },
    ],
    bestChoiceId: 'gap',
    answer: [
      'The check and the write are two steps, and nothing stops time between them. The client can pause (GC, swap, a VM migration) or the write can wait in a network queue for longer than the TTL that was left, so “yes, I hold it” is already out of date when the write arrives.',
      'Only the storage sees writes in the order they land, so only the storage can refuse the stale one, by comparing tokens.',
    ],
    links: [
      { label: 'The fenced path', href: '#fenced-path' },
      { label: 'Replay: a delayed write', href: replayHref('delayed-write', 'fencing-off') },
      { label: 'Failure cases', href: '#failure-cases' },
    ],
  },
  {
    id: 'release-token',
    prompt: 'Why does the release look at the token first, instead of simply deleting the key?',
    choices: [
      {
        id: 'someone-else',
        text: 'After expiry the key may belong to another client; a plain delete would remove their lock.',
      },
      {
        id: 'speed',
        text: 'A delete of a key that already expired returns an error, so the release checks the key first.',
        why: 'A DEL of a missing key is no error, it returns 0. The danger is a key that is there and belongs to someone else.',
      },
      {
        id: 'counter',
        text: 'Deleting the lock key also resets the token counter, so the next holder would reuse a token.',
        why: 'The token counter is a key of its own, fence:{name}. Deleting the lock key leaves it alone, so tokens keep growing.',
      },
      {
        id: 'not-needed',
        text: 'It does not have to: the TTL already removed an expired lock, so a delete can only hit your own.',
        why: 'After your lock expires, another client can take the same key. A plain delete then removes their lock.',
      },
    ],
    bestChoiceId: 'someone-else',
    answer: [
      'A slow client may release after its lock expired and another client took it. A plain DEL would then delete the new holder’s lock and let a third client in while the second is still working.',
      'So the release script deletes the key only if it still holds the caller’s token, and does the compare and the delete as one atomic step. A GET followed by a DEL from the client would reopen the same race.',
    ],
    links: [
      { label: 'Lock and release in Redis', href: '#redis-lock' },
      { label: 'Replay: a blind delete', href: replayHref('slow-release', 'blind-delete') },
      { label: 'Replay: the token check', href: replayHref('slow-release', 'token-check') },
    ],
  },
  {
    id: 'redlock',
    prompt: 'Redlock is safe only under some assumptions. Which ones, and what breaks them?',
    choices: [
      {
        id: 'timing',
        text: 'Bounded clock drift, pauses and network delay; a clock jump, a long GC pause or a restart without its data gives two holders.',
      },
      {
        id: 'majority',
        text: 'Only that a majority of the 5 nodes is up: while 3 of 5 answer, two clients can never hold the lock at the same time.',
        why: 'A majority is not enough: a clock jump on one node, or a pause past the TTL, lets a second client get its own majority.',
      },
      {
        id: 'fsync',
        text: 'That every node fsyncs each write before it answers; with fsync on, no restart can lose a lock, so it is safe.',
        why: 'fsync only covers restarts. A clock jump or a pause past the TTL still gives two holders, and there is no token to stop them.',
      },
      {
        id: 'nothing',
        text: 'Nothing about time: it checks the time it took to acquire against the TTL, so a jump or a pause cannot give two holders.',
        why: 'That check covers only the time to acquire. A pause after it, or a clock jump on one node, goes unseen.',
      },
    ],
    bestChoiceId: 'timing',
    answer: [
      'It assumes the nodes’ clocks run at about the same rate and none jumps, process pauses are shorter than the TTL, network delay is short, and a node keeps its keys across a restart or stays down longer than the TTL.',
      'A clock step on one node, a GC pause or a restart without persisted data each lets two clients hold the lock at once; a write held in the network arrives after the lock has moved on. Redlock hands out no token the storage could check, so nothing stops the stale writes either way.',
    ],
    links: [
      { label: 'Redlock and its critique', href: '#redlock' },
      { label: 'Replay: a clock jump', href: replayHref('redlock-clock-jump', 'default') },
      { label: 'Replay: a GC pause', href: replayHref('redlock-gc-pause', 'default') },
    ],
  },
  {
    id: 'incr-token',
    prompt: 'Can a counter from Redis INCR be trusted as a fencing token?',
    choices: [
      {
        id: 'always',
        text: 'Yes, always: INCR is atomic and only goes up, so no two holders can ever get the same token.',
        why: 'INCR only grows while its node keeps the value. A failover or a restart can lose the last increments and repeat a token.',
      },
      {
        id: 'while-counter-survives',
        text: 'Only while the counter survives: a failover before replication can hand out the same token again.',
      },
      {
        id: 'never',
        text: 'No: two clients that call INCR at the same moment can both read the same value and get one token.',
        why: 'INCR is atomic: two calls at the same moment get two different values. The risk is a failover, not a race.',
      },
      {
        id: 'cluster-only',
        text: 'Only on Redis Cluster, where the counter reaches a replica before INCR replies to the client.',
        why: 'Redis Cluster replicates asynchronously too: INCR replies before a replica has the new value.',
      },
    ],
    bestChoiceId: 'while-counter-survives',
    answer: [
      'On one node that keeps its data, INCR only grows. But Redis replicates asynchronously: a failover before an increment reaches the replica hands that token out again, and loses the lock too. So does a crash before the last increments reach the disk, and a restart with no persistence starts the counter at 1. WAIT does not close the gap: a failover can still promote a replica that missed the write.',
      'For tokens that never repeat, take the lock itself, token and all, from a store that keeps every acknowledged write: etcd, or a Postgres lease row that fails over only to a standby in sync.',
    ],
    links: [
      { label: 'Failure cases', href: '#failure-cases' },
      { label: 'Replay: Redis failover', href: replayHref('redis-failover', 'fencing-on') },
      { label: 'Capabilities used', href: '#capabilities' },
    ],
  },
  {
    id: 'no-fencing',
    prompt: 'In which case can you leave fencing out altogether?',
    choices: [
      {
        id: 'same-transaction',
        text: 'When the lock is a Postgres advisory lock in the work’s own transaction, and the work writes only to that database.',
      },
      {
        id: 'redlock',
        text: 'When the lock is Redlock on 5 nodes, whose majority keeps two clients from holding it at once.',
        why: 'Redlock still expires under a paused client, and it hands out no token, so the stale write lands.',
      },
      {
        id: 'long-ttl',
        text: 'When the TTL is set far longer than the work can take, so the lock cannot expire mid-work.',
        why: 'No TTL covers every pause: a GC pause, swap or a VM migration can outlast any TTL you pick.',
      },
      {
        id: 'single-redis',
        text: 'When there is a single Redis node, so no failover can lose the lock or hand out a token twice.',
        why: 'One node still has a TTL: a paused client wakes after it expired and writes anyway.',
      },
    ],
    bestChoiceId: 'same-transaction',
    answer: [
      'When the lock and the work live in the same Postgres transaction: take an advisory lock with pg_try_advisory_xact_lock and do the writes in that transaction. Commit or rollback ends both together: a client that stalls keeps the lock, so no other client that asks for it writes meanwhile, and one that dies, or whose session is ended, is rolled back with its writes. No write can land after its lock is gone.',
      'You also skip fencing when the lock is only for efficiency: a double run wastes work but cannot corrupt data.',
    ],
    links: [
      { label: 'Locks in Postgres', href: '#postgres-locks' },
      {
        label: 'Replay: an advisory lock holder disconnects',
        href: replayHref('advisory-disconnect', 'default'),
      },
      { label: 'Scale ladder', href: '#scale-ladder' },
    ],
  },
  {
    id: 'efficiency-correctness',
    prompt: 'How does a lock for efficiency differ from a lock for correctness?',
    choices: [
      {
        id: 'double-run',
        text: 'What a double run costs: with efficiency, work runs twice; with correctness, data is corrupted.',
      },
      {
        id: 'speed',
        text: 'How fast it is taken: an efficiency lock skips the extra round trips a correctness lock needs.',
        why: 'Both can be the same SET NX PX. What differs is what a failure costs, not how the lock is taken.',
      },
      {
        id: 'nodes',
        text: 'How many nodes hold it: a correctness lock needs a majority of several Redis nodes, as in Redlock.',
        why: 'More nodes do not make a lock safe: Redlock on 5 nodes still gives two holders under a pause or a clock jump.',
      },
      {
        id: 'ttl',
        text: 'Whether it expires: an efficiency lock has a TTL, while a correctness lock is held until released.',
        why: 'Both kinds usually expire, so that a crashed holder frees them. What differs is what a double run costs.',
      },
    ],
    bestChoiceId: 'double-run',
    answer: [
      'Ask what it costs when the lock fails and two clients run. For efficiency, some work runs twice: wasted time or a duplicate email, but the data stays right, and a single Redis SET NX PX is enough.',
      'For correctness, a double run corrupts data, so the lock alone is not enough: fence every write at the storage, or take the lock in the same transaction as the data.',
    ],
    links: [{ label: 'Which lock, for what', href: '#which-lock' }],
  },
  {
    id: 'third-party',
    prompt: 'Your writes go to a third-party API with no way to check a token. What do you do?',
    choices: [
      {
        id: 'what-it-supports',
        text: 'Use a conditional write it offers (If-Match with an ETag), put a token-checking proxy in front, or settle for efficiency.',
      },
      {
        id: 'redlock',
        text: 'Switch the lock to Redlock on 5 nodes: with a majority behind it the lock itself is safe, so the API needs no check.',
        why: 'No lock is safe on its own: a paused client still writes after expiry, and Redlock gives the API no token to check.',
      },
      {
        id: 'check-first',
        text: 'Ask the lock service whether you still hold the lock just before each call, and skip the call if the lock is gone.',
        why: 'The answer can go stale before the call lands: a pause or a network delay can fall between the check and the call.',
      },
      {
        id: 'long-ttl',
        text: 'Set a TTL longer than any call can take, or keep extending it while you work: either way the lock cannot expire mid-call.',
        why: 'No TTL outlasts every pause, and a paused client cannot extend its lock: it makes the call when it wakes.',
      },
    ],
    bestChoiceId: 'what-it-supports',
    answer: [
      'You cannot fence it directly, so use what it does offer. A conditional write, such as If-Match with an ETag, is a compare-and-set: the API refuses a write based on a version that has changed, though not one from a client that read again after its lock expired. An idempotency key only stops one operation running twice.',
      'Failing that, route every write through a proxy of your own that checks the token and forwards one write per resource at a time, learning how each call ended first; nothing may reach the API around it. Otherwise the lock only gives efficiency: plan for the rare double write.',
    ],
    links: [
      { label: 'Fencing at the storage', href: '#fencing-storage' },
      { label: 'Which lock, for what', href: '#which-lock' },
    ],
  },
];

/** Longest free-text prediction the drill keeps; longer input is cut, longer stored text is refused. */
export const PREDICTION_MAX_CHARS = 1000;
