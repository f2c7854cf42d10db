import type { NodeClock } from '../core/clock';
import type { PostgresModel } from '../models/postgres';
import type { Done, OpResult, WriteRequest } from '../run/backend';
import type { Op, Script } from '../run/script';
import type { Wire } from './wire';

export type AcquireOp = Extract<Op, { f: 'acquire' }>;

/** What every simulated lock is built from: the script, the network, the database, the keys. */
export interface SimLockContext {
  script: Script;
  wire: Wire;
  /** The Postgres server: the lease row and the advisory lock live in it, and so does the storage. */
  pg: PostgresModel;
  /** `lock:{name}` and `fence:{name}` (or without the hash tag), worked out once per script. */
  keys: { lock: string; fence: string };
}

/**
 * One kind of lock on the simulated servers, as each file of `src/lab/backends/` is one on the
 * real ones: how its client asks its servers to acquire, release and extend, and what its
 * servers do when a request arrives. The storage and the faults are the backend's.
 */
export interface SimLock {
  acquire(actor: string, op: AcquireOp, done: Done<OpResult>): void;
  release(actor: string, token: number | null, blind: boolean, done: Done<OpResult>): void;
  /** Absent where the lock has no extend (Redlock here, the advisory lock). */
  extend?(actor: string, token: number | null, ttlMs: number, done: Done<OpResult>): void;
  /** The clock of one of its servers, by name, for a clock jump; null when it has none so named. */
  clock(node: string): NodeClock | null;
  /**
   * Promotes a replica over a primary that dies: whether the promoted node has the lock key (it
   * may not have received it yet); null where there is no replica to promote.
   */
  failover?(nowMs: number): { lockKept: boolean } | null;
  /** The client died: what the server ends with its connection. */
  clientCrashed?(actor: string): void;
  /**
   * For a lock whose work runs inside its own transaction (the advisory lock): the write as the
   * storage serves it there. Absent for the others, whose writes go straight to the table.
   */
  writeInTransaction?(actor: string, w: WriteRequest): OpResult;
}
