// The replay's state after each event: the document, the lock as its server sees it, and what
// each client believes. Each event makes a new state from the one before and never changes it,
// so the cursor's checkpoints share structure with the states that follow them.
import type { Trace, TraceEvent } from '../../sim/trace/schema';
import { expiryAfterJump, lockClockJump, type LockClockJump } from '../../viz/expiry';
import { promotedWithoutLock } from '../../viz/failover';

export interface DocumentNow {
  body: string;
  /** The highest token that has written, or null while the storage stores none. */
  fence: number | null;
}

/** The lock as the lock service sees it: the last grant, and when it runs out. */
export interface LockNow {
  holder: string | null;
  token: number | null;
  /** When the grant's TTL runs out (acquire ok t + TTL), or null when none. */
  expiresAt: number | null;
  /**
   * The last time another client was refused the lock while this grant stood: the trace's own
   * word that it was still held then, past its TTL or not (etcd revokes on its own schedule).
   */
  seenHeld?: { t: number; by: string };
  /** What freed the lock before its TTL ran out, when something did. */
  freed?: LockFreed;
  /** The step of the server's wall clock that moved this grant's expiry (Redis, the lease row). */
  jumped?: LockClockJump;
  /** Redlock: the nodes where the holder's key still stands, of the majority it was granted. */
  nodes?: readonly string[];
  /** Redlock: a node whose clock step expired the holder's key there early. */
  nodeLost?: { node: string; t: number };
}

/**
 * How a lock came to be free while its holder's TTL still ran: another client's blind DEL
 * deleted its key (`deleter`), the database ended the session it lived in (an advisory lock), or
 * a failover promoted a replica that never had its key. `of` is the client that held it.
 */
export type LockFreed =
  | { by: 'blind-delete'; t: number; of: string; deleter: string }
  | { by: 'session-end'; t: number; of: string }
  | { by: 'failover'; t: number; of: string };

/**
 * How a client's latest grant ended without its knowing, for the cases that end it at once: the
 * database ended its session, or a failover lost its key. The client is not told: paused, it
 * still believes it holds the lock.
 */
export type GrantLoss = { by: 'session-end' | 'failover'; t: number };

/** No holder: states share it, as they never mutate one another. */
const FREE_LOCK: LockNow = Object.freeze({ holder: null, token: null, expiresAt: null });

export interface ReplayState {
  /** Events applied so far: 0 is before the first event, `length` is after the last. */
  step: number;
  /** The time of the last applied event, in ms since the start; 0 before any event. */
  t: number;
  document: DocumentNow;
  lock: LockNow;
  /** Clients that believe they hold the lock, with the token they hold (null where none). */
  believers: Readonly<Record<string, number | null>>;
  /** Clients paused right now. */
  paused: readonly string[];
  /** Clients that stopped or crashed. */
  stopped: readonly string[];
  /** Writes made inside a client's open transaction, not yet in the document. */
  pending: Readonly<Record<string, DocumentNow>>;
  /** When each client's own latest grant runs out (null: never), whoever holds the lock now. */
  grantEnds: Readonly<Record<string, number | null>>;
  /** The clock step that moved a client's latest grant's end, for the clients it moved. */
  grantJumps: Readonly<Record<string, LockClockJump>>;
  /** How each client's latest grant was lost, for the clients whose grant a session end or a
   *  failover took (see `GrantLoss`). */
  grantLosses: Readonly<Record<string, GrantLoss>>;
  /**
   * Each client's latest event: when, which operation, and whether it still waits for its answer.
   * A client that holds on after its TTL ran out is either paused, waiting, or done and idle.
   */
  lastStep: Readonly<Record<string, { t: number; f: string; waiting: boolean }>>;
}

export const DEFAULT_INITIAL_BODY = 'v0';

/** A trace's value as a number, when it is a finite one: recordings are data, not trusted code. */
export function finiteNumber(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

/** A trace's value as a string, when it is one. */
export function stringOrNull(x: unknown): string | null {
  return typeof x === 'string' ? x : null;
}

/** The body the document starts with: `params.initialBody` when it is a string, else "v0". */
export function initialBody(trace: Trace): string {
  return stringOrNull(trace.params.initialBody) ?? DEFAULT_INITIAL_BODY;
}

export function initialState(trace: Trace): ReplayState {
  return {
    step: 0,
    t: 0,
    document: { body: initialBody(trace), fence: null },
    lock: FREE_LOCK,
    believers: {},
    paused: [],
    stopped: [],
    pending: {},
    grantEnds: {},
    grantJumps: {},
    grantLosses: {},
    lastStep: {},
  };
}

/**
 * Who holds the lock at time t, counting expiry: a grant past its TTL holds nothing, unless the
 * trace saw it still held then (another client refused at or after t).
 */
export function lockHolderAt(lock: LockNow, t: number): string | null {
  if (lock.holder === null) return null;
  const seenHeld = lock.seenHeld !== undefined && t <= lock.seenHeld.t;
  if (lock.expiresAt !== null && t >= lock.expiresAt && !seenHeld) return null;
  return lock.holder;
}

function dropPending(
  pending: Readonly<Record<string, DocumentNow>>,
  actor: string,
): Readonly<Record<string, DocumentNow>> {
  if (!(actor in pending)) return pending;
  const next = { ...pending };
  delete next[actor];
  return next;
}

function without(list: readonly string[], actor: string): readonly string[] {
  return list.includes(actor) ? list.filter((a) => a !== actor) : list;
}

function withActor(list: readonly string[], actor: string): readonly string[] {
  return list.includes(actor) ? list : [...list, actor];
}

function forget(
  believers: Readonly<Record<string, number | null>>,
  actor: string,
): Readonly<Record<string, number | null>> {
  if (!(actor in believers)) return believers;
  const next = { ...believers };
  delete next[actor];
  return next;
}

/**
 * The TTL an acquire asked for: from its invoke, else the scenario's `ttlMs`. A TTL of 0 means
 * the lock has none (an advisory lock lives as long as its transaction), so it never expires.
 */
function ttlOf(trace: Trace, pendingTtl: Map<string, number>, ev: TraceEvent): number | null {
  const ttl =
    finiteNumber(ev.value?.ttlMs) ?? pendingTtl.get(ev.actor) ?? finiteNumber(trace.params.ttlMs);
  return ttl !== null && ttl > 0 ? ttl : null;
}

/** Whether the release this event answers (the actor's last release before event `index`) was blind. */
function releaseWasBlind(trace: Trace, index: number, actor: string): boolean {
  for (let i = index - 1; i >= 0; i--) {
    const e = trace.events[i]!;
    if (e.actor === actor && e.f === 'release' && e.type === 'invoke')
      return e.value?.blind === true;
  }
  return false;
}

function withoutKey<T>(
  record: Readonly<Record<string, T>>,
  key: string,
): Readonly<Record<string, T>> {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}

function positive(x: unknown): number | null {
  const n = finiteNumber(x);
  return n !== null && n > 0 ? n : null;
}

/**
 * Applies one event. Returns a new state and never mutates the old one, so checkpoints can share
 * structure with the states that follow them.
 */
export function applyEvent(
  trace: Trace,
  s: ReplayState,
  ev: TraceEvent,
  pendingTtl: Map<string, number>,
): ReplayState {
  const next: ReplayState = { ...s, step: s.step + 1, t: ev.t };
  const v = ev.value ?? {};
  if (ev.actor !== 'nemesis') {
    const last = { t: ev.t, f: ev.f, waiting: ev.type === 'invoke' };
    next.lastStep = { ...s.lastStep, [ev.actor]: last };
  }
  switch (ev.f) {
    case 'acquire':
      if (ev.type === 'invoke') {
        const ttl = finiteNumber(v.ttlMs);
        if (ttl !== null) pendingTtl.set(ev.actor, ttl);
      } else if (ev.type === 'ok') {
        const token = finiteNumber(v.token);
        // What the server granted (etcd rounds up to whole seconds), else what was asked for.
        const ttl =
          positive(v.validityMs) ?? positive(v.leaseTtlMs) ?? ttlOf(trace, pendingTtl, ev);
        const expiresAt = ttl === null ? null : ev.t + ttl;
        next.lock = { holder: ev.actor, token, expiresAt };
        if (Array.isArray(v.nodes)) next.lock.nodes = (v.nodes as unknown[]).map(String);
        next.believers = { ...s.believers, [ev.actor]: token };
        next.grantEnds = { ...s.grantEnds, [ev.actor]: expiresAt };
        next.grantJumps = withoutKey(s.grantJumps, ev.actor);
        next.grantLosses = withoutKey(s.grantLosses, ev.actor);
      } else if (ev.type === 'fail' && s.lock.holder !== null && s.lock.holder !== ev.actor) {
        next.lock = { ...s.lock, seenHeld: { t: ev.t, by: ev.actor } };
      }
      break;
    case 'extend':
      if (ev.type === 'invoke') {
        const ttl = finiteNumber(v.ttlMs);
        if (ttl !== null) pendingTtl.set(ev.actor, ttl);
      } else if (ev.type === 'ok' && s.lock.holder === ev.actor) {
        const ttl = ttlOf(trace, pendingTtl, ev);
        const expiresAt = ttl === null ? null : ev.t + ttl;
        next.lock = { holder: s.lock.holder, token: s.lock.token, expiresAt };
        next.grantEnds = { ...s.grantEnds, [ev.actor]: expiresAt };
        next.grantJumps = withoutKey(s.grantJumps, ev.actor);
      } else if (ev.type === 'fail') {
        // A failed extend means the lock is gone: the client must stop believing it holds it.
        next.believers = forget(s.believers, ev.actor);
      }
      break;
    case 'release':
      if (ev.type === 'invoke') next.believers = forget(s.believers, ev.actor);
      // The holder's own release frees the lock. So does a blind DEL that deleted a key, whoever
      // held it: that is the slow-release failure, where the key was another client's. A release
      // that checks the token and let go of keys (Redlock's, on the nodes still its own) frees
      // nothing another client holds.
      if (ev.type === 'ok') {
        const holder = lockHolderAt(s.lock, ev.t);
        if (holder === ev.actor) {
          next.lock = FREE_LOCK;
        } else if (positive(v.released) !== null && releaseWasBlind(trace, s.step, ev.actor)) {
          next.lock =
            holder === null
              ? FREE_LOCK
              : {
                  ...FREE_LOCK,
                  freed: { by: 'blind-delete', t: ev.t, of: holder, deleter: ev.actor },
                };
        }
      }
      if (ev.actor in s.pending) {
        // A release that commits applies the transaction's writes; any other end drops them.
        const held = s.pending[ev.actor] as DocumentNow;
        if (ev.type === 'ok' && v.committed === true) next.document = held;
        if (ev.type !== 'invoke') next.pending = dropPending(s.pending, ev.actor);
      }
      break;
    case 'write':
      if (ev.type === 'ok') {
        const body = stringOrNull(v.body) ?? s.document.body;
        // Fencing off stores no fence: the write carries none, and the old fence (null) stays.
        const fence = 'fence' in v ? finiteNumber(v.fence) : s.document.fence;
        // A write inside an open transaction is not in the document until the commit.
        if (v.pending === true) next.pending = { ...s.pending, [ev.actor]: { body, fence } };
        else next.document = { body, fence };
      } else if (ev.type === 'fail') {
        // The storage said no: the client learns here that it lost the lock.
        next.believers = forget(s.believers, ev.actor);
      }
      break;
    case 'pause':
      next.paused = withActor(s.paused, ev.actor);
      break;
    case 'resume':
      next.paused = without(s.paused, ev.actor);
      break;
    case 'crash':
    case 'stop':
      next.pending = dropPending(s.pending, ev.actor);
      next.paused = without(s.paused, ev.actor);
      next.believers = forget(s.believers, ev.actor);
      next.stopped = withActor(s.stopped, ev.actor);
      break;
    case 'clock-jump': {
      // A Redlock node's clock stepped past the holder's key's expiry: the key is gone there, and
      // the holder may be left without a majority. It is not told.
      const node = stringOrNull(v.node);
      const byMs = finiteNumber(v.byMs);
      const { nodes, expiresAt: until } = s.lock;
      if (
        ev.type !== 'invoke' &&
        ev.type !== 'fail' &&
        nodes &&
        node !== null &&
        nodes.includes(node) &&
        byMs !== null &&
        until !== null &&
        ev.t + byMs >= until
      ) {
        next.lock = { ...s.lock, nodes: without(nodes, node), nodeLost: { node, t: ev.t } };
      }
      // The lock server's wall clock stepped: the grant that still runs ends that much sooner.
      const jump = lockClockJump(trace, ev);
      const { holder, expiresAt } = s.lock;
      if (jump && holder !== null && expiresAt !== null && lockHolderAt(s.lock, ev.t) !== null) {
        const movedTo = expiryAfterJump(expiresAt, jump);
        next.lock = { ...next.lock, expiresAt: movedTo, jumped: jump };
        next.grantEnds = { ...s.grantEnds, [holder]: movedTo };
        next.grantJumps = { ...s.grantJumps, [holder]: jump };
      }
      break;
    }
    case 'failover': {
      // The promoted replica serves the lock from now on, and one that never received the holder's
      // key has no lock at all. The holder is not told and still believes it holds the lock.
      const holder = lockHolderAt(s.lock, ev.t);
      if (holder !== null && promotedWithoutLock(ev)) {
        next.lock = { ...FREE_LOCK, freed: { by: 'failover', t: ev.t, of: holder } };
        next.grantLosses = { ...s.grantLosses, [holder]: { by: 'failover', t: ev.t } };
      }
      break;
    }
    case 'terminate': {
      // Once the session is ended (the completion, not the request): its transaction rolls back
      // and a lock that lived in it ends. The client itself is not told, so a paused client stays
      // paused and still believes it holds the lock; it learns otherwise on its next call.
      const target = stringOrNull(v.target);
      if (target && ev.type !== 'invoke') {
        next.pending = dropPending(s.pending, target);
        if (s.lock.holder === target)
          next.lock = { ...FREE_LOCK, freed: { by: 'session-end', t: ev.t, of: target } };
        next.grantLosses = { ...s.grantLosses, [target]: { by: 'session-end', t: ev.t } };
      }
      break;
    }
    default:
      break;
  }
  return next;
}
