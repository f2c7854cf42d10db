// What the replay says about a stale write once it has reached the storage: how its writer had lost
// the lock, and whether the data survived.
import { actorName } from '../../content/actorWords';
import type { WriteVerdict } from './cursor';
import { capitalize } from './describe';
import { serverWord } from '../../viz/expiry';
import { stepWords } from '../../viz/clockStepWords';
import { fmt } from '../../viz/timelineWords';

/** "whose lock had expired": how the writer of a stale write had lost the lock, for a clause. */
export function howLost(v: WriteVerdict): string {
  const holder = v.holder !== null ? actorName(v.holder) : 'another client';
  switch (v.lost) {
    case 'token-repeated':
      return `whose token ${v.token} had been given again, to ${holder}`;
    case 'clock-jump':
      return v.jump
        ? `whose lock had ended early, when ${serverWord(v.jump.node)}’s wall clock jumped ${stepWords(v.jump.byMs)}`
        : 'whose lock had ended early, when its server’s wall clock jumped';
    case 'taken':
      return `whose lock had gone to ${holder} before its own TTL ran out`;
    default:
      // Sent in time, late only because the network held it: the writer did nothing wrong.
      return v.held
        ? `whose write, sent at ${fmt(v.held.sentAt)} while its lock was valid, was held in the network for ${v.held.heldMs} ms and arrived after the lock had expired`
        : 'whose lock had expired';
  }
}

export function verdictText(v: WriteVerdict): { title: string; body: string; tone: 'bad' | 'ok' } {
  const who = actorName(v.actor);
  const token = v.token !== null ? `token ${v.token}` : 'no token';
  const holder = v.holder !== null ? actorName(v.holder) : 'the newer holder';
  const lost = `It overwrote “${v.bodyBefore}”, and ${holder}’s update is lost without an error anywhere.`;
  if (v.accepted && v.lost === 'token-repeated' && v.unfenced) {
    // Fencing off: the storage never compared tokens, so the repeat is not what let it through.
    return {
      tone: 'bad',
      title: 'Stale write accepted: the data is corrupt',
      body: `The storage took “${v.body}” from ${who} (${token}) without checking its token. ${capitalize(holder)} holds the lock with the same token ${v.token}, handed out a second time after the failover lost the counter’s last increment, so turning fencing on would not help here: a storage that checks takes any token at least equal to its fence (fence ≤ token), and ${v.token} passes for both. ${lost}`,
    };
  }
  if (v.accepted && v.lost === 'token-repeated') {
    return {
      tone: 'bad',
      title: 'A repeated token got through: the data is corrupt',
      body: `The storage took “${v.body}” from ${who} (${token}). ${capitalize(holder)} holds the lock with the same token ${v.token}, handed out a second time after the failover lost the counter’s last increment, and the storage takes any token at least equal to its fence (fence ≤ token), so ${v.token} passes for both: fencing cannot tell two holders of one token apart. ${lost}`,
    };
  }
  if (v.accepted) {
    return {
      tone: 'bad',
      title: 'Stale write accepted: the data is corrupt',
      body: `The storage took “${v.body}” from ${who} (${token}), ${howLost(v)}. ${lost}`,
    };
  }
  return {
    tone: 'ok',
    title: 'Stale write rejected by the storage',
    body: `The storage has seen ${v.fenceBefore !== null ? `token ${v.fenceBefore}` : 'a newer token'}, so “${v.body}” with ${token} fails and the document keeps “${v.bodyBefore}”. From the rejection ${who} learns it lost the lock, and stops.`,
  };
}
