// The shape of recordings/numbers.json (issue 4), written by the benchmark and read by the page.

export const NUMBERS_FORMAT = 'fencing-lab/numbers';
export const NUMBERS_VERSION = 1;

export const CASE_NAMES = [
  'redis-plain',
  'redis-token',
  'redis-hot',
  'pg-advisory',
  'pg-lease',
  'etcd-lease',
] as const;
export type CaseName = (typeof CASE_NAMES)[number];

export interface NumbersEnvironment {
  cpuModel: string;
  cpus: number;
  memoryGb: number;
  os: string;
  node: string;
  redis: string;
  postgres: string;
  etcd?: string;
  settings: Record<string, string | number | boolean> & { fsync: string; persistence: string };
  recordedAt: string;
}

/**
 * The same work through the lab's library client (ioredis or node-postgres), measured in the
 * same run and slices as the lean client: what a reader who uses those libraries gets.
 */
export interface LibraryFigures {
  /** The library and its version, e.g. "ioredis 5.11.1" or "pg 8.23.1". */
  client: string;
  /** Pairs a second, or tries a second for the hot lock. */
  perSecond: number;
  /** Tries that won, a second: the hot lock only. */
  winsPerSecond?: number;
  p50Ms: number;
  p99Ms: number;
  /** perSecond divided by the case's ceiling, or null without a ceiling. */
  ratio: number | null;
}

interface CaseFigures {
  name: CaseName;
  p50Ms: number;
  p99Ms: number;
  /** The same work from the C tool, or null when it could not run (see ceilingNote). */
  ceilingPerSecond: number | null;
  /** Node's figure divided by the ceiling, or null without a ceiling. */
  ratio: number | null;
  connections: number;
  pipelined: boolean;
  /** How the ceiling was measured, or why there is none. */
  ceilingNote?: string;
  /** The same work through ioredis or pg; absent for etcd and with --no-library. */
  library?: LibraryFigures;
}

export type NumbersCase =
  | (CaseFigures & { pairsPerSecond: number })
  | (CaseFigures & { triesPerSecond: number; winsPerSecond: number });

export interface NumbersFile {
  format: typeof NUMBERS_FORMAT;
  version: typeof NUMBERS_VERSION;
  environment: NumbersEnvironment;
  clients: number;
  seconds: number;
  cases: NumbersCase[];
}

/** Rates to whole operations per second; latencies and ratios to 3 decimals. */
export const roundRate = (perSecond: number): number => Math.round(perSecond);
export const round3 = (value: number): number => Math.round(value * 1000) / 1000;
