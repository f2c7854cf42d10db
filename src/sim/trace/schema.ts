// The trace: one format for the simulator and the real servers, shaped like a Jepsen history.
// Every run, simulated or recorded, is a list of events plus the outcome derived from them.

export const TRACE_FORMAT = 'fencing-lab/trace';
export const TRACE_VERSION = 1;

/** What an operation did: invoked, succeeded, failed for sure, or indefinite (timed out, unknown). */
export type EventType = 'invoke' | 'ok' | 'fail' | 'info';

/**
 * The operations. Client operations come in invoke/ok|fail|info pairs; `pause`, `resume`,
 * `crash` and `stop` are single `info` events; faults come from the actor `nemesis`.
 */
export type EventFunction =
  | 'acquire'
  | 'release'
  | 'extend'
  | 'write'
  | 'work'
  | 'pause'
  | 'resume'
  | 'crash'
  | 'stop'
  | 'clock-jump'
  | 'failover'
  | 'terminate'
  | 'hold-network'
  | 'read';

export interface TraceEvent {
  /** Milliseconds since the run started: virtual time in the simulator, wall time on real servers. */
  t: number;
  /** `client-1`, `client-2`, … or `nemesis` for injected faults. */
  actor: string;
  f: EventFunction;
  type: EventType;
  /**
   * acquire ok: `{ token }` (a number, or null where the lock issues none: Redlock, advisory);
   * write invoke: `{ body, token }`; write ok: `{ body, token, fence, seq? }` (seq: the storage's
   * own order of applied writes, where the backend knows it); write fail: `{ body, token, reason }`.
   */
  value?: Record<string, unknown>;
  note?: string;
}

export interface AcceptedWrite {
  actor: string;
  token: number | null;
  body: string;
  t: number;
}

export interface StoredDocument {
  body: string;
  /** The highest token that has written, or null when the storage stores none (fencing off). */
  fence: number | null;
}

/** One of the verdicts a run can reach, worst first. */
export type Verdict =
  'stale-write-accepted' | 'token-repeated' | 'stale-write-rejected' | 'two-holders' | 'safe';

export interface Outcome {
  /** Tokens granted, per actor, in the order granted (null where the lock issues no token). */
  tokens: Record<string, (number | null)[]>;
  accepted: AcceptedWrite[];
  rejected: AcceptedWrite[];
  /** The document as the storage holds it at the end. */
  document: StoredDocument;
  /** Two clients believed they held the lock at the same moment. */
  holdersOverlap: boolean;
  verdict: Verdict;
}

export interface TraceEnvironment {
  redis?: string;
  postgres?: string;
  etcd?: string;
  node?: string;
  os?: string;
  cpus?: number;
  recordedAt?: string;
  /** Settings that matter for the figures, e.g. `{ fsync: 'off' }`. */
  settings?: Record<string, string>;
}

export type ParamValue = number | string | boolean;

export interface Trace {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  scenario: string;
  variant: string;
  /** `sim`, or the real servers it ran on: `redis+postgres`, `postgres`, `etcd+postgres`, … */
  backend: string;
  seed?: number;
  params: Record<string, ParamValue>;
  environment?: TraceEnvironment;
  events: TraceEvent[];
  outcome: Outcome;
}
