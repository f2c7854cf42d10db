// What the drill saves, and the rules every reader of it shares: the stored shapes (version 2, and
// version 1 for readers who saved with an older page), and what counts as a wrong prediction.
import { drillQuestions } from '../content/drill';

export const DRILL_STORAGE_NAME = 'fencing-lab:drill';
/** Version 2 added picked choices and "Not yet"; version 1 kept known ids and free text only. */
export const DRILL_STORAGE_VERSION = 2;
/**
 * How far past this page's version a newer page's can be. Each new stored shape adds one (this
 * page took two), so a hundred more is far beyond any page; a version further on is a broken value.
 */
export const DRILL_STORAGE_NEWER_SPAN = 100;
/** A stored value longer than this cannot be ours: eight short predictions fit in far less. */
export const DRILL_STORAGE_MAX_CHARS = 64_000;

export type Verdict = 'known' | 'not-yet';

export interface Prediction {
  /** The id of the picked choice, or null when the reader only wrote one. */
  choice: string | null;
  text: string;
}

/** What is persisted (version 2). Records are sparse: a question with nothing yet has no entry. */
export interface DrillProgressData {
  progress: Record<string, Verdict>;
  predictions: Record<string, Prediction>;
}

/** The shape version 1 stored, kept so that its readers' progress carries over. */
export interface DrillProgressDataV1 {
  known: string[];
  predictions: Record<string, string>;
}

/** The drill's questions by id: stored ids are checked against it, so removed questions drop out. */
export const questionById = new Map(drillQuestions.map((q) => [q.id, q]));

/**
 * Did the reader pick a choice, and not the right one? Such a prediction was wrong, so study mode
 * never counts the question as known: "I knew it" is off and the reveal marks it "Not yet". A
 * reader who only wrote their own words grades themselves.
 */
export function isWrongPick(questionId: string, prediction: Prediction | undefined): boolean {
  const question = questionById.get(questionId);
  return (
    question !== undefined &&
    prediction !== undefined &&
    prediction.choice !== null &&
    prediction.choice !== question.bestChoiceId
  );
}

/**
 * Is a wrong pick standing? A wrong pick with a mark beside it has been shown beside the answer
 * (study mode opens a marked answer): the answer was seen, so a later pick is no prediction. Such
 * a question stays "Not yet" until the reader resets or marks it known in interview practice
 * (which drops the pick); picking again in study mode only explores and is never counted.
 */
export function wrongPickStands(
  questionId: string,
  prediction: Prediction | undefined,
  verdict: Verdict | undefined,
): boolean {
  return verdict !== undefined && isWrongPick(questionId, prediction);
}

export function emptyProgress(): DrillProgressData {
  return { progress: {}, predictions: {} };
}
