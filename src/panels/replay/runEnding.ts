// What a run showed, said once it has ended, for runs with no stale write (those end on the
// storage's verdict instead). Every clause is read off the trace: who crashed or was cut off, when,
// how often another was refused, which token came next. A run whose events do not have the shape a
// clause describes gets the plain closing line instead, so the page never tells a story the run
// did not play.
import type { TraceEvent } from '../../sim/trace/schema';
import { actorName } from '../../content/actorWords';
import { fmt } from '../../viz/timelineWords';
import type { ReplayCursor } from './cursor';
import { capitalize, countWord } from './describe';
import { lockOfTrace } from './recordings';
import { finiteNumber, stringOrNull } from './replayState';

export interface RunEnding {
  title: string;
  body: string;
  /** `ok`: nothing was lost; `note`: nothing ran at all, which is neither safe nor unsafe. */
  tone: 'ok' | 'note';
}

type Indexed = { ev: TraceEvent; i: number };

function indexed(events: readonly TraceEvent[]): Indexed[] {
  return events.map((ev, i) => ({ ev, i }));
}

function is(x: Indexed, f: TraceEvent['f'], type?: TraceEvent['type'], actor?: string): boolean {
  return (
    x.ev.f === f &&
    (type === undefined || x.ev.type === type) &&
    (actor === undefined || x.ev.actor === actor)
  );
}

/** "once", "twice", "three times". */
function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${countWord(n)} times`;
}

/** The acquire a client sent that its grant at `grantIndex` answered, with the TTL it asked for. */
function askOfGrant(
  all: Indexed[],
  grantIndex: number,
  actor: string,
): { t: number; ttlMs: number | null } | null {
  for (let k = grantIndex - 1; k >= 0; k--) {
    const x = all[k] as Indexed;
    if (is(x, 'acquire', 'invoke', actor))
      return { t: x.ev.t, ttlMs: finiteNumber(x.ev.value?.ttlMs) };
  }
  return null;
}

/** Where a holder's lock lives, for "while client 1’s key stood". */
function lockStood(lock: string | undefined, owner: string): string {
  switch (lock) {
    case 'pg-lease':
      return `${owner}’s lease row was live`;
    case 'etcd':
      return `${owner}’s lease lived`;
    case 'redis':
    case 'redis-replicated':
    case 'redis-cluster':
      return `${owner}’s key stood`;
    default:
      return `${owner}’s lock stood`;
  }
}

/** Redis Cluster refused the script: its keys hash to two slots. */
function crossSlot(all: Indexed[]): RunEnding | null {
  const refusal = all.find((x) => is(x, 'acquire', 'fail') && x.ev.value?.reason === 'CROSSSLOT');
  if (!refusal || all.some((x) => is(x, 'acquire', 'ok'))) return null;
  const v = refusal.ev.value ?? {};
  const lockSlot = finiteNumber(v.lockSlot);
  const fenceSlot = finiteNumber(v.fenceSlot);
  const slots =
    lockSlot !== null && fenceSlot !== null
      ? `the lock key hashes to slot ${lockSlot} and the token counter to slot ${fenceSlot}`
      : 'the lock key and the token counter hash to different slots';
  return {
    tone: 'note',
    title: 'Refused before the script ran: its keys sit in two slots',
    body: `Redis Cluster turned down ${actorName(refusal.ev.actor)}’s acquire without running it: ${slots}, and one script may only touch keys of one slot, since each slot lives on one node. No lock was taken and nothing was written. With the shared part of both names in braces, a hash tag, only that part is hashed, so both keys land in one slot: pick “hash tag {…}” to see the same script run.`,
  };
}

/** Redis Cluster ran the script: both keys share the slot of their hash tag. */
function oneSlot(all: Indexed[], lock: string | undefined): RunEnding | null {
  if (lock !== 'redis-cluster') return null;
  const grant = all.find((x) => is(x, 'acquire', 'ok'));
  const slot = finiteNumber(grant?.ev.value?.slot);
  if (!grant || slot === null) return null;
  const who = actorName(grant.ev.actor);
  const node = stringOrNull(grant.ev.value?.node);
  const token = finiteNumber(grant.ev.value?.token);
  const wrote = all.find((x) => is(x, 'write', 'ok', grant.ev.actor) && x.i > grant.i);
  const released = all.some((x) => is(x, 'release', 'ok', grant.ev.actor) && x.i > grant.i);
  const did = [
    `took the lock${token !== null ? ` with token ${token}` : ''}`,
    ...(wrote ? [`wrote “${stringOrNull(wrote.ev.value?.body) ?? '…'}”`] : []),
    ...(released ? ['released it'] : []),
  ];
  const last = did.pop() as string;
  return {
    tone: 'ok',
    title: 'One slot, so the script ran',
    body: `The lock key and the token counter both hash to slot ${slot}${node ? `, which ${node} serves` : ''}: only the part of each name in braces, the hash tag, is hashed, and it is the same in both. So Redis Cluster ran the script, and ${who} ${did.length ? `${did.join(', ')} and ${last}` : last}. Pick “no hash tag” to see the same script refused.`,
  };
}

/** A holder crashed without releasing; the next client waited out its TTL. */
function crashedHolder(all: Indexed[], lock: string | undefined): RunEnding | null {
  const crash = all.find((x) => is(x, 'crash'));
  if (!crash) return null;
  const actor = crash.ev.actor;
  const grant = all.filter((x) => x.i < crash.i && is(x, 'acquire', 'ok', actor)).pop();
  if (!grant) return null;
  if (all.some((x) => x.i > grant.i && x.i < crash.i && is(x, 'release', undefined, actor)))
    return null;
  const token = finiteNumber(grant.ev.value?.token);
  const ask = askOfGrant(all, grant.i, actor);
  const next = all.find((x) => x.i > crash.i && is(x, 'acquire', 'ok') && x.ev.actor !== actor);
  const holding = `holding the lock${token !== null ? ` with token ${token}` : ''}`;
  const opening = `${capitalize(actorName(actor))} crashed at ${fmt(crash.ev.t)} ${holding}, and never released it.`;
  if (!next) {
    return {
      tone: 'ok',
      title: 'A crashed holder’s lock',
      body: `${opening} No other client took the lock in this run.`,
    };
  }
  const other = actorName(next.ev.actor);
  const refused = all.filter(
    (x) => x.i > crash.i && x.i < next.i && is(x, 'acquire', 'fail', next.ev.actor),
  ).length;
  const nextToken = finiteNumber(next.ev.value?.token);
  const wrote = all.find((x) => x.i > next.i && is(x, 'write', 'ok', next.ev.actor));
  const waited =
    refused > 0
      ? `${capitalize(other)} was refused ${times(refused)} while ${lockStood(lock, actorName(actor))}. `
      : '';
  // The server set the key between the acquire's request and its answer, so its TTL had surely
  // run out by the request's time plus the TTL; a grant before that was not the TTL's doing.
  const ttl = ask?.ttlMs ?? null;
  const ranOut = ask !== null && ttl !== null && next.ev.t >= ask.t + ttl;
  const ttlClause = ranOut ? `, once ${actorName(actor)}’s ${ttl} ms TTL had run out` : '';
  return {
    tone: 'ok',
    title: 'The TTL freed a crashed holder’s lock',
    body: `${opening} ${waited}At ${fmt(next.ev.t)}${ttlClause}, ${other} got the lock${nextToken !== null ? ` with token ${nextToken}` : ''}${wrote ? ` and wrote “${stringOrNull(wrote.ev.value?.body) ?? '…'}”` : ''}. The TTL is what frees the lock of a holder that died; its price is the wait, up to one whole TTL. A short TTL cuts the wait after a crash but gives a live holder less time before it must extend.`,
  };
}

/** A late release that checks the token let nothing go: the lock stayed with its new holder. */
function releaseKeptTheLock(cursor: ReplayCursor, all: Indexed[]): RunEnding | null {
  const lock = lockOfTrace(cursor.trace);
  const miss = all.find(
    (x) => is(x, 'release', 'fail') && finiteNumber(x.ev.value?.released) === 0,
  );
  if (!miss) return null;
  const late = miss.ev.actor;
  const before = cursor.stateAt(miss.i);
  const holder = before.lock.holder;
  if (holder === null || holder === late) return null;
  const stillHeld = before.lock.expiresAt === null || miss.ev.t < before.lock.expiresAt;
  if (!stillHeld) return null;
  const token = before.lock.token;
  const who = actorName(late);
  const owner = actorName(holder);
  const held =
    lock === 'redis' || lock === 'redis-replicated' || lock === 'redis-cluster'
      ? `the key held ${owner}’s ${token !== null ? `token ${token}` : 'token'}, and the release script deletes the key only when it holds the caller’s own token`
      : `the lock was ${owner}’s, and the release lets go only of the caller’s own`;
  const refused = [
    ...new Set(
      all
        .filter((x) => x.i > miss.i && is(x, 'acquire', 'fail') && x.ev.actor !== holder)
        .map((x) => actorName(x.ev.actor)),
    ),
  ];
  const laterWrite = all.find((x) => x.i > miss.i && is(x, 'write', 'ok', holder));
  const kept = [
    ...(refused.length
      ? [`${refused.join(' and ')} ${refused.length > 1 ? 'were' : 'was'} refused`]
      : []),
    ...(laterWrite
      ? [`${owner}’s later write “${stringOrNull(laterWrite.ev.value?.body) ?? '…'}” was accepted`]
      : []),
  ];
  // The late client believed it held the lock from the other's grant to its own release: say so
  // when it wrote nothing then, since a write there is the paused client's failure.
  const takenAt = all.filter((x) => x.i < miss.i && is(x, 'acquire', 'ok', holder)).pop();
  const wroteMeanwhile = all.some(
    (x) =>
      takenAt !== undefined && x.i > takenAt.i && x.i < miss.i && is(x, 'write', 'invoke', late),
  );
  const believed =
    takenAt && !wroteMeanwhile
      ? ` From ${owner}’s grant at ${fmt(takenAt.ev.t)} until that release, ${who} still believed it held the lock, and wrote nothing in that time; had it written, only fencing at the storage would have stopped the write.`
      : '';
  const other =
    cursor.trace.scenario === 'slow-release' && cursor.trace.variant === 'token-check'
      ? ' Pick “release deletes blindly” to see a plain DEL delete the other client’s key.'
      : '';
  return {
    tone: 'ok',
    title: `The token check kept ${owner}’s lock`,
    body: `${capitalize(who)}’s late release at ${fmt(miss.ev.t)} let nothing go: ${held}. So ${owner} kept the lock${kept.length ? `: ${kept.join(', and ')}` : ''}.${believed}${other}`,
  };
}

/** The database ended a holder's session: its lock and its uncommitted write ended with it. */
function sessionEnded(cursor: ReplayCursor, all: Indexed[]): RunEnding | null {
  const end = all.find((x) => is(x, 'terminate') && x.ev.type !== 'invoke');
  const target = stringOrNull(end?.ev.value?.target);
  if (!end || target === null) return null;
  const before = cursor.stateAt(end.i);
  if (before.lock.holder !== target) return null;
  const pending = before.pending[target];
  const who = actorName(target);
  const next = all.find((x) => x.i > end.i && is(x, 'acquire', 'ok') && x.ev.actor !== target);
  const commit = next
    ? all.find(
        (x) =>
          x.i > next.i && is(x, 'release', 'ok', next.ev.actor) && x.ev.value?.committed === true,
      )
    : undefined;
  const committed = commit ? cursor.stateAt(commit.i + 1).document.body : null;
  const lateCommit = all.find((x) => x.i > end.i && is(x, 'release', 'fail', target));
  const parts = [
    `Postgres ended ${who}’s session at ${fmt(end.ev.t)}: its transaction rolled back${pending ? `, taking the uncommitted “${pending.body}” with it,` : ''} and its advisory lock ended with the session.`,
  ];
  if (next)
    parts.push(
      `${capitalize(actorName(next.ev.actor))} then took the lock${committed !== null ? ` and committed “${committed}”` : ''}.`,
    );
  if (lateCommit)
    parts.push(
      `When ${who} came back, its commit at ${fmt(lateCommit.ev.t)} failed, and the document kept ${committed !== null ? `“${committed}”` : 'what it had'}.`,
    );
  parts.push(
    'The lock and the write lived in one transaction of one database, so losing the one lost the other, with no token needed. That holds only while the data the lock guards is in that same database and written in that transaction.',
  );
  return { tone: 'ok', title: 'The lock and the write ended together', body: parts.join(' ') };
}

/** etcd's wall clock stepped and no lease ended sooner: the holder kept the lock to its release. */
function etcdClockJump(all: Indexed[], lock: string | undefined): RunEnding | null {
  if (lock !== 'etcd') return null;
  const jump = all.find(
    (x) => is(x, 'clock-jump') && x.ev.type !== 'invoke' && x.ev.type !== 'fail',
  );
  const by = finiteNumber(jump?.ev.value?.byMs);
  if (!jump || jump.ev.value?.node !== 'etcd' || by === null || by <= 0) return null;
  const grant = all.filter((x) => x.i < jump.i && is(x, 'acquire', 'ok')).pop();
  if (!grant) return null;
  const holder = grant.ev.actor;
  const release = all.find((x) => x.i > jump.i && is(x, 'release', 'ok', holder));
  // The holder must have kept the lock to its release: no grant to anyone else in between.
  const until = release?.i ?? all.length;
  if (
    all.some((x) => x.i > jump.i && x.i < until && is(x, 'acquire', 'ok') && x.ev.actor !== holder)
  )
    return null;
  const refusals = all.filter(
    (x) => x.i > jump.i && x.i < until && is(x, 'acquire', 'fail') && x.ev.actor !== holder,
  );
  const refused = [...new Set(refusals.map((x) => actorName(x.ev.actor)))];
  const next = release
    ? all.find((x) => x.i > release.i && is(x, 'acquire', 'ok') && x.ev.actor !== holder)
    : undefined;
  const who = actorName(holder);
  const waited =
    refused.length === 1
      ? ` ${capitalize(refused[0] as string)} was refused ${times(refusals.length)} while ${who} worked${next ? `, and got the lock at ${fmt(next.ev.t)}, after ${who} had released it at ${fmt((release as Indexed).ev.t)}` : ''}.`
      : '';
  return {
    tone: 'ok',
    title: 'The wall clock jumped, and no lease ended sooner',
    body: `The etcd server’s wall clock jumped ${by} ms forward at ${fmt(jump.ev.t)}, and ${who} kept its lease.${waited} etcd counts a lease’s TTL on a monotonic clock, which a step of the wall clock does not move. The same jump ends ${who}’s lock early on a single Redis or on Postgres’s lease row: pick either lock to see it.`,
  };
}

/** The closing line for any other run with no stale write: whose writes the storage took. */
function plainEnding(cursor: ReplayCursor, all: Indexed[]): RunEnding {
  const accepted = all
    .map((x) => ({ x, v: cursor.verdict(x.i) }))
    .filter(({ x, v }) => v?.accepted && x.ev.value?.pending !== true);
  if (accepted.length === 0)
    return {
      tone: 'ok',
      title: 'Nothing was written',
      body: 'No write reached the storage in this run, so no late write could overwrite one.',
    };
  const writers = [...new Set(accepted.map(({ x }) => actorName(x.ev.actor)))];
  return {
    tone: 'ok',
    title: 'No late write',
    body: `Every write the storage took came from the client that held the lock when it sent it (${writers.join(' and ')}), so no update was lost.`,
  };
}

const cache = new WeakMap<ReplayCursor, RunEnding | null>();

/** What the run showed, for a run with no stale write; null for a run the verdict closes. */
export function runEnding(cursor: ReplayCursor): RunEnding | null {
  if (cache.has(cursor)) return cache.get(cursor) ?? null;
  let ending: RunEnding | null = null;
  if (cursor.staleWriteIndex() === null && cursor.length > 0) {
    const all = indexed(cursor.trace.events);
    const lock = lockOfTrace(cursor.trace);
    ending =
      crossSlot(all) ??
      oneSlot(all, lock) ??
      crashedHolder(all, lock) ??
      sessionEnded(cursor, all) ??
      releaseKeptTheLock(cursor, all) ??
      etcdClockJump(all, lock) ??
      plainEnding(cursor, all);
  }
  cache.set(cursor, ending);
  return ending;
}
