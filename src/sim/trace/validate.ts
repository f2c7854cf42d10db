import { outcomeMismatches } from './outcomeMismatches';
import { fieldPath, shownValue } from './shown';
import { TRACE_FORMAT, TRACE_VERSION, type Trace } from './schema';

export type ValidationResult = { ok: true; trace: Trace } | { ok: false; errors: string[] };

const EVENT_TYPES = new Set(['invoke', 'ok', 'fail', 'info']);
const EVENT_FUNCTIONS = new Set([
  'acquire',
  'release',
  'extend',
  'write',
  'work',
  'pause',
  'resume',
  'crash',
  'stop',
  'clock-jump',
  'failover',
  'terminate',
  'hold-network',
  'read',
]);
const VERDICTS = new Set([
  'stale-write-accepted',
  'token-repeated',
  'stale-write-rejected',
  'two-holders',
  'safe',
]);
/** A recording is a few hundred events; far more means the file is not what it claims. */
const MAX_EVENTS = 100_000;

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Checks that a value is a trace this version of the page and engine can read, and says what is
 * wrong otherwise: which field, what it holds, what it should hold. The first 20 problems are
 * listed; the trace is refused as a whole.
 */
export function validateTrace(x: unknown): ValidationResult {
  const errors: string[] = [];
  const bad = (message: string) => {
    if (errors.length < 20) errors.push(message);
  };
  if (!isObject(x)) return { ok: false, errors: ['the trace is not a JSON object'] };
  if (x.format !== TRACE_FORMAT)
    bad(`format is ${shownValue(x.format)}, expected "${TRACE_FORMAT}"`);
  if (x.version !== TRACE_VERSION) {
    bad(`version is ${shownValue(x.version)}; this page reads version ${TRACE_VERSION}`);
  }
  for (const key of ['scenario', 'variant', 'backend'] as const) {
    if (typeof x[key] !== 'string' || x[key] === '') bad(`${key} must be a non-empty string`);
  }
  if (x.seed !== undefined && !Number.isInteger(x.seed))
    bad('seed must be an integer when present');
  if (!isObject(x.params)) bad('params must be an object');
  else {
    for (const [k, v] of Object.entries(x.params)) {
      if (!['number', 'string', 'boolean'].includes(typeof v))
        bad(`${fieldPath('params', k)} must be a number, string or boolean`);
    }
  }
  if (x.environment !== undefined && !isObject(x.environment))
    bad('environment must be an object when present');

  if (!Array.isArray(x.events)) bad('events must be an array');
  else if (x.events.length > MAX_EVENTS)
    bad(`events has ${x.events.length} entries, more than ${MAX_EVENTS}`);
  else {
    let lastT = -Infinity;
    x.events.forEach((e: unknown, i: number) => {
      const at = `events[${i}]`;
      if (!isObject(e)) {
        bad(`${at} is not an object`);
        return;
      }
      if (typeof e.t !== 'number' || !Number.isFinite(e.t) || e.t < 0)
        bad(`${at}.t must be a number of ms, 0 or more`);
      else if (e.t < lastT) bad(`${at}.t is ${e.t} ms, before the event ahead of it (${lastT} ms)`);
      else lastT = e.t;
      if (typeof e.actor !== 'string' || e.actor === '')
        bad(`${at}.actor must be a non-empty string`);
      if (typeof e.f !== 'string' || !EVENT_FUNCTIONS.has(e.f))
        bad(`${at}.f is ${shownValue(e.f)}, not a known operation`);
      if (typeof e.type !== 'string' || !EVENT_TYPES.has(e.type)) {
        bad(`${at}.type is ${shownValue(e.type)}; expected invoke, ok, fail or info`);
      }
      if (e.value !== undefined && !isObject(e.value))
        bad(`${at}.value must be an object when present`);
      if (e.note !== undefined && typeof e.note !== 'string')
        bad(`${at}.note must be a string when present`);
      if (e.f === 'acquire' && e.type === 'ok') {
        const token = isObject(e.value) ? e.value.token : undefined;
        if (token !== null && typeof token !== 'number')
          bad(`${at}: a successful acquire must carry value.token (a number or null)`);
      }
      if (e.f === 'write' && isObject(e.value)) {
        const token = e.value.token;
        if (token !== null && typeof token !== 'number')
          bad(`${at}: a write must carry the token it was sent with`);
        if (typeof e.value.body !== 'string') bad(`${at}: a write must carry its body`);
      }
    });
  }

  const o = x.outcome;
  if (!isObject(o)) bad('outcome must be an object');
  else {
    if (!isObject(o.tokens)) bad('outcome.tokens must be an object');
    else {
      for (const [actor, tokens] of Object.entries(o.tokens)) {
        if (!Array.isArray(tokens) || !tokens.every((t) => t === null || typeof t === 'number'))
          bad(`outcome.tokens[${shownValue(actor)}] must be a list of tokens (numbers, or null)`);
      }
    }
    for (const key of ['accepted', 'rejected'] as const) {
      const writes = o[key];
      if (!Array.isArray(writes)) bad(`outcome.${key} must be an array`);
      else writes.forEach((w: unknown, i: number) => checkWrite(w, `outcome.${key}[${i}]`, bad));
    }
    if (!isObject(o.document) || typeof o.document.body !== 'string')
      bad('outcome.document must have a string body');
    else if (o.document.fence !== null && typeof o.document.fence !== 'number')
      bad('outcome.document.fence must be a number or null');
    if (typeof o.holdersOverlap !== 'boolean') bad('outcome.holdersOverlap must be true or false');
    if (typeof o.verdict !== 'string' || !VERDICTS.has(o.verdict))
      bad(`outcome.verdict ${shownValue(o.verdict)} is not a known verdict`);
  }
  if (errors.length > 0) return { ok: false, errors };
  // Every trace's outcome is derived from its events, on the simulator and on the servers alike:
  // one that says otherwise was edited or made by something else, and would show a story its
  // own events contradict.
  const trace = x as unknown as Trace;
  const mismatches = outcomeMismatches(trace);
  return mismatches.length === 0 ? { ok: true, trace } : { ok: false, errors: mismatches };
}

/** An accepted or rejected write: who, with which token, what body, when. */
function checkWrite(w: unknown, at: string, bad: (message: string) => void): void {
  if (!isObject(w)) {
    bad(`${at} is not an object`);
    return;
  }
  if (typeof w.actor !== 'string') bad(`${at}.actor must be a string`);
  if (w.token !== null && typeof w.token !== 'number') bad(`${at}.token must be a number or null`);
  if (typeof w.body !== 'string') bad(`${at}.body must be a string`);
  if (typeof w.t !== 'number' || !Number.isFinite(w.t)) bad(`${at}.t must be a number of ms`);
}
