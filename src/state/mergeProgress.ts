// Two tabs of the page, one stored record: when another tab saved, this tab takes its record in by
// a three-way merge against the record both last agreed on (the one this tab last read or wrote),
// so that what the reader did in either tab stays. No timestamps are needed, and the stored shape
// is unchanged: each tab knows what it last saw, so it can tell what changed on each side.
// Pure functions: they never throw and never touch storage.
import { drillQuestions } from '../content/drill';
import {
  DRILL_STORAGE_VERSION,
  emptyProgress,
  isWrongPick,
  type DrillProgressData,
  type Prediction,
} from './drillProgressData';

/** Ids whose entries in a stored record could not be read: 'all' when a whole part was bad. */
export type UnreadIds = ReadonlySet<string> | 'all';

/** What a partly readable record left out, by part. */
export interface UnreadEntries {
  progress: UnreadIds;
  predictions: UnreadIds;
}

const unreadHas = (ids: UnreadIds | undefined, id: string) =>
  ids !== undefined && (ids === 'all' || ids.has(id));

const isEmpty = (data: DrillProgressData) =>
  Object.keys(data.progress).length === 0 && Object.keys(data.predictions).length === 0;

const noPrediction: Prediction = { choice: null, text: '' };

/**
 * One field, three ways: a side that left it as it was in the base takes the other side's value;
 * when both changed it, the other tab's wins, as its save is the later one (this tab's own change
 * was saved when it was made, or could not be).
 */
function pick<T>(base: T, ours: T, theirs: T): T {
  return ours !== base && theirs === base ? ours : theirs;
}

/**
 * This tab's progress after another tab saved `theirs`. Per question, the mark, the picked choice
 * and the own words are merged apart, so a mark made here and words written there both stay.
 *
 * - `base` is the record this tab last read or wrote; null when there is none in common (this tab
 *   held off a newer page's record), and then the other tab's record is taken whole.
 * - An empty record where the base had progress is a reset (clearing every prediction by hand
 *   comes to the same): it is taken whole, so a reset in one tab clears the other.
 * - An entry the other tab's record holds but this page could not read (`unread`) keeps this
 *   tab's value: a broken entry costs nothing here.
 * - A "known" mark beside a wrong pick, which a merge of one tab's mark with the other's pick could
 *   make, is "not yet", as it is when such a record is read (`salvageV2`).
 * - A record an older page saved (`theirsVersion` 1) is read for what that page could say: see
 *   `asAnOlderPageSaw`.
 *
 * The result is `theirs` itself when it holds the same, so the caller can tell whether this tab
 * has anything to write back.
 */
export function mergeProgress(
  base: DrillProgressData | null,
  ours: DrillProgressData,
  theirs: DrillProgressData,
  unread?: UnreadEntries,
  theirsVersion = DRILL_STORAGE_VERSION,
): DrillProgressData {
  if (base === null) return theirs;
  if (!unread && isEmpty(theirs) && !isEmpty(base)) return theirs;
  if (theirsVersion < DRILL_STORAGE_VERSION) theirs = asAnOlderPageSaw(base, theirs);
  const out = emptyProgress();
  for (const { id } of drillQuestions) {
    const verdict = unreadHas(unread?.progress, id)
      ? ours.progress[id]
      : pick(base.progress[id], ours.progress[id], theirs.progress[id]);
    if (verdict !== undefined) out.progress[id] = verdict;
    const b = base.predictions[id] ?? noPrediction;
    const o = ours.predictions[id] ?? noPrediction;
    const t = theirs.predictions[id] ?? noPrediction;
    const prediction = unreadHas(unread?.predictions, id)
      ? o
      : { choice: pick(b.choice, o.choice, t.choice), text: pick(b.text, o.text, t.text) };
    if (prediction.choice !== null || prediction.text !== '') out.predictions[id] = prediction;
    if (out.progress[id] === 'known' && isWrongPick(id, out.predictions[id]))
      out.progress[id] = 'not-yet';
  }
  return sameProgress(out, theirs) ? theirs : out;
}

/**
 * A version 1 record, migrated, as its page meant it. Version 1 kept "known" ids and own words
 * only: it has no picked choice and no "not yet", so a tab of an older page saving beside this one
 * writes every pick as none and every "not yet" as unmarked. Those are fields it cannot hold, not
 * changes the reader made: they read as the base had them, so this tab's picks and "not yet" marks
 * stay. A "known" mark it added or took away, and its own words, are its changes as usual.
 */
function asAnOlderPageSaw(base: DrillProgressData, theirs: DrillProgressData): DrillProgressData {
  const out = emptyProgress();
  for (const { id } of drillQuestions) {
    const wasKnown = base.progress[id] === 'known';
    const verdict =
      (theirs.progress[id] === 'known') === wasKnown ? base.progress[id] : theirs.progress[id];
    if (verdict !== undefined) out.progress[id] = verdict;
    const choice = base.predictions[id]?.choice ?? null;
    const text = theirs.predictions[id]?.text ?? '';
    if (choice !== null || text !== '') out.predictions[id] = { choice, text };
  }
  return out;
}

/** Do two records hold the same marks and predictions (in whatever key order)? */
export function sameProgress(a: DrillProgressData, b: DrillProgressData): boolean {
  return changedQuestions(a, b).length === 0;
}

/** The ids of the questions whose mark or prediction differs between two records. */
export function changedQuestions(a: DrillProgressData, b: DrillProgressData): string[] {
  const ids = new Set([
    ...Object.keys(a.progress),
    ...Object.keys(b.progress),
    ...Object.keys(a.predictions),
    ...Object.keys(b.predictions),
  ]);
  const changed: string[] = [];
  for (const id of ids) {
    const pa = a.predictions[id];
    const pb = b.predictions[id];
    const samePrediction =
      pa === pb ||
      (pa !== undefined && pb !== undefined && pa.choice === pb.choice && pa.text === pb.text);
    if (a.progress[id] !== b.progress[id] || !samePrediction) changed.push(id);
  }
  return changed;
}
