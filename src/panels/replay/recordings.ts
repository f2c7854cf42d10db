// Recordings are data written by the lab: `recordings/<scenario>.<variant>.<lock>.json`.
// Each one is validated on load; a broken file is listed with what is wrong and left out, so one
// bad recording never takes the rest of the page down.
import type { Trace } from '../../sim/trace/schema';
import { unreadableReason } from './unreadableRecording';

export type TraceValidator = (
  x: unknown,
) => { ok: true; trace: Trace } | { ok: false; errors: string[] };

export interface Recording {
  /** The file name, e.g. `paused-client.fencing-on.redis.json`. */
  file: string;
  trace: Trace;
  /** The lock it ran on, read from the backend (`redis+postgres` → `redis`). */
  lock: string;
}

export interface InvalidRecording {
  file: string;
  errors: string[];
}

export interface RecordingSet {
  recordings: Recording[];
  invalid: InvalidRecording[];
}

/** Files in recordings/ that are not traces. */
const NOT_TRACES = new Set(['numbers.json']);

function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The lock a recorded run used. A recording may say so in `params.lock`; otherwise the backend
 * names the servers, and the lock is the first of them (the storage is the last).
 */
export function lockOfTrace(trace: Trace): string {
  const declared = trace.params.lock;
  if (typeof declared === 'string' && declared.length > 0) return declared;
  const first = trace.backend.split('+')[0] ?? trace.backend;
  switch (first) {
    case 'postgres':
    case 'pg':
      return 'pg-lease';
    case 'redlock':
      return 'redlock';
    default:
      return first;
  }
}

/**
 * Sorts the modules that `import.meta.glob` found into valid recordings and invalid ones.
 * A JSON module arrives as `{ default: data }`; a bare object is accepted too.
 */
export function parseRecordings(
  modules: Record<string, unknown>,
  validate: TraceValidator,
): RecordingSet {
  const reading = readRecordings(modules, validate);
  for (;;) {
    const step = reading.next();
    if (step.done) return step.value;
  }
}

/**
 * The work of parseRecordings one file at a time: it pauses (yields) between files, so a caller
 * can spread the validation over several tasks (recordingsInSlices.ts), and returns the set.
 */
export function* readRecordings(
  modules: Record<string, unknown>,
  validate: TraceValidator,
): Generator<void, RecordingSet, void> {
  const recordings: Recording[] = [];
  const invalid: InvalidRecording[] = [];
  let first = true;
  for (const path of Object.keys(modules).sort()) {
    const file = fileName(path);
    if (NOT_TRACES.has(file)) continue;
    // A pause between two files, and none after the last: the set is ready then.
    if (!first) yield;
    first = false;
    const read = readRecording(file, modules[path], validate);
    if ('errors' in read) invalid.push(read);
    else recordings.push(read);
  }
  return { recordings, invalid };
}

/** One file's recording, or what is wrong with it. */
function readRecording(
  file: string,
  mod: unknown,
  validate: TraceValidator,
): Recording | InvalidRecording {
  const data =
    mod !== null && typeof mod === 'object' && 'default' in mod
      ? (mod as { default: unknown }).default
      : mod;
  // A file that was not JSON reached the page as the build's stand-in, which says why.
  const unreadable = unreadableReason(data);
  if (unreadable !== null) return { file, errors: [unreadable] };
  let result: ReturnType<TraceValidator>;
  try {
    result = validate(data);
  } catch (err) {
    result = { ok: false, errors: [`the validator failed: ${String(err)}`] };
  }
  if (!result.ok)
    return { file, errors: result.errors.length ? result.errors : ['not a valid trace'] };
  const trace = result.trace;
  const [scenario, variant] = file.replace(/\.json$/, '').split('.');
  if (scenario !== trace.scenario || variant !== trace.variant)
    return {
      file,
      errors: [
        `the file name says ${scenario ?? '?'}/${variant ?? '?'} but the trace is ${trace.scenario}/${trace.variant}`,
      ],
    };
  return { file, trace, lock: lockOfTrace(trace) };
}

/** The recording for a run, when the lab made one. */
export function findRecording(
  set: RecordingSet,
  scenario: string,
  variant: string,
  lock: string,
): Recording | null {
  return (
    set.recordings.find(
      (r) => r.trace.scenario === scenario && r.trace.variant === variant && r.lock === lock,
    ) ?? null
  );
}
