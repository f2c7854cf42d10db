// Section 14, the drill: predict, then reveal, then say honestly whether you knew it. Interview
// practice shuffles the questions, asks them one at a time, and hides every answer until the
// reader asks for it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { drillQuestions } from '../../content/drill';
import {
  pageDrillProgressStore,
  knownCount,
  type DrillProgressStore,
} from '../../state/drillProgress';
import { otherTabMessage } from '../../state/drillNotices';
import { ConfirmReset } from './ConfirmReset';
import { DrillCard } from './DrillCard';
import { practiceOrder, randomSeed } from './shuffle';
import './drill.css';

export interface DrillPanelProps {
  /** The page passes nothing; tests pass a store on a storage they control. */
  store?: DrillProgressStore;
  /** Seeds for interview practice; the page draws random ones. */
  nextSeed?: () => number;
  /** The seed of the choices' order; the page draws one per visit, tests pass their own. */
  choiceSeed?: number;
}

const total = drillQuestions.length;

// Drawn once when the page loads the drill, so the choices keep their places for the whole visit
// (re-renders, reveals, practice and back) and move on the next one.
const visitChoiceSeed = randomSeed();

export function DrillPanel({
  store = pageDrillProgressStore(),
  nextSeed = randomSeed,
  choiceSeed = visitChoiceSeed,
}: DrillPanelProps) {
  const progress = useStore(store, (s) => s.progress);
  const mode = useStore(store, (s) => s.mode);
  const practiceSeed = useStore(store, (s) => s.practiceSeed);
  const storage = useStore(store, (s) => s.storage);
  const notice = useStore(store, (s) => s.notice);
  const otherTab = useStore(store, (s) => s.otherTab);
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const resetButton = useRef<HTMLButtonElement>(null);
  const practiceButton = useRef<HTMLButtonElement>(null);
  // Practice asks one question at a time; which one is this session's business, not saved.
  const [practiceIndex, setPracticeIndex] = useState(0);
  const practiceCard = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  const practiceMarks = useStore(store, (s) => s.practiceMarks);
  const known = knownCount({ progress });
  // A practice round is judged by its own marks: what study mode already counted as known was
  // not said in this round's order, so it must not earn "in an order you could not lean on".
  const roundKnown = knownCount({ progress: practiceMarks });
  const roundUnmarked = drillQuestions.filter((q) => practiceMarks[q.id] === undefined).length;
  const notYet = drillQuestions.filter((q) => progress[q.id] === 'not-yet').length;
  const practicing = mode === 'practice';
  const questions = useMemo(
    () => (practicing ? practiceOrder(drillQuestions, practiceSeed) : drillQuestions),
    [practicing, practiceSeed],
  );

  const togglePractice = () => {
    const s = store.getState();
    if (practicing) {
      s.stopPractice();
      setAnnouncement('Back to the explainer’s order.');
    } else {
      s.startPractice(nextSeed());
      setPracticeIndex(0);
      setAnnouncement(
        `Interview practice: ${total} questions in a new order, one at a time, answers hidden.`,
      );
    }
  };
  const reshuffle = () => {
    store.getState().startPractice(nextSeed());
    setPracticeIndex(0);
    setAnnouncement('Shuffled again. Answers hidden.');
  };
  const goTo = (index: number) => {
    moved.current = true;
    setPracticeIndex(index);
  };
  // After Next or Previous, the new question's heading takes the focus, so a screen reader reads
  // it and Tab goes on to its answer field.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    practiceCard.current?.querySelector<HTMLElement>('h3')?.focus();
  }, [practiceIndex]);
  const current = Math.min(practiceIndex, total - 1);
  const closeConfirm = (cleared: boolean) => {
    setConfirming(false);
    if (cleared) {
      const heldForNewer = store.getState().storage === 'newer-version';
      store.getState().reset();
      if (!heldForNewer) setAnnouncement('Progress cleared.');
      else if (store.getState().storage === 'newer-version')
        setAnnouncement(
          'This visit’s progress is cleared, but the browser would not remove the newer version’s progress, so it is still kept.',
        );
      else
        setAnnouncement(
          'Progress cleared, with the newer version’s progress. This page saves your progress again.',
        );
    }
    resetButton.current?.focus();
  };

  return (
    <div className="drill">
      {notice && (
        <div className="drill-notice" role="status">
          <p>{notice.message}</p>
          <button
            type="button"
            onClick={() => {
              store.getState().dismissNotice();
              // The button goes with its notice: the keyboard goes on to the drill's controls.
              practiceButton.current?.focus();
            }}
          >
            Dismiss
          </button>
        </div>
      )}
      {storage === 'session-only' && (
        <p className="drill-warning">
          This browser is not letting the page save anything, so the drill works for now but your
          progress will not be kept.
        </p>
      )}
      {storage === 'full' && (
        <p className="drill-warning">
          This browser’s storage for this site is full, so your latest changes are not being saved:
          a reload would bring back only the progress saved before. Once there is room again, your
          next change saves everything.
        </p>
      )}
      {storage === 'newer-version' && (
        <p className="drill-warning">
          Your progress here is not being saved: a newer version of this page saved progress in this
          browser, and this page keeps it untouched. Reset progress clears it, and this page saves
          again.
        </p>
      )}

      {/* Always there, so that a screen reader hears the note when it comes. */}
      <p className="drill-other-tab" role="status">
        {otherTab && otherTabMessage(otherTab)}
      </p>

      <div className="drill-toolbar">
        <div className="drill-score">
          <p className="drill-count" aria-live="polite">
            <strong>
              {known} of {total} known
            </strong>
            {notYet > 0 && <span className="drill-not-yet-count"> · {notYet} not yet</span>}
          </p>
          <progress
            className="drill-progress"
            max={total}
            value={known}
            aria-label="Questions known"
          />
        </div>
        <div className="drill-controls">
          <button
            type="button"
            ref={practiceButton}
            aria-pressed={practicing}
            onClick={togglePractice}
          >
            Interview practice
          </button>
          {practicing && (
            <button type="button" onClick={reshuffle}>
              Shuffle again
            </button>
          )}
          <button
            type="button"
            ref={resetButton}
            aria-expanded={confirming}
            onClick={() => setConfirming(true)}
          >
            Reset progress
          </button>
        </div>
      </div>
      {confirming && (
        <ConfirmReset
          storage={storage}
          opener={resetButton}
          onConfirm={() => closeConfirm(true)}
          onCancel={() => closeConfirm(false)}
          onLeave={() => setConfirming(false)}
        />
      )}
      <p className="drill-announcement" role="status">
        {announcement}
      </p>
      <p className="drill-mode-note">
        {practicing
          ? 'Interview practice: the questions come shuffled and one at a time, the choices are gone, and every answer stays hidden until you ask for it. Say your answer out loud or write it (it is kept for this round only, apart from your study predictions), then reveal and be honest.'
          : 'For each question, pick or write a prediction, then reveal the answer. A wrong pick counts as “Not yet”; a right pick counts once you mark it “I knew it”. If you write a prediction in your own words, you mark it yourself.'}
      </p>

      {practicing ? (
        <div className="drill-practice" ref={practiceCard}>
          <DrillCard
            key={questions[current]!.id}
            store={store}
            question={questions[current]!}
            number={current + 1}
            choiceSeed={choiceSeed}
            practicing
          />
          <nav className="drill-practice-nav" aria-label="Practice questions">
            <button type="button" disabled={current === 0} onClick={() => goTo(current - 1)}>
              Previous question
            </button>
            {current < total - 1 ? (
              <button type="button" onClick={() => goTo(current + 1)}>
                Next question
              </button>
            ) : (
              <p className="drill-practice-end">
                That was the last question. This round: {roundKnown} of {total} known
                {roundUnmarked > 0 && `, ${roundUnmarked} not marked`}. Shuffle again for another
                round.
              </p>
            )}
          </nav>
        </div>
      ) : (
        <ol className="drill-list">
          {questions.map((q, i) => (
            <li key={q.id}>
              <DrillCard
                store={store}
                question={q}
                number={i + 1}
                choiceSeed={choiceSeed}
                practicing={false}
              />
            </li>
          ))}
        </ol>
      )}
      {(practicing ? roundKnown : known) === total && (
        <p className="drill-done">
          {practicing
            ? `All ${total} known, in an order you could not lean on. Shuffle again, or say each answer out loud as you would in the interview.`
            : `All ${total} known. Try interview practice: the same questions in an order you cannot lean on.`}
        </p>
      )}
    </div>
  );
}
