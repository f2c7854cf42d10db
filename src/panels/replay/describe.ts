// Plain sentences for what happened at each step, and for where a trace came from. The replay,
// the timeline and the Redlock panel all speak about events in these same words.
import type { Trace, TraceEvent } from '../../sim/trace/schema';
import { actorName, prose } from '../../content/actorWords';
import { serverWord } from '../../viz/expiry';
import { endsLocksEarly, stepWords } from '../../viz/clockStepWords';
import type { WriteVerdict } from './cursor';
import type { StepNote } from './stepNotes';
import type { GrantLoss, LockFreed, ReplayState } from './replayState';

/** A few letters for a narrow column: `client 1`, and `fault` for the fault injector. */
export function actorShort(actor: string): string {
  return actor === 'nemesis' ? 'fault' : actorName(actor);
}

export function capitalize(s: string): string {
  return s.length ? s[0]!.toUpperCase() + s.slice(1) : s;
}

/** Short enough for the lock select on a 320 px phone; the field's label says "Lock and storage". */
const LOCK_LABELS: Record<string, string> = {
  redis: 'Redis + Postgres storage',
  'pg-lease': 'Postgres lease row',
  'pg-advisory': 'Postgres advisory lock',
  etcd: 'etcd + Postgres storage',
  redlock: 'Redlock, 5 Redis nodes',
  'redis-replicated': 'Redis with a replica',
  'redis-cluster': 'Redis Cluster',
};

export function lockLabel(lock: string): string {
  return LOCK_LABELS[lock] ?? lock;
}

const VARIANT_LABELS: Record<string, string> = {
  'fencing-off': 'fencing off',
  'fencing-on': 'fencing on',
  'token-check': 'release checks the token',
  'blind-delete': 'release deletes blindly',
  'no-hash-tag': 'no hash tag',
  'hash-tag': 'hash tag {…}',
  default: 'as scripted',
};

export function variantLabel(variant: string): string {
  return VARIANT_LABELS[variant] ?? variant.replace(/-/g, ' ');
}

function num(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

function tokenText(token: unknown): string {
  const n = num(token);
  return n === null ? 'no token' : `token ${n}`;
}

function quoted(body: unknown): string {
  return typeof body === 'string' ? `“${body}”` : 'its update';
}

const REASONS: Record<string, string> = {
  'stale-token': 'a newer token has written',
  busy: 'the lock is busy',
  'not-holder': 'the lock belongs to another client',
  timeout: 'no reply in time',
  CROSSSLOT: 'CROSSSLOT (the keys its script touches hash to different cluster slots)',
};

function reasonText(reason: unknown): string {
  if (typeof reason !== 'string') return '';
  return REASONS[reason] ?? reason.replace(/-/g, ' ');
}

/**
 * What a release that changed nothing did, in the terms of the lock: Redis and Redlock delete a
 * key only if it holds the token, etcd only if the key has the holder's revision, and the lease
 * row's UPDATE only matches a row with the holder's fence.
 */
function nothingReleased(lock: string | undefined, actor: string): string {
  switch (lock) {
    case 'redis':
    case 'redis-replicated':
    case 'redis-cluster':
    case 'redlock':
      return 'The release deletes nothing: the key holds another token.';
    case 'etcd':
      return 'The release deletes nothing: the lock key now has another revision.';
    case 'pg-lease':
      return 'The release changes nothing: its UPDATE matches no row, as the lease row now holds a newer fence.';
    default:
      return `The release changes nothing: the lock is no longer ${actorName(actor)}’s.`;
  }
}

/**
 * One sentence for one event; `verdict` adds what a write meant, when the cursor judged it,
 * `lock` (`redis`, `pg-lease`, …) words what the lock's server did in its own terms, and `stepNote`
 * what the run before it adds (whose key a blind DEL deleted, a token given twice).
 */
export function describeEvent(
  ev: TraceEvent,
  verdict?: WriteVerdict | null,
  lock?: string,
  stepNote?: StepNote | null,
): string {
  const who = capitalize(actorName(ev.actor));
  const v = ev.value ?? {};
  const evNote = ev.note ? prose(ev.note) : '';
  const note = evNote ? ` (${evNote})` : '';
  switch (ev.f) {
    case 'acquire':
      if (ev.type === 'invoke') {
        // An advisory lock has no TTL: its acquire carries 0, as the timeline reads it too.
        const ttl = num(v.ttlMs);
        return `${who} asks for the lock${ttl !== null && ttl > 0 ? ` with a ${ttl} ms TTL` : ''}.`;
      }
      if (ev.type === 'ok') {
        const nodes = Array.isArray(v.nodes) ? (v.nodes as unknown[]).map(String) : null;
        if (nodes) {
          // Redlock's validity: the TTL less the acquire's own time and a drift allowance.
          const validity = num(v.validityMs);
          const lasts =
            validity !== null
              ? ` for its validity, ${ms(validity)}: the TTL less the time the acquire took and an allowance for clock drift`
              : '';
          return `${who} gets the key on ${nodes.length} of 5 nodes (${nodes.join(', ')}) and believes it holds the lock${lasts}.`;
        }
        const repeats = stepNote?.repeats;
        if (repeats) {
          const why = repeats.afterFailover
            ? ': the promoted replica never received the counter’s last increment'
            : '';
          return `${who} gets the lock with ${tokenText(v.token)}, the token ${actorName(repeats.actor)} was given too${why}.`;
        }
        // etcd's token is the key's revision, which counts every change to the whole store.
        if (lock === 'etcd' && num(v.token) !== null)
          return `${who} gets the lock with ${tokenText(v.token)}: the revision of the write that created the lock key. etcd’s revision counts every change to the whole store, so tokens skip numbers.`;
        return `${who} gets the lock with ${tokenText(v.token)}.`;
      }
      if (ev.type === 'fail') return `${who} is refused: ${reasonText(v.reason) || 'busy'}.`;
      return `${who} gets no answer to its acquire${note}.`;
    case 'write': {
      if (ev.type === 'invoke') {
        // The delayed write: the lab's proxy (or the engine's network) holds this one packet.
        const heldMs = num(v.heldMs);
        const held =
          heldMs !== null && heldMs > 0
            ? `; the network will hold the packet for ${heldMs} ms on its way`
            : '';
        return `${who} sends ${quoted(v.body)} to the storage with ${tokenText(v.token)}${held}.`;
      }
      if (ev.type === 'ok') {
        const fence = num(v.fence);
        if (v.pending === true) {
          return `The storage holds ${quoted(v.body)} in ${actorName(ev.actor)}’s open transaction; it lands only on commit.`;
        }
        if (verdict?.stale) {
          // Fencing on, and still through: the token was given twice, so it equals the fence.
          if (
            verdict.lost === 'token-repeated' &&
            !verdict.unfenced &&
            verdict.fenceBefore !== null &&
            verdict.overwrote
          )
            return `The storage accepts the stale ${quoted(v.body)} from ${actorName(ev.actor)}, as its ${tokenText(v.token)} equals the fence ${verdict.fenceBefore} (fence ≤ token passes). It overwrites ${actorName(verdict.overwrote.actor)}’s ${quoted(verdict.overwrote.body)}, and that update is lost.`;
          return verdict.overwrote
            ? `The storage accepts the stale ${quoted(v.body)} from ${actorName(ev.actor)}: it overwrites ${actorName(verdict.overwrote.actor)}’s ${quoted(verdict.overwrote.body)}, and that update is lost.`
            : `The storage accepts the late ${quoted(v.body)} from ${actorName(ev.actor)} in place of ${quoted(verdict.bodyBefore)}: ${verdict.unfenced || verdict.token === null ? 'no other client has written yet, and this storage checks no tokens' : 'no newer token has written yet'}. Nothing is lost only because the clients here write without reading: a holder that had read the document before this write landed, and built its own from what it read, would lose this update without anyone seeing it, unless its read was fenced.`;
        }
        // Mention the fence only when this write raised it: a storage that ignores tokens keeps 0.
        const raised = fence !== null && fence > 0 && fence !== verdict?.fenceBefore;
        return `The storage accepts ${quoted(v.body)}${raised ? `; the fence is now ${fence}` : ''}.`;
      }
      if (ev.type === 'fail') {
        const fenceBefore = verdict?.fenceBefore;
        // A write with no token fails the fence check whatever the fence (fence <= NULL holds for
        // no row), not because a newer token has written.
        const why =
          fenceBefore !== null && fenceBefore !== undefined && num(v.token) !== null
            ? `${tokenText(v.token)} is lower than the fence ${fenceBefore}`
            : num(v.token) === null && v.reason === 'stale-token'
              ? 'the write carries no token'
              : reasonText(v.reason) || 'refused';
        return `The storage rejects ${quoted(v.body)}: ${why}. ${capitalize(actorName(ev.actor))} learns it lost the lock.`;
      }
      return `${who} does not know whether its write landed${note}.`;
    }
    case 'release':
      if (ev.type === 'invoke') {
        // A blind release is a plain DEL: whoever's key is there goes (the slow-release failure).
        // Said as a request, as an acquire is: its answer, next, says whether anything was let go.
        if (v.blind === true)
          return `${who} sends a plain DEL for the lock key, without checking its ${tokenText(v.token)}.`;
        // A transaction-level advisory lock has no release of its own: the commit ends it.
        if (lock === 'pg-advisory')
          return `${who} asks to commit its transaction, which would end its lock.`;
        return `${who} asks to release the lock with ${tokenText(v.token)}.`;
      }
      if (ev.type === 'ok') {
        const deleted = stepNote?.deletedKeyOf;
        // A blind DEL that deleted another client's key released nothing of its own.
        if (deleted) {
          const owner = actorName(deleted.actor);
          const held =
            deleted.token !== null ? `, which held ${owner}’s token ${deleted.token}` : '';
          return `The DEL deletes the lock key${held}: ${owner}’s lock is gone, and ${owner} is not told.`;
        }
        return v.committed === true
          ? `${who} commits: its writes land and its lock ends with the transaction.`
          : `The lock is released${note}.`;
      }
      if (ev.type === 'fail') {
        // Redis says how many keys it deleted; Postgres says why the commit could not happen.
        // The advisory lock's "release" is the commit its invoke asked for: say so here too.
        return v.released === 0
          ? nothingReleased(lock, ev.actor)
          : `${who}’s ${lock === 'pg-advisory' ? 'commit' : 'release'} fails${evNote ? `: ${evNote}` : ''}.`;
      }
      return `${who} gets no answer to its release${note}.`;
    case 'extend':
      if (ev.type === 'invoke') return `${who} asks to extend its lock.`;
      if (ev.type === 'ok') return `The lock is extended for ${actorName(ev.actor)}.`;
      if (ev.type === 'fail') return `The extend fails: ${actorName(ev.actor)} has lost the lock.`;
      return `${who} gets no answer to its extend${note}.`;
    case 'work': {
      // A long job works in stretches with an extend between them: "finishes the work" followed
      // by "starts the work" again read as a job done twice, so each stretch is one.
      if (ev.type !== 'invoke') return `${who} finishes this stretch of work.`;
      const ms = num(v.workMs);
      return ms === null
        ? `${who} starts a stretch of work.`
        : `${who} starts a stretch of work, ${ms} ms long.`;
    }
    case 'read':
      return `${who} reads the document.`;
    case 'pause': {
      const ms = num(v.pauseMs);
      const cause = typeof v.cause === 'string' ? ` (${v.cause})` : '';
      // A reader can set the pause to 0 ms: then no time passes, and there is nothing to miss.
      if (ms === 0)
        return `${who} pauses for 0 ms${cause}: no time passes, and it goes straight on.`;
      return `${who} pauses${ms !== null ? ` for ${ms} ms` : ''}${cause}. It gets no signal that time passes.`;
    }
    case 'resume': {
      // The pause it was told to take, as measured: a real pause runs a little over its plan.
      const paused = stepNote?.pausedMs;
      const planned = stepNote?.plannedMs;
      // On a real server the pause is a timer, which fires a little late: say so, or "paused
      // 501 ms" beside the scenario's "pauses for 500 ms" reads as a mistake.
      const overran =
        paused !== undefined && planned !== undefined && Math.round(paused) !== planned
          ? ` (it asked for ${planned} ms; a real timer fires a little late)`
          : '';
      return `${who} resumes${paused !== undefined ? ` after ${Math.round(paused)} ms${overran}` : ''}, still believing it holds the lock.`;
    }
    case 'crash':
      return `${who} crashes${note}.`;
    case 'stop':
      // The engine's note says why the client stops.
      return `${who} stops${evNote ? `: ${evNote}` : ''}.`;
    case 'clock-jump':
      return describeClockJump(ev, lock);
    case 'failover':
      if (ev.type === 'invoke') return 'The Redis primary fails; the failover to a replica begins.';
      // The note says when: "before it has received the lock".
      return `The replica is promoted${evNote ? ` ${evNote}` : ''}.`;
    case 'terminate': {
      // The request is not yet the effect: the lock card changes only when the session is gone.
      const whose = actorName(typeof v.target === 'string' ? v.target : 'a client');
      if (ev.type === 'invoke')
        return `The fault injector asks Postgres to end ${whose}’s session${note}.`;
      const ends = lock === 'pg-advisory' ? ' and its advisory lock ends' : '';
      return `${capitalize(whose)}’s session is gone${note || `: its transaction rolls back${ends}`}.`;
    }
    case 'hold-network':
      return `A packet is held in the network${note}.`;
    default:
      return `${who}: ${ev.f} ${ev.type}${note}.`;
  }
}

/**
 * A step of a server's wall clock, in the terms of the lock it serves: a single Redis expires its
 * keys by that clock and the lease row is judged by Postgres's `now()`, so their locks end sooner;
 * etcd times leases on a monotonic clock, so nothing changes; a Redlock node frees its own key.
 */
function describeClockJump(ev: TraceEvent, lock: string | undefined): string {
  const v = ev.value ?? {};
  const by = num(v.byMs);
  const node = typeof v.node === 'string' ? v.node : 'a node';
  const single =
    (lock === 'redis' && node === 'redis') || (lock === 'pg-lease' && node === 'postgres');
  const etcd = lock === 'etcd' && node === 'etcd';
  // A reader can set the jump to 0 ms: the clock is stepped by nothing, and nothing expires sooner.
  if (by === 0 && ev.type !== 'fail')
    return ev.type === 'invoke'
      ? `The clock on ${node} is stepped 0 ms forward: it does not move.`
      : `The clock on ${node} reads as before, so no key on it expires early.`;
  if (ev.type === 'invoke') {
    // "stepped 2000 ms forward", "stepped back 500 ms", or "stepped" when the size is unknown.
    const stepped = by !== null ? `stepped ${stepWords(by)}` : 'stepped';
    // The request: the step takes effect at its answer, the next event, when the cards follow.
    const clock = single
      ? `${serverWord(node)}’s wall clock`
      : etcd
        ? 'the etcd server’s wall clock'
        : `the clock on ${node}`;
    return `The fault injector asks to step ${clock}${stepped.slice('stepped'.length)}.`;
  }
  if (ev.type === 'fail')
    return `The clock on ${node} could not be stepped${ev.note ? ` (${prose(ev.note)})` : ''}.`;
  // A step back: the clock reads behind, so what it times lives longer, never ends early.
  const back = by !== null && by < 0;
  const reads = by === null ? '' : back ? ` ${-by} ms behind` : ` ${by} ms ahead`;
  if (etcd)
    return `The etcd server’s wall clock now reads${reads}, but etcd times leases on a monotonic clock: no lease ends ${back ? 'later' : 'sooner'}.`;
  if (single && node === 'postgres')
    return back
      ? `Postgres’s clock, and so now(), reads${reads}: every lease row lives that much longer by it, expiring that much later.`
      : `Postgres’s clock, and so now(), reads${reads}: every lease row expires that much sooner, and one past its expires_at is free to take.`;
  if (single)
    return back
      ? `Redis’s wall clock now reads${reads}: every key lives that much longer by it, expiring that much later.`
      : `Redis’s wall clock now reads${reads}: every key expires that much sooner, and a key past its expiry is gone.`;
  return back
    ? `The clock on ${node} now reads${reads}, so the keys on it live that much longer.`
    : `The clock on ${node} now reads${reads}, so the keys on it expire early.`;
}

/**
 * "recorded on Redis 7.0.15 and Postgres 15.18, 2026-11-30", or "simulated in your browser, with a
 * fixed seed (7)": words for a reader who has not met the engine or its seed.
 */
export function describeSource(trace: Trace): string {
  if (trace.backend === 'sim') {
    return trace.seed !== undefined
      ? `simulated in your browser, with a fixed seed (${trace.seed})`
      : 'simulated in your browser';
  }
  const env = trace.environment ?? {};
  const servers: string[] = [];
  if (env.redis) servers.push(`Redis ${env.redis}`);
  if (env.postgres) servers.push(`Postgres ${env.postgres}`);
  if (env.etcd) servers.push(`etcd ${env.etcd}`);
  const what = servers.length
    ? servers.length === 1
      ? servers[0]
      : `${servers.slice(0, -1).join(', ')} and ${servers[servers.length - 1]}`
    : trace.backend;
  const date = env.recordedAt ? `, ${env.recordedAt.slice(0, 10)}` : '';
  return `recorded on ${what}${date}`;
}

/**
 * The replay's source line for a run with no recording in this build: why the page simulates it,
 * and what the seed is for. A recorded run is described by describeSource and its file instead.
 */
export function describeUnrecordedSource(trace: Trace): string {
  if (trace.backend !== 'sim') return `${capitalize(describeSource(trace))}.`;
  const seed =
    trace.seed !== undefined
      ? ` Its random delays come from a fixed seed (${trace.seed}), so the same choice always shows the same run.`
      : '';
  return `No recording of this run is in this build, so the page’s own simulator runs it in your browser.${seed}`;
}

/** Redlock's nodes, and how many make a majority of them. */
const REDLOCK_NODES = 5;
const REDLOCK_MAJORITY = Math.floor(REDLOCK_NODES / 2) + 1;

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** "two", "three": a small count in words, and larger ones in digits. */
export function countWord(n: number): string {
  return COUNT_WORDS[n] ?? String(n);
}

function ms(t: number): string {
  return `${Math.round(t * 10) / 10} ms`;
}

/** What freed the lock early, as the end of "Free: …". */
function freedWords(freed: LockFreed): string {
  switch (freed.by) {
    case 'blind-delete':
      return `${actorName(freed.deleter)}’s blind DEL at ${ms(freed.t)} deleted ${actorName(freed.of)}’s key`;
    case 'session-end':
      return `Postgres ended ${actorName(freed.of)}’s session at ${ms(freed.t)}, and the lock with it`;
    case 'failover':
      return `the replica promoted at ${ms(freed.t)} never had ${actorName(freed.of)}’s key`;
  }
}

/** How a believer's grant was lost, as a clause after its name. */
function lossWords(loss: GrantLoss): string {
  return loss.by === 'session-end'
    ? `whose session Postgres ended at ${ms(loss.t)}, taking its lock`
    : `though the replica promoted at ${ms(loss.t)} never had its key`;
}

/**
 * "The lock now", in two sentences: the lock as its server sees it, and who believes it holds it.
 * A grant past its TTL is free where the server judges expiry at the next request (Redis, the
 * Postgres lease row); where it revokes on its own schedule (`serverRevokes`: etcd) the page says
 * only what the trace shows, that it was still held when another client was refused, or that it is
 * free once revoked. A believer whose own TTL has run out says so, and one that did nothing since
 * says it never released, so "free" and "believes it holds it" never stand side by side unexplained.
 * `lockKind` (`redlock`, …) names what runs out: a Redlock client's grant ends with the validity
 * it counts on its own clock, a little before the TTL it asked the nodes for.
 */
export function describeLockNow(
  state: ReplayState,
  serverRevokes = false,
  lockKind?: string,
): { lock: string; believers: string; twoBelievers: boolean } {
  const { lock, believers, paused, t, grantEnds, grantJumps, grantLosses, lastStep } = state;
  const ttlWord = serverRevokes ? 'lease TTL' : lockKind === 'redlock' ? 'validity' : 'TTL';
  const server = 'etcd';
  let lockLine: string;
  if (lock.holder === null) {
    lockLine = lock.freed ? `Free: ${freedWords(lock.freed)}.` : 'Free.';
  } else {
    const holder = actorName(lock.holder);
    const token = lock.token !== null ? ` with token ${lock.token}` : '';
    const pastTtl = lock.expiresAt !== null && t >= lock.expiresAt;
    const jump = lock.jumped;
    if (jump && lock.expiresAt !== null) {
      const stepped = `${serverWord(jump.node)}’s wall clock jumped ${stepWords(jump.byMs)} at ${ms(jump.t)}`;
      lockLine = !pastTtl
        ? `Held by ${holder}${token}, until ${ms(lock.expiresAt)}: ${stepped}.`
        : lock.expiresAt <= jump.t
          ? `Free: ${stepped}, past ${holder}’s expiry.`
          : `Free: ${holder}’s lock expired at ${ms(lock.expiresAt)}, ${endsLocksEarly(jump.byMs) ? 'early' : 'late'}: ${stepped}.`;
    } else if (!pastTtl && lock.nodes && lock.nodeLost && lock.nodes.length < REDLOCK_MAJORITY) {
      // Redlock: the holder counts its validity on, but a node's clock step took a key from it.
      const left = lock.nodes.length;
      lockLine = `No majority: ${holder}’s key is left on only ${left} of ${REDLOCK_NODES} nodes${left ? ` (${lock.nodes.join(', ')})` : ''}, since the clock jump on ${lock.nodeLost.node} at ${ms(lock.nodeLost.t)} expired it there. ${capitalize(holder)} still counts its validity to ${ms(lock.expiresAt ?? 0)}.`;
    } else if (!pastTtl) {
      lockLine =
        lock.expiresAt === null
          ? `Held by ${holder}${token}.`
          : serverRevokes
            ? `Held by ${holder}${token}; its lease TTL runs out at ${ms(lock.expiresAt)}.`
            : `Held by ${holder}${token}, until ${ms(lock.expiresAt)}.`;
    } else if (!serverRevokes) {
      lockLine = `Free: ${holder}’s lock expired at ${ms(lock.expiresAt ?? 0)}.`;
    } else if (lock.seenHeld && lock.seenHeld.t >= (lock.expiresAt ?? 0)) {
      lockLine = `Still held by ${holder}${token}: its lease TTL ran out at ${ms(lock.expiresAt ?? 0)}, but ${server} had not revoked it when ${actorName(lock.seenHeld.by)} was refused at ${ms(lock.seenHeld.t)}.`;
    } else {
      lockLine = `${capitalize(holder)}’s lease TTL ran out at ${ms(lock.expiresAt ?? 0)}. The lock is free once ${server} revokes the expired lease, on its own schedule, a little later.`;
    }
  }
  // A holder that has asked to let go no longer counts itself a holder, but the server still
  // does until the answer: said on the lock's line, or the two lines seem to disagree.
  const letting = lock.holder !== null ? lastStep[lock.holder] : undefined;
  if (
    lock.holder !== null &&
    lockLine.startsWith('Held by') &&
    !(lock.holder in believers) &&
    letting?.waiting &&
    letting.f === 'release'
  )
    lockLine += ` ${capitalize(actorName(lock.holder))} has asked to ${lockKind === 'pg-advisory' ? 'commit, which ends it' : 'release it'}; the answer is on its way.`;
  const names = Object.entries(believers);
  const one = ([a, token]: [string, number | null]): string => {
    let text = `${actorName(a)}${token !== null ? ` (token ${token})` : ''}`;
    const isPaused = paused.includes(a);
    const last = lastStep[a];
    if (isPaused) text += ', paused';
    else if (last?.waiting)
      text += last.f === 'work' ? ', still working' : `, waiting for the answer to its ${last.f}`;
    const loss = grantLosses[a];
    if (loss !== undefined) text += `, ${lossWords(loss)}`;
    const end = grantEnds[a];
    const jump = grantJumps[a];
    if (end !== undefined && end !== null && t >= end) {
      text +=
        // A step back only made the grant last longer: it ran out, later, as any other does.
        jump === undefined || !endsLocksEarly(jump.byMs)
          ? `, whose ${ttlWord} ran out at ${ms(end)}`
          : end <= jump.t
            ? `, whose lock ended at ${ms(end)} when ${serverWord(jump.node)}’s clock jumped`
            : `, whose ${ttlWord} ran out early, at ${ms(end)}, after ${serverWord(jump.node)}’s clock jumped`;
      // Done and idle since before its TTL ran out: it simply never gave the lock back.
      if (!isPaused && last && !last.waiting && last.t < end)
        text += `, after its last step at ${ms(last.t)}, without a release`;
    }
    return text;
  };
  const believersLine =
    names.length === 0
      ? 'No client believes it holds the lock.'
      : `${names.length > 1 ? `${capitalize(countWord(names.length))} clients believe they hold the lock: ` : 'Believes it holds the lock: '}${names.map(one).join('; ')}.`;
  return { lock: lockLine, believers: believersLine, twoBelievers: names.length > 1 };
}
