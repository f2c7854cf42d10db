// recordings/numbers.json, written by the lab's benchmark (`npm run lab:bench`). The page
// trusts nothing in it until this validator has read every field it shows: a wrong file must
// produce a message that names the field, never a chart of made-up numbers.
import { fieldPath, shownValue } from '../sim/trace/shown';

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

/**
 * `npm run lab:bench`'s measured seconds per case when no `--seconds` is given. The lab's
 * default and the page's warning about a shorter run both read it here, so they cannot drift.
 */
export const DEFAULT_BENCH_SECONDS = 3;

/**
 * The 1-minute load average at the start of a run when it was above half the machine's CPUs,
 * which says other work was running and every absolute figure reads low; null otherwise, or
 * when the file does not say. Only the start tells: by the end the benchmark has loaded every
 * core itself, so a high load at the end is what a good run looks like too.
 */
export function otherWorkLoad(env: Pick<NumbersEnvironment, 'cpus' | 'settings'>): number | null {
  const atStart = env.settings.loadAverage1mAtStart;
  return typeof atStart === 'number' && atStart > env.cpus / 2 ? atStart : null;
}

export interface NumbersEnvironment {
  cpuModel: string;
  cpus: number;
  memoryGb: number;
  os: string;
  node: string;
  redis: string;
  postgres: string;
  etcd?: string;
  /** Durability settings the servers ran with, e.g. fsync and persistence, as the lab wrote them. */
  settings: Record<string, string | number | boolean>;
  recordedAt: string;
}

/**
 * The same work through the lab's library client (ioredis or node-postgres), measured in the
 * same run as the lean client: what a reader using those libraries gets. Optional: older files
 * and runs with --no-library have none, and etcd has no lean client to compare with.
 */
export interface LibraryFigures {
  /** The library and version, e.g. "ioredis 5.11.1". */
  client: string;
  /** Pairs a second, or tries a second for the hot lock. */
  perSecond: number;
  /** The hot lock only: tries that won, a second. */
  winsPerSecond?: number;
  p50Ms: number;
  p99Ms: number;
  /** perSecond divided by the case's ceiling; null without a ceiling. */
  ratio: number | null;
}

interface CaseCommon {
  name: CaseName;
  p50Ms: number;
  p99Ms: number;
  /**
   * The C tool's figure (redis-benchmark, pgbench) on work like the lab's, not always the same
   * (ceilingNote says how it ran); null when it could not run.
   */
  ceilingPerSecond: number | null;
  ratio: number | null;
  connections: number;
  pipelined: boolean;
  /** How the C tool ran, or why there is no figure from it, when the lab says. */
  ceilingNote?: string;
  library?: LibraryFigures;
}

export interface PairsCase extends CaseCommon {
  kind: 'pairs';
  pairsPerSecond: number;
}

export interface TriesCase extends CaseCommon {
  kind: 'tries';
  triesPerSecond: number;
  winsPerSecond: number;
}

export type NumbersCase = PairsCase | TriesCase;

export interface NumbersFile {
  environment: NumbersEnvironment;
  clients: number;
  seconds: number;
  cases: NumbersCase[];
}

export type NumbersLoad =
  | { status: 'missing'; file: string }
  | { status: 'invalid'; file: string; problems: string[] }
  | { status: 'ok'; file: string; numbers: NumbersFile };

type Obj = Record<string, unknown>;
/** A field's path for messages: `cases[1].p99Ms`, or just `clients` at the top. */
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A value as a message quotes it: `nothing` for a missing one, short JSON otherwise (shown.ts). */
const describe = (v: unknown) => (v === undefined ? 'nothing' : shownValue(v));

/** Validate parsed JSON. Returns every problem found, each naming its field. */
export function validateNumbers(
  data: unknown,
): { ok: true; value: NumbersFile } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const need = (cond: boolean, path: string, what: string, got: unknown) => {
    if (!cond) problems.push(`${path}: expected ${what}, found ${describe(got)}`);
    return cond;
  };
  const str = (o: Obj, key: string, path: string) => {
    const v = o[key];
    need(typeof v === 'string' && v.length > 0, join(path, key), 'a non-empty string', v);
    return v as string;
  };
  const num = (o: Obj, key: string, path: string, min = 0) => {
    const v = o[key];
    need(
      typeof v === 'number' && Number.isFinite(v) && v >= min,
      join(path, key),
      `a number ≥ ${min}`,
      v,
    );
    return v as number;
  };
  const numOrNull = (o: Obj, key: string, path: string) => {
    const v = o[key];
    if (v === null) return null;
    need(
      typeof v === 'number' && Number.isFinite(v) && v >= 0,
      join(path, key),
      'a number ≥ 0 or null',
      v,
    );
    return v as number;
  };

  if (!need(isObj(data), 'the file', 'a JSON object', data)) return { ok: false, problems };
  const root = data as Obj;
  if (!need(root.format === NUMBERS_FORMAT, 'format', JSON.stringify(NUMBERS_FORMAT), root.format))
    return { ok: false, problems };
  if (!need(root.version === NUMBERS_VERSION, 'version', String(NUMBERS_VERSION), root.version))
    return { ok: false, problems };

  let environment: NumbersEnvironment | undefined;
  const env = root.environment;
  if (need(isObj(env), 'environment', 'an object', env)) {
    const e = env as Obj;
    const settings = e.settings;
    let cleanSettings: Record<string, string | number | boolean> = {};
    if (need(isObj(settings), 'environment.settings', 'an object', settings)) {
      for (const [key, value] of Object.entries(settings as Obj)) {
        if (
          need(
            ['string', 'number', 'boolean'].includes(typeof value),
            fieldPath('environment.settings', key),
            'a string, number or boolean',
            value,
          )
        )
          cleanSettings = { ...cleanSettings, [key]: value as string | number | boolean };
      }
      for (const key of ['fsync', 'persistence'])
        need(
          key in (settings as Obj),
          fieldPath('environment.settings', key),
          'a value',
          undefined,
        );
    }
    const recordedAt = str(e, 'recordedAt', 'environment');
    if (typeof recordedAt === 'string' && Number.isNaN(Date.parse(recordedAt)))
      problems.push(`environment.recordedAt: expected a date, found ${describe(recordedAt)}`);
    if (e.etcd !== undefined) str(e, 'etcd', 'environment');
    environment = {
      cpuModel: str(e, 'cpuModel', 'environment'),
      cpus: num(e, 'cpus', 'environment', 1),
      memoryGb: num(e, 'memoryGb', 'environment'),
      os: str(e, 'os', 'environment'),
      node: str(e, 'node', 'environment'),
      redis: str(e, 'redis', 'environment'),
      postgres: str(e, 'postgres', 'environment'),
      ...(typeof e.etcd === 'string' ? { etcd: e.etcd } : {}),
      settings: cleanSettings,
      recordedAt,
    };
  }

  const clients = num(root, 'clients', '', 1);
  const seconds = num(root, 'seconds', '');
  const cases: NumbersCase[] = [];
  const rawCases = root.cases;
  if (need(Array.isArray(rawCases) && rawCases.length > 0, 'cases', 'a non-empty list', rawCases)) {
    const seen = new Set<string>();
    (rawCases as unknown[]).forEach((raw, i) => {
      const path = `cases[${i}]`;
      if (!need(isObj(raw), path, 'an object', raw)) return;
      const c = raw as Obj;
      const name = c.name;
      if (
        !need(
          typeof name === 'string' && (CASE_NAMES as readonly string[]).includes(name),
          `${path}.name`,
          `one of ${CASE_NAMES.join(', ')}`,
          name,
        )
      )
        return;
      if (seen.has(name as string)) problems.push(`${path}.name: ${name as string} appears twice`);
      seen.add(name as string);
      const at = `cases[${i}] (${name as string})`;
      const pipelined = c.pipelined;
      need(typeof pipelined === 'boolean', `${at}.pipelined`, 'true or false', pipelined);
      const common: CaseCommon = {
        name: name as CaseName,
        p50Ms: num(c, 'p50Ms', at),
        p99Ms: num(c, 'p99Ms', at),
        ceilingPerSecond: numOrNull(c, 'ceilingPerSecond', at),
        ratio: numOrNull(c, 'ratio', at),
        connections: num(c, 'connections', at, 1),
        pipelined: pipelined as boolean,
        ...(typeof c.ceilingNote === 'string' ? { ceilingNote: c.ceilingNote } : {}),
      };
      if (typeof c.ceilingReason === 'string') common.ceilingNote = c.ceilingReason;
      if (c.library !== undefined) {
        const lib = c.library;
        const libAt = `${at}.library`;
        if (need(isObj(lib), libAt, 'an object', lib)) {
          const l = lib as Obj;
          const perSecond = num(l, 'perSecond', libAt);
          if (l.winsPerSecond !== undefined) {
            const wins = num(l, 'winsPerSecond', libAt);
            if (typeof wins === 'number' && typeof perSecond === 'number' && wins > perSecond)
              problems.push(`${libAt}.winsPerSecond: ${wins} is more than perSecond ${perSecond}`);
          }
          need('ratio' in l, `${libAt}.ratio`, 'a number ≥ 0 or null', undefined);
          common.library = {
            client: str(l, 'client', libAt),
            perSecond,
            ...(typeof l.winsPerSecond === 'number' ? { winsPerSecond: l.winsPerSecond } : {}),
            p50Ms: num(l, 'p50Ms', libAt),
            p99Ms: num(l, 'p99Ms', libAt),
            ratio: 'ratio' in l ? numOrNull(l, 'ratio', libAt) : null,
          };
        }
      }
      if ('pairsPerSecond' in c) {
        cases.push({ ...common, kind: 'pairs', pairsPerSecond: num(c, 'pairsPerSecond', at) });
      } else if ('triesPerSecond' in c || 'winsPerSecond' in c) {
        const tries = num(c, 'triesPerSecond', at);
        const wins = num(c, 'winsPerSecond', at);
        if (typeof tries === 'number' && typeof wins === 'number' && wins > tries)
          problems.push(`${at}.winsPerSecond: ${wins} is more than triesPerSecond ${tries}`);
        cases.push({ ...common, kind: 'tries', triesPerSecond: tries, winsPerSecond: wins });
      } else {
        problems.push(`${at}: expected pairsPerSecond, or triesPerSecond and winsPerSecond`);
      }
    });
  }

  if (problems.length > 0 || !environment) return { ok: false, problems };
  return { ok: true, value: { environment, clients, seconds, cases } };
}

/** Read the file's text as the page received it; `undefined` means the lab has not written it. */
export function loadNumbers(text: string | undefined, file: string): NumbersLoad {
  if (text === undefined) return { status: 'missing', file };
  let parsed: unknown;
  try {
    // A byte-order mark (some editors on Windows write one) is no reason to refuse the file: the
    // recordings are read past one too.
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { status: 'invalid', file, problems: [`not valid JSON: ${(error as Error).message}`] };
  }
  const result = validateNumbers(parsed);
  return result.ok
    ? { status: 'ok', file, numbers: result.value }
    : { status: 'invalid', file, problems: result.problems };
}

/** The rate a case is known by: pairs a second, or tries a second for the hot lock. */
export const caseRate = (c: NumbersCase) =>
  c.kind === 'pairs' ? c.pairsPerSecond : c.triesPerSecond;
