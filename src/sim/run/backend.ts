import type { EventType, StoredDocument } from '../trace/schema';
import type { Op } from './script';

/** What an operation returned; it becomes the completion event of the trace as it is. */
export interface OpResult {
  type: Exclude<EventType, 'invoke'>;
  value?: Record<string, unknown>;
  note?: string;
}

export type Done<T> = (result: T) => void;

export interface WriteRequest {
  body: string;
  /** The writer's token, sent also when fencing is off (the storage then ignores it). */
  token: number | null;
  fencing: boolean;
  heldMs: number;
}

/**
 * The one interface both worlds implement: the simulated models and the real servers. It is
 * callback-shaped rather than promise-shaped so that the simulator can run synchronously at full
 * speed; the lab's real backends call `done` when their promises settle.
 */
export interface Backend {
  acquire(actor: string, op: Extract<Op, { f: 'acquire' }>, done: Done<OpResult>): void;
  release(actor: string, token: number | null, blind: boolean, done: Done<OpResult>): void;
  extend(actor: string, token: number | null, ttlMs: number, done: Done<OpResult>): void;
  write(actor: string, request: WriteRequest, done: Done<OpResult>): void;
  /** A fault from the nemesis: a clock jump, a failover, a terminated session. */
  fault(
    op: Extract<Op, { f: 'clock-jump' | 'failover' | 'terminate' }>,
    done: Done<OpResult>,
  ): void;
  /** The client process dies: its connections close, its sessions end. */
  crash(actor: string): void;
  /** The stored document once every actor is done. */
  readDocument(done: Done<StoredDocument>): void;
}
