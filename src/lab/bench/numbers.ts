// The shape of recordings/numbers.json (issue 4), written by the benchmark and read by the page.

// The format's constants and shared parts have one home, beside the page's validator, so the
// writer and the reader cannot drift apart; this file adds what only the writer needs.
import {
  CASE_NAMES,
  NUMBERS_FORMAT,
  NUMBERS_VERSION,
  type CaseName,
  type LibraryFigures,
  type NumbersCase as PageCase,
  type NumbersEnvironment as PageEnvironment,
} from '../../content/numbersFile';

export { CASE_NAMES, NUMBERS_FORMAT, NUMBERS_VERSION };
export type { CaseName, LibraryFigures };

/** What the lab writes: the page reads any settings, the lab always states these two. */
export type NumbersEnvironment = Omit<PageEnvironment, 'settings'> & {
  settings: Record<string, string | number | boolean> & { fsync: string; persistence: string };
};

/** Keeps a union a union: `Omit` over it would merge its members into one. */
type WithoutKind<C> = C extends unknown ? Omit<C, 'kind'> : never;

/** A case as the lab writes it: the page's, less the `kind` its validator adds on reading. */
export type NumbersCase = WithoutKind<PageCase>;

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
