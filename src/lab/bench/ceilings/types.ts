// A ceiling: the same work as a case, done by a C client (redis-benchmark, pgbench) with the
// same number of clients, so the Node figure can be read against what the server can give.

export interface CeilingSlice {
  /** Units of the case's work done per second (pairs, or tries). */
  perSecond: number;
  /** Units done, and the seconds they took: slices add up by summing both. */
  ops: number;
  seconds: number;
}

export interface Ceiling {
  tool: 'redis-benchmark' | 'pgbench';
  /** The shortest slice the tool measures fairly (pgbench -T takes whole seconds). */
  minSliceSeconds: number;
  /** The command and method, in one line, for numbers.json and the progress output. */
  describe(): string;
  /**
   * One-time setup on the server (load scripts, fill keys), told about how many units the
   * whole case will ask of the tool.
   */
  prepare(expectedOps: number): Promise<void>;
  /**
   * Run for about `seconds`: tools that count requests get `ops`, sized from their last rate,
   * tools that take a duration use `seconds`. `signal` aborts when the case's server dies,
   * so a tool that would retry forever is killed.
   */
  runSlice(ops: number, seconds: number, signal?: AbortSignal): Promise<CeilingSlice>;
  /** Extra facts learnt while running, added to the description. */
  finish?(): Promise<string | undefined>;
}

/** Thrown when the tool is missing or cannot run: the case then reports a null ceiling. */
export class CeilingUnavailable extends Error {
  override name = 'CeilingUnavailable';
}
