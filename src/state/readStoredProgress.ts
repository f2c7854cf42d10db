// Reading what is stored. Everything read back from storage is treated as hostile: it may be
// hand-edited, written by an older or newer page, cut short by a full disk, or not there at all.
// Pure functions: they never throw and never touch storage.
import { PREDICTION_MAX_CHARS } from '../content/drill';
import type { NoticeReason } from './drillNotices';
import {
  DRILL_STORAGE_MAX_CHARS,
  DRILL_STORAGE_NEWER_SPAN,
  DRILL_STORAGE_VERSION,
  emptyProgress,
  isWrongPick,
  questionById,
  type DrillProgressData,
  type DrillProgressDataV1,
  type Prediction,
  type Verdict,
} from './drillProgressData';
import type { UnreadEntries } from './mergeProgress';

export type LoadResult =
  | { kind: 'empty' }
  | {
      kind: 'ok';
      version: number;
      state: DrillProgressData | DrillProgressDataV1;
      /** Some entries could not be read and are not in `state`. */
      leftOut?: boolean;
      /** With `leftOut`: whose entries those were, so a merge keeps this tab's for them. */
      unread?: UnreadEntries;
    }
  | { kind: 'dropped'; reason: NoticeReason };

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function hasOwn(obj: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

function isVerdict(value: unknown): value is Verdict {
  return value === 'known' || value === 'not-yet';
}

function isPredictionText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= PREDICTION_MAX_CHARS;
}

/** What a version 2 state holds that this page can read, and whether anything was left out. */
export interface SalvagedV2 {
  state: DrillProgressData;
  leftOut: boolean;
  unread: UnreadEntries;
}

/** Collects the ids of entries left out; a part that was not a record at all is 'all'. */
class Unread {
  readonly progress = new Set<string>();
  readonly predictions = new Set<string>();
  allProgress = false;
  allPredictions = false;
  get any(): boolean {
    return (
      this.allProgress || this.allPredictions || this.progress.size + this.predictions.size > 0
    );
  }
  entries(): UnreadEntries {
    return {
      progress: this.allProgress ? 'all' : this.progress,
      predictions: this.allPredictions ? 'all' : this.predictions,
    };
  }
}

/**
 * Reads a version 2 state entry by entry. An entry of the wrong type is left out and the rest is
 * kept, so one bad mark does not cost the reader the other seven; only a state with neither
 * record readable is refused. Ids of questions or choices this page does not have are skipped
 * without a word, so content can change without dropping progress.
 */
export function salvageV2(value: unknown): SalvagedV2 | null {
  if (!isPlainObject(value)) return null;
  const { progress, predictions } = value;
  if (!isPlainObject(progress) && !isPlainObject(predictions)) return null;
  const out = emptyProgress();
  const unread = new Unread();
  unread.allProgress = !isPlainObject(progress);
  unread.allPredictions = !isPlainObject(predictions);
  for (const [id, verdict] of Object.entries(isPlainObject(progress) ? progress : {})) {
    if (!isVerdict(verdict)) unread.progress.add(id);
    else if (questionById.has(id)) out.progress[id] = verdict;
  }
  for (const [id, prediction] of Object.entries(isPlainObject(predictions) ? predictions : {})) {
    if (!isPlainObject(prediction)) {
      unread.predictions.add(id);
      continue;
    }
    const { choice, text } = prediction;
    if (!(choice === null || typeof choice === 'string') || !isPredictionText(text)) {
      unread.predictions.add(id);
      continue;
    }
    const question = questionById.get(id);
    if (!question) continue;
    const knownChoice = choice !== null && question.choices.some((c) => c.id === choice);
    const kept: Prediction = { choice: knownChoice ? choice : null, text };
    if (kept.choice !== null || kept.text !== '') out.predictions[id] = kept;
  }
  // A page before the rule that a wrong pick is never known could save both; what the reader
  // picked is the evidence, so such a question loads as "not yet".
  for (const [id, verdict] of Object.entries(out.progress)) {
    if (verdict === 'known' && isWrongPick(id, out.predictions[id])) out.progress[id] = 'not-yet';
  }
  return { state: out, leftOut: unread.any, unread: unread.entries() };
}

/** A version 2 state with every entry readable, or null: what the store itself may hold. */
export function validateV2(value: unknown): DrillProgressData | null {
  const salvaged = salvageV2(value);
  return salvaged && !salvaged.leftOut ? salvaged.state : null;
}

function isEmpty(state: DrillProgressData): boolean {
  return Object.keys(state.progress).length === 0 && Object.keys(state.predictions).length === 0;
}

/** What a version 1 state holds that this page can read, and whether anything was left out. */
export interface SalvagedV1 {
  state: DrillProgressDataV1;
  leftOut: boolean;
  unread: UnreadEntries;
}

/**
 * Reads a version 1 state (`{ known: string[], predictions: { [id]: string } }`) entry by entry,
 * as `salvageV2` reads version 2: a known id that is not a name, or a prediction that is not
 * short text, is left out and the rest kept; only a state with neither part readable is refused.
 * Ids of questions this page does not have are skipped without a word.
 */
export function salvageV1(value: unknown): SalvagedV1 | null {
  if (!isPlainObject(value)) return null;
  const { known, predictions } = value;
  if (!Array.isArray(known) && !isPlainObject(predictions)) return null;
  const out: DrillProgressDataV1 = { known: [], predictions: {} };
  const unread = new Unread();
  unread.allProgress = !Array.isArray(known);
  unread.allPredictions = !isPlainObject(predictions);
  for (const id of Array.isArray(known) ? (known as unknown[]) : []) {
    // A known id that is not a name names no question: any of them may have been meant.
    if (typeof id !== 'string') unread.allProgress = true;
    else if (questionById.has(id)) out.known.push(id);
  }
  for (const [id, text] of Object.entries(isPlainObject(predictions) ? predictions : {})) {
    if (!isPredictionText(text)) unread.predictions.add(id);
    else if (questionById.has(id)) out.predictions[id] = text;
  }
  return { state: out, leftOut: unread.any, unread: unread.entries() };
}

/** A version 1 state with every entry readable, or null. */
export function validateV1(value: unknown): DrillProgressDataV1 | null {
  const salvaged = salvageV1(value);
  return salvaged && !salvaged.leftOut ? salvaged.state : null;
}

/** Version 1 to version 2: known ids become "known" marks, free text stays free text. */
export function migrateV1(v1: DrillProgressDataV1): DrillProgressData {
  const out = emptyProgress();
  for (const id of v1.known) if (questionById.has(id)) out.progress[id] = 'known';
  for (const [id, text] of Object.entries(v1.predictions)) {
    if (questionById.has(id) && text !== '') out.predictions[id] = { choice: null, text };
  }
  return out;
}

/**
 * Turns the raw stored string into a versioned state this page can use, or a reason to drop it.
 * The state keeps its stored version so that zustand's `migrate` does the upgrade.
 */
export function readStoredProgress(raw: string | null): LoadResult {
  if (raw === null) return { kind: 'empty' };
  if (typeof raw !== 'string') return { kind: 'dropped', reason: 'unreadable' };
  if (raw.length > DRILL_STORAGE_MAX_CHARS) return { kind: 'dropped', reason: 'too-large' };
  let parsed: unknown;
  let poisoned = false;
  try {
    // JSON.parse makes `__proto__` an own key rather than a prototype, but a later copy with
    // Object.assign would not; refusing such keys outright keeps every later step simple.
    parsed = JSON.parse(raw, (key, value: unknown) => {
      if (forbiddenKeys.has(key)) poisoned = true;
      return value;
    });
  } catch {
    return { kind: 'dropped', reason: 'unreadable' };
  }
  if (poisoned || !isPlainObject(parsed)) return { kind: 'dropped', reason: 'unreadable' };
  const version = parsed.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || !hasOwn(parsed, 'state')) {
    return { kind: 'dropped', reason: 'unreadable' };
  }
  // Each new stored shape adds one to the version, so a newer page's is a small positive
  // integer: 1e300, or -7, is no page's version but a broken value, and saying "a newer page"
  // would send the reader looking for a page that does not exist. Version 0 is zustand's own
  // default, what a page saved before it numbered its shapes: a version we do not know.
  if (version < 0 || version > DRILL_STORAGE_VERSION + DRILL_STORAGE_NEWER_SPAN)
    return { kind: 'dropped', reason: 'unreadable' };
  if (version > DRILL_STORAGE_VERSION) return { kind: 'dropped', reason: 'newer-version' };
  if (version !== DRILL_STORAGE_VERSION && version !== 1)
    return { kind: 'dropped', reason: 'unknown-version' };
  const salvaged = version === 1 ? salvageV1(parsed.state) : salvageV2(parsed.state);
  // Nothing readable beside the bad entries is the same as nothing readable at all.
  if (!salvaged || (salvaged.leftOut && isEmptySalvage(salvaged.state)))
    return { kind: 'dropped', reason: 'unreadable' };
  const { state, leftOut, unread } = salvaged;
  return leftOut ? { kind: 'ok', version, state, leftOut, unread } : { kind: 'ok', version, state };
}

function isEmptySalvage(state: DrillProgressData | DrillProgressDataV1): boolean {
  return 'known' in state
    ? state.known.length === 0 && Object.keys(state.predictions).length === 0
    : isEmpty(state);
}

/** zustand's `migrate`: only versions that `readStoredProgress` let through arrive here. */
export function migrateProgress(persisted: unknown, version: number): DrillProgressData {
  if (version === 1) {
    const v1 = validateV1(persisted);
    if (v1) return migrateV1(v1);
  }
  return validateV2(persisted) ?? emptyProgress();
}
