// Section 12: what breaks, what keeps the data right, and which replay shows it.
export interface FailureCase {
  id: string;
  event: string;
  result: string;
  whyRight: string;
  savedBy:
    | 'Fencing'
    | 'Durable lock'
    | 'TTL'
    | 'Token check'
    | 'Extend, fencing'
    | 'Tokens, fencing'
    | 'Transaction';
  /** The replay that shows it, handed to openReplay(). */
  scenario: string;
  variant: string;
  /**
   * What that replay shows: the lock and the storage saving the data, or only the failure, where
   * the save is something the lock itself does not give (a lock with durable tokens instead of a
   * Redis counter, a lock that hands out tokens in place of Redlock).
   */
  replayShows: 'the save' | 'the failure';
}

export const failureCases: FailureCase[] = [
  {
    id: 'paused-client',
    event: 'A client stalls for longer than the TTL',
    result: 'Meanwhile a second client acquires the lock.',
    whyRight: 'The storage refuses the old token.',
    savedBy: 'Fencing',
    scenario: 'paused-client',
    variant: 'fencing-on',
    replayShows: 'the save',
  },
  {
    id: 'delayed-write',
    event: 'A write is held up in the network',
    result: 'It lands after the lock has moved on.',
    whyRight: 'The storage’s check again: a newer holder has already written with a higher token.',
    savedBy: 'Fencing',
    scenario: 'delayed-write',
    variant: 'fencing-on',
    replayShows: 'the save',
  },
  {
    id: 'redis-failover',
    event: 'Redis fails over before the lock reached the replica',
    result:
      'The new primary has no lock, and its counter can hand out a token again. Two holders of one token also defeat release.lua: either one’s release deletes the other’s lock.',
    whyRight:
      'Take the lock itself, and so its token, from a store that keeps every acknowledged write: etcd, or a lease row on Postgres with synchronous replication that fails over only to a standby in sync.',
    savedBy: 'Durable lock',
    scenario: 'redis-failover',
    variant: 'fencing-on',
    replayShows: 'the failure',
  },
  {
    id: 'holder-crash',
    event: 'The holder crashes',
    result: 'Nobody else can take the lock until its TTL runs out.',
    whyRight:
      'Expiry frees it with no help, and the next holder redoes the work from the start. The crashed holder’s finished writes stay, so make the work safe to run again.',
    savedBy: 'TTL',
    scenario: 'holder-crash',
    variant: 'default',
    replayShows: 'the save',
  },
  {
    id: 'slow-release',
    event: 'A slow client releases after its lock expired',
    result: 'The key now holds someone else’s token.',
    whyRight: 'The release script sees a different token and deletes nothing.',
    savedBy: 'Token check',
    scenario: 'slow-release',
    variant: 'token-check',
    replayShows: 'the save',
  },
  {
    id: 'long-job',
    event: 'A job runs longer than the TTL',
    result: 'The lock is lost partway through the job.',
    whyRight:
      'Renew the lock well before its TTL runs out, give up the job as soon as a renewal fails or gets no answer in time, and fence the writes regardless.',
    // The extend stops a job that learns of the loss, but not one that paused just after a good
    // extend and writes on waking: the replay shows the fence refusing that write.
    savedBy: 'Extend, fencing',
    scenario: 'long-job',
    variant: 'fencing-on',
    replayShows: 'the save',
  },
  {
    id: 'server-clock-jump',
    event: 'The lock server’s clock jumps forward',
    result: 'Redis or the Postgres lease row frees the lock early, though no client paused.',
    whyRight:
      'The storage refuses the old token. etcd times leases on a monotonic clock, so its lock holds.',
    savedBy: 'Fencing',
    scenario: 'server-clock-jump',
    variant: 'fencing-on',
    replayShows: 'the save',
  },
  {
    id: 'redlock-clock-jump',
    event: 'One Redlock node’s clock jumps forward',
    result: 'Two clients each hold a majority.',
    whyRight:
      'Redlock cannot notice, and it gives out no token. A fence works only with a token the lock hands out in the same step as the grant, and Redlock cannot do that: for correctness, use a lock that does, such as a lease row or etcd.',
    // Not "Fencing" alone (the seed's word): Redlock has no token to fence with, so what keeps
    // the data right is a different lock whose token the storage checks.
    savedBy: 'Tokens, fencing',
    scenario: 'redlock-clock-jump',
    variant: 'default',
    replayShows: 'the failure',
  },
  {
    id: 'advisory-disconnect',
    event: 'The client holding an advisory lock loses its connection',
    result:
      'Postgres rolls its transaction back once the connection closes: at once when the client exits; when the network is cut, not until TCP keepalive gives up or an idle-in-transaction timeout ends the session.',
    whyRight: 'The lock and the work end together, so nothing half-done is kept.',
    savedBy: 'Transaction',
    scenario: 'advisory-disconnect',
    variant: 'default',
    replayShows: 'the save',
  },
];

export const failureCasesIntro =
  'Nine ways a lock goes wrong. Each row names what saves the data, and its link opens a replay. Where the lock and the storage can make the save, the replay shows it. Where the save needs a different lock (one whose tokens survive a failover, or one that hands out tokens at all, in place of Redlock), the replay shows only the failure.';
