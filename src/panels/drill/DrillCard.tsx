// One drill question: the reader's prediction (a choice or their own words), the reveal, and the
// honest mark, "I knew it" or "Not yet". Practice hides the choices and grades what is said now.
import { useId, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useStore } from 'zustand';
import { drillQuestions, PREDICTION_MAX_CHARS, type DrillQuestion } from '../../content/drill';
import type { DrillProgressStore } from '../../state/drillProgress';
import { isWrongPick, wrongPickStands, type Verdict } from '../../state/drillProgressData';
import { openReplay } from '../../state/playback';
import { isPlainClick } from '../shared/ReplayLink';
import { choiceOrder } from './shuffle';

interface DrillCardProps {
  store: DrillProgressStore;
  question: DrillQuestion;
  number: number;
  choiceSeed: number;
  practicing: boolean;
}

export function DrillCard({ store, question, number, choiceSeed, practicing }: DrillCardProps) {
  const id = useId();
  const promptId = `${id}-prompt`;
  const answerId = `${id}-answer`;
  const textId = `${id}-text`;
  const prediction = useStore(store, (s) => s.predictions[question.id]);
  const studyVerdict = useStore(store, (s) => s.progress[question.id]);
  // Practice is a fresh attempt: its card shows only what this run wrote and marked, never the
  // study mode's words or verdict (a text rewritten after reading the answer would be no test).
  const practiceAnswer = useStore(store, (s) => s.practiceAnswers[question.id]);
  const practiceMark = useStore(store, (s) => s.practiceMarks[question.id]);
  const verdict = practicing ? practiceMark : studyVerdict;
  const text = practicing ? (practiceAnswer ?? '') : (prediction?.text ?? '');
  const revealedFlag = useStore(store, (s) => s.revealed[question.id]);
  const retryPick = useStore(store, (s) => s.retryPicks[question.id]);
  const [hint, setHint] = useState('');
  const firstChoice = useRef<HTMLInputElement>(null);
  const revealButton = useRef<HTMLButtonElement>(null);
  // Set by this card's button: the store also opens and closes answers from another tab or a
  // reset, and those must not scroll the page.
  const toggledHere = useRef(false);

  // In study mode an answer already marked stays open after a reload; practice hides everything.
  const revealed = revealedFlag ?? (!practicing && verdict !== undefined);
  // Practice is closer to an interview: no choices to lean on, and the answer may be said aloud.
  // Blank text is no prediction: a stray space must not open the answer.
  const needsPrediction =
    !practicing &&
    (prediction === undefined || (prediction.choice === null && prediction.text.trim() === ''));
  // A wrong pick shown beside the answer keeps counting; a pick made after it only explores.
  const standing = !practicing && wrongPickStands(question.id, prediction, verdict);
  const shownChoice = (standing ? retryPick : undefined) ?? prediction?.choice;
  const exploring = standing && shownChoice !== prediction?.choice;
  const picked = question.choices.find((c) => c.id === shownChoice);
  const counted = question.choices.find((c) => c.id === prediction?.choice);
  const choices = useMemo(
    () => choiceOrder(question.id, question.choices, choiceSeed),
    [question, choiceSeed],
  );
  // Practice shows no choices and grades the answer said now; study grades the pick it shows.
  const wrongPick = !practicing && isWrongPick(question.id, prediction);
  // Once the answer shows, the pick is locked while it shows. Hiding it lets the reader pick
  // again, but after a wrong pick that only explores (see `standing`): switching to the right
  // choice after reading the answer must not turn a wrong prediction into "I knew it".
  const pickLocked = revealed && !practicing;
  const reasonId = `${id}-reason`;

  // Opened, the answer also tags the choices and adds a note above the button, which pushes the
  // button down, by 30 to 80 px: pressed with Enter at the foot of the screen, it went below the
  // screen with the focus on it. Brought back into view before the browser paints.
  useLayoutEffect(() => {
    if (!toggledHere.current) return;
    toggledHere.current = false;
    const button = revealButton.current;
    if (button && document.activeElement === button) button.scrollIntoView?.({ block: 'nearest' });
  }, [revealed]);

  const toggleAnswer = () => {
    if (revealed) {
      toggledHere.current = true;
      store.getState().setRevealed(question.id, false);
      return;
    }
    if (needsPrediction) {
      setHint('Make a prediction first: pick one of the choices or write your own.');
      firstChoice.current?.focus();
      return;
    }
    setHint('');
    toggledHere.current = true;
    store.getState().setRevealed(question.id, true);
  };

  return (
    <article className="drill-card" aria-labelledby={promptId} data-verdict={verdict ?? 'none'}>
      <p className="drill-number">
        Question {number} of {drillQuestions.length}
        {verdict && (
          <span className={`drill-badge drill-badge-${verdict}`}>
            {verdict === 'known' ? 'Known' : 'Not yet'}
          </span>
        )}
      </p>
      <h3 id={promptId} className="drill-prompt" tabIndex={-1}>
        {question.prompt}
      </h3>

      <fieldset className="drill-prediction" aria-describedby={`${id}-hint`}>
        <legend>{practicing ? 'Your answer' : 'Your prediction'}</legend>
        {pickLocked && question.choices.length > 0 && (
          <p className="drill-locked-note">
            {standing
              ? 'Hide the answer to try another choice. It will not count.'
              : 'Hide the answer to change your pick.'}
          </p>
        )}
        {standing && !revealed && (
          <p className="drill-locked-note">
            Your pick “{counted?.text}” was wrong, so this question stays Not yet until you reset
            your progress or answer it in interview practice. Picking again here is only to explore:
            it does not count.
          </p>
        )}
        {!practicing &&
          choices.map((choice, i) => (
            <label key={choice.id} className="drill-choice">
              <input
                ref={i === 0 ? firstChoice : undefined}
                type="radio"
                name={`${id}-choice`}
                value={choice.id}
                checked={shownChoice === choice.id}
                disabled={pickLocked}
                onChange={() => {
                  store.getState().pickChoice(question.id, choice.id);
                  setHint('');
                }}
              />
              <span>
                <span className="drill-choice-text">{choice.text}</span>
                {pickLocked && (
                  <ChoiceTag
                    isAnswer={choice.id === question.bestChoiceId}
                    pick={
                      choice.id === prediction?.choice
                        ? 'counted'
                        : choice.id === shownChoice
                          ? 'new'
                          : null
                    }
                  />
                )}
              </span>
            </label>
          ))}
        <label htmlFor={textId} className="drill-text-label">
          {practicing ? 'In your own words (or say it out loud)' : 'Or in your own words'}
        </label>
        <textarea
          id={textId}
          className="drill-text"
          rows={practicing ? 3 : 2}
          maxLength={PREDICTION_MAX_CHARS}
          value={text}
          onChange={(e) => {
            const s = store.getState();
            if (practicing) s.writePracticeAnswer(question.id, e.target.value);
            else s.writePrediction(question.id, e.target.value);
            if (e.target.value.trim() !== '') setHint('');
          }}
        />
      </fieldset>

      <div className="drill-actions">
        <button
          ref={revealButton}
          type="button"
          className="drill-reveal"
          aria-expanded={revealed}
          aria-controls={answerId}
          // Eight buttons say "Reveal the answer": each also names its question.
          aria-describedby={promptId}
          onClick={toggleAnswer}
        >
          {revealed ? 'Hide the answer' : 'Reveal the answer'}
        </button>
        <p id={`${id}-hint`} className="drill-hint" aria-live="polite">
          {hint}
        </p>
      </div>

      <div id={answerId} className="drill-answer" hidden={!revealed}>
        {revealed && (
          <>
            <h4 className="drill-answer-title">Answer</h4>
            {picked && !practicing && (
              <p className="drill-match">{pickFeedback(question, picked, exploring)}</p>
            )}
            {question.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p className="drill-see">Where the page shows it:</p>
            <ul className="drill-links">
              {question.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} onClick={(e) => followLink(e, link.href)}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
            <div className="drill-verdict" role="group" aria-label="Did you know it?">
              <VerdictButton
                store={store}
                questionId={question.id}
                verdict="known"
                current={verdict}
                disabledBecause={wrongPick ? reasonId : undefined}
              />
              <VerdictButton
                store={store}
                questionId={question.id}
                verdict="not-yet"
                current={verdict}
              />
            </div>
            {wrongPick && (
              <p id={reasonId} className="drill-verdict-reason">
                Your pick was not the answer, so this question stays Not yet and “I knew it” is off
                until you reset your progress or answer it in interview practice. You can hide the
                answer and try the other choices, but they will not count.
              </p>
            )}
          </>
        )}
      </div>
    </article>
  );
}

/**
 * With the answer showing, the list itself says which choice is the answer and which wrong one
 * was picked: the reader should not have to match the answer's quote against four choices. Words,
 * not only a colour, so that a screen reader says them as part of the choice.
 */
function ChoiceTag({
  isAnswer,
  pick,
}: {
  isAnswer: boolean;
  /** `counted`: the reader's pick; `new`: a choice tried after a wrong pick, which never counts. */
  pick: 'counted' | 'new' | null;
}) {
  if (isAnswer)
    return (
      <span className="drill-choice-tag is-answer">
        <span aria-hidden="true">✓ </span>the answer
      </span>
    );
  if (pick === null) return null;
  return (
    <span className="drill-choice-tag is-wrong-pick">
      <span aria-hidden="true">✗ </span>
      {pick === 'counted' ? 'your pick' : 'your new pick'}
    </span>
  );
}

/**
 * What the reveal says about a picked choice. The answer explains the right one; a wrong pick
 * also gets its own reason, so the reader learns why their choice fails and not only what passes.
 */
function pickFeedback(
  question: DrillQuestion,
  picked: DrillQuestion['choices'][number],
  exploring: boolean,
): string {
  // While exploring after a wrong pick, the words say the new pick is not the one that counts.
  const pick = exploring ? 'Your new pick (not counted)' : 'Your pick';
  if (picked.id === question.bestChoiceId) return `${pick} matches the answer.`;
  const best = question.choices.find((c) => c.id === question.bestChoiceId);
  return [`${pick} differs.`, picked.why, `The right choice: “${best?.text ?? ''}”`]
    .filter((part) => part !== undefined)
    .join(' ');
}

function VerdictButton({
  store,
  questionId,
  verdict,
  current,
  disabledBecause,
}: {
  store: DrillProgressStore;
  questionId: string;
  verdict: Verdict;
  current: Verdict | undefined;
  /** The id of the sentence that says why the button is off; absent when it is on. */
  disabledBecause?: string | undefined;
}) {
  return (
    <button
      type="button"
      className={`drill-mark drill-mark-${verdict}`}
      aria-pressed={current === verdict}
      disabled={disabledBecause !== undefined}
      aria-describedby={disabledBecause}
      onClick={() => store.getState().mark(questionId, verdict)}
    >
      {verdict === 'known' ? 'I knew it' : 'Not yet'}
    </button>
  );
}

/**
 * Replay links stay real links (they open in a new tab, and work with scripts off); a plain click
 * opens the replay in place instead of reloading the page, so the drill keeps its session state.
 */
function followLink(event: MouseEvent<HTMLAnchorElement>, href: string) {
  if (!href.startsWith('?')) return;
  if (!isPlainClick(event)) return;
  const params = new URLSearchParams(
    href.slice(1, href.indexOf('#') === -1 ? undefined : href.indexOf('#')),
  );
  const scenario = params.get('scenario');
  if (!scenario) return;
  const variant = params.get('variant');
  event.preventDefault();
  openReplay(variant ? { scenario, variant } : { scenario });
}
