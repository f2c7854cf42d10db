import { NodeClock } from '../core/clock';
import { DocumentStorage } from './storage';

interface LeaseRow {
  owner: string;
  fence: number;
  /** On the database's clock; -Infinity once given back. */
  expiresAtMs: number;
}

interface Session {
  inTransaction: boolean;
  /** Writes made inside the open transaction, applied on commit. */
  pendingWrites: { name: string; body: string }[];
  advisoryLocks: Set<string>;
  terminated: boolean;
}

/**
 * One Postgres server: the `leases` table of `src/locks/schema.sql` and its statements,
 * transaction-level advisory locks, and the `documents` table the storage keeps (storage.ts). One
 * database clock decides every expiry, so client clocks never matter.
 */
export class PostgresModel {
  /** Made on first use, like the sessions below: only lease scenarios have a lease row. */
  private leases: Map<string, LeaseRow> | null = null;
  /** The storage every scenario writes to: in the same database, as in the lab. */
  readonly documents = new DocumentStorage();
  // Sessions and advisory locks exist only in the scenarios that use them; the simulator builds a
  // model per run, so they are made on first use.
  private advisoryHolder: Map<string, string> | null = null;
  private sessions: Map<string, Session> | null = null;

  constructor(readonly clock: NodeClock = new NodeClock()) {}

  /** A lease row that already gave out `fence` tokens, expired long ago. */
  seedLease(name: string, fence: number): void {
    (this.leases ??= new Map()).set(name, { owner: 'nobody', fence, expiresAtMs: -Infinity });
  }

  /** lease-take.sql: the row if absent or expired, with the fence raised by one; null when busy. */
  leaseTake(name: string, owner: string, ttlMs: number, nowMs: number): number | null {
    const dbNow = this.clock.localMs(nowMs);
    const leases = (this.leases ??= new Map());
    const row = leases.get(name);
    if (row === undefined) {
      leases.set(name, { owner, fence: 1, expiresAtMs: dbNow + ttlMs });
      return 1;
    }
    if (!(row.expiresAtMs < dbNow)) return null;
    row.owner = owner;
    row.fence += 1;
    row.expiresAtMs = dbNow + ttlMs;
    return row.fence;
  }

  /** lease-give-back.sql: rows updated (0 or 1). The row stays so the next token is higher. */
  leaseGiveBack(name: string, fence: number | null): 0 | 1 {
    const row = this.leases?.get(name);
    if (row === undefined || row.fence !== fence) return 0;
    row.expiresAtMs = -Infinity;
    return 1;
  }

  /** Extends a live lease held with `fence`: rows updated. */
  leaseExtend(name: string, fence: number | null, ttlMs: number, nowMs: number): 0 | 1 {
    const dbNow = this.clock.localMs(nowMs);
    const row = this.leases?.get(name);
    if (row === undefined || row.fence !== fence || !(row.expiresAtMs > dbNow)) return 0;
    row.expiresAtMs = dbNow + ttlMs;
    return 1;
  }

  private session(id: string): Session {
    const sessions = (this.sessions ??= new Map());
    let s = sessions.get(id);
    if (s === undefined) {
      s = { inTransaction: false, pendingWrites: [], advisoryLocks: new Set(), terminated: false };
      sessions.set(id, s);
    }
    return s;
  }

  isTerminated(sessionId: string): boolean {
    return this.session(sessionId).terminated;
  }

  /** BEGIN, then advisory-lock.sql; false (and ROLLBACK) when another transaction holds it. */
  beginWithAdvisoryLock(sessionId: string, lockName: string): boolean {
    const s = this.session(sessionId);
    if (s.terminated) return false;
    const holders = (this.advisoryHolder ??= new Map());
    const holder = holders.get(lockName);
    if (holder !== undefined && holder !== sessionId) return false;
    s.inTransaction = true;
    s.advisoryLocks.add(lockName);
    holders.set(lockName, sessionId);
    return true;
  }

  /** An UPDATE inside the session's transaction: visible to others only after COMMIT. */
  writeInTransaction(sessionId: string, name: string, body: string): boolean {
    const s = this.session(sessionId);
    if (s.terminated || !s.inTransaction) return false;
    s.pendingWrites.push({ name, body });
    return true;
  }

  /** COMMIT: applies the writes and ends the advisory locks. False if the session is gone. */
  commit(sessionId: string): boolean {
    const s = this.session(sessionId);
    if (s.terminated || !s.inTransaction) return false;
    for (const w of s.pendingWrites) this.documents.plainWrite(w.name, w.body);
    this.endTransaction(sessionId, s);
    return true;
  }

  private endTransaction(sessionId: string, s: Session): void {
    for (const lock of s.advisoryLocks) {
      if (this.advisoryHolder?.get(lock) === sessionId) this.advisoryHolder.delete(lock);
    }
    s.advisoryLocks.clear();
    s.pendingWrites = [];
    s.inTransaction = false;
  }

  /** pg_terminate_backend, or the client's connection dropping: the transaction rolls back. */
  terminate(sessionId: string): void {
    const s = this.session(sessionId);
    this.endTransaction(sessionId, s);
    s.terminated = true;
  }
}
