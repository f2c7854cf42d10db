// The drill's progress: the reader's predictions and "I knew it" / "Not yet" marks, kept in
// localStorage (the shapes in drillProgressData.ts, read back by readStoredProgress.ts through
// guardedStorage.ts). Whatever storage holds, the drill must start and work: a bad entry costs
// that entry, not the reader's other marks; at worst the drill starts fresh and says so once.
// Tabs of the page share the one record: another tab's save is merged into this tab's progress
// (mergeProgress.ts), and this tab never writes over a save it has not taken in.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { persist } from 'zustand/middleware';
import { drillQuestions, PREDICTION_MAX_CHARS } from '../content/drill';
import { noticeFor, type DrillNotice, type OtherTabNote } from './drillNotices';
import {
  DRILL_STORAGE_NAME,
  DRILL_STORAGE_VERSION,
  emptyProgress,
  isWrongPick,
  questionById,
  type DrillProgressData,
  type Prediction,
  type Verdict,
  wrongPickStands,
} from './drillProgressData';
import {
  browserStorage,
  createGuardedStorage,
  probeStorage,
  type StorageEvents,
  type StorageStatus,
} from './guardedStorage';
import { changedQuestions, mergeProgress, type UnreadEntries } from './mergeProgress';
import { migrateProgress, validateV2 } from './readStoredProgress';

export type DrillMode = 'study' | 'practice';

export interface DrillProgressState extends DrillProgressData {
  /** Session only: which answers are shown. Never saved, so practice starts with all hidden. */
  revealed: Record<string, boolean>;
  /**
   * Session only: choices picked after a wrong pick was shown beside the answer. They show which
   * choice the reader is exploring; the stored wrong pick still counts, so they are never saved.
   */
  retryPicks: Record<string, string>;
  /**
   * Session only: what the reader wrote in this interview-practice run. Practice starts each run
   * empty and never writes over the study prediction; going back to study discards it.
   */
  practiceAnswers: Record<string, string>;
  /** Session only: the marks given in this practice run, which its cards show (not study's). */
  practiceMarks: Record<string, Verdict>;
  mode: DrillMode;
  /** The seed of the practice order; a new one each time practice starts or reshuffles. */
  practiceSeed: number;
  storage: StorageStatus;
  notice: DrillNotice | null;
  /**
   * Session only: what another tab of the page changed here, said until the reader changes
   * something in this tab; null when nothing came in.
   */
  otherTab: OtherTabNote | null;

  pickChoice: (questionId: string, choiceId: string) => void;
  writePrediction: (questionId: string, text: string) => void;
  writePracticeAnswer: (questionId: string, text: string) => void;
  setRevealed: (questionId: string, revealed: boolean) => void;
  mark: (questionId: string, verdict: Verdict) => void;
  startPractice: (seed: number) => void;
  stopPractice: () => void;
  reset: () => void;
  dismissNotice: () => void;
}

export type DrillProgressStore = StoreApi<DrillProgressState>;

export interface DrillProgressOptions {
  getStorage?: () => Storage;
  name?: string;
  /**
   * Calls back when another tab changed the stored value, so two open tabs do not overwrite
   * each other's marks. The page listens to the browser's `storage` event; tests pass their own.
   */
  watchOtherTabs?: (onChange: (key: string | null) => void) => void;
}

function watchStorageEvents(onChange: (key: string | null) => void): void {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  window.addEventListener('storage', (event) => onChange(event.key));
  // A page the browser kept while the reader was elsewhere (Back, Forward) heard no storage
  // events meanwhile: it reads again on its return, as if told that anything may have changed.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) onChange(null);
  });
}

/** The session state a reset clears: no answer open, no exploring pick, no practice answers. */
const clearedSession = () => ({
  revealed: {},
  retryPicks: {},
  practiceAnswers: {},
  practiceMarks: {},
});

const isEmptyProgress = (data: DrillProgressData) =>
  Object.keys(data.progress).length === 0 && Object.keys(data.predictions).length === 0;

/**
 * This tab's session state once another tab's progress replaces its own. Another tab's reset
 * leaves this tab as its own reset would; a question whose prediction went (cleared there) has its
 * answer closed, as study mode opens an answer only beside a prediction; and a pick explored after
 * a wrong pick goes once that wrong pick no longer stands.
 */
function sessionAfter(
  current: DrillProgressState,
  next: DrillProgressData,
): Partial<DrillProgressState> {
  if (!isEmptyProgress(current) && isEmptyProgress(next)) return clearedSession();
  let { revealed, retryPicks } = current;
  for (const id of Object.keys(current.predictions)) {
    if (id in next.predictions) continue;
    // Practice's open answers belong to its run, which never needed a prediction.
    if (current.mode === 'study' && revealed[id] !== false) revealed = { ...revealed, [id]: false };
  }
  for (const id of Object.keys(retryPicks)) {
    if (!wrongPickStands(id, next.predictions[id], next.progress[id])) {
      retryPicks = { ...retryPicks };
      delete retryPicks[id];
    }
  }
  return { revealed, retryPicks };
}

export function createDrillProgressStore(options: DrillProgressOptions = {}): DrillProgressStore {
  const getStorage = options.getStorage ?? browserStorage;
  const name = options.name ?? DRILL_STORAGE_NAME;
  const initialStatus = probeStorage(getStorage, name);
  // zustand hydrates inside createStore, before the store has any state to set; events from
  // that moment wait here and are applied by `merge` and once more after creation.
  let ready = false;
  let pendingStatus: StorageStatus = initialStatus;
  let pendingNotice: DrillNotice | null = null;
  let api: DrillProgressStore | null = null;
  // While another tab's save is read: the record it is merged against (see mergeProgress), the
  // entries of it that could not be read, and whether the merge holds something of this tab's
  // that storage does not, to be written back so the other tab gets it too.
  let rereading = false;
  let mergeBase: DrillProgressData | null = null;
  let pendingUnread: UnreadEntries | undefined;
  /** The version the record being read was saved under, when an older page saved it. */
  let pendingVersion = DRILL_STORAGE_VERSION;
  let writeBack = false;
  let readOtherTab = () => {};

  const events: StorageEvents = {
    onStatus(status) {
      pendingStatus = status;
      if (ready && api && api.getState().storage !== status) api.setState({ storage: status });
    },
    onDropped(reason, removed) {
      if (!ready || !api) {
        pendingNotice = noticeFor(reason);
        return;
      }
      // Another tab wrote it. This tab's progress is still on screen: a value nobody can read
      // is replaced by it (setting the notice is a change, which saves this tab's state), so
      // the notice says so rather than "starts fresh"; a newer page's progress is left alone,
      // and this tab goes on for this visit only.
      pendingNotice = noticeFor(
        reason === 'newer-version' || !removed ? reason : 'replaced-elsewhere',
      );
      api.setState({ notice: pendingNotice });
    },
    onLeftOut(unread) {
      // No setState here, even after creation: it would save this tab's state over what was just
      // read. `merge` applies the notice with the state it came with.
      pendingNotice = noticeFor('partly-unreadable');
      pendingUnread = unread;
    },
    onChangedElsewhere() {
      // Only a change of state writes, and there is none before the store exists.
      if (!ready) return;
      readOtherTab();
      // What this tab changed is in the merge now; saved unless the merge already wrote it.
      api?.setState({});
    },
  };

  const guarded = createGuardedStorage(getStorage, events);
  const withoutRetry = (retryPicks: Record<string, string>, questionId: string) => {
    if (!(questionId in retryPicks)) return retryPicks;
    const rest = { ...retryPicks };
    delete rest[questionId];
    return rest;
  };
  // Before a change the reader makes here: the note about another tab's change has been read,
  // and a save this tab never heard of (see changedElsewhere) is taken in first, so that this
  // change lands on it rather than this tab's whole record going over it.
  const beforeChange = () => {
    if (api?.getState().otherTab) api.setState({ otherTab: null });
    if (guarded.changedElsewhere(name)) readOtherTab();
  };

  const store = createStore<DrillProgressState>()(
    persist(
      (set, get, storeApi) => {
        api = storeApi as DrillProgressStore;
        const updatePrediction = (questionId: string, change: Partial<Prediction>) =>
          set((s) => {
            const before = s.predictions[questionId] ?? { choice: null, text: '' };
            const next = { ...before, ...change };
            const predictions = { ...s.predictions };
            if (next.choice === null && next.text === '') delete predictions[questionId];
            else predictions[questionId] = next;
            return { predictions };
          });
        return {
          ...emptyProgress(),
          ...clearedSession(),
          mode: 'study',
          practiceSeed: 0,
          storage: pendingStatus,
          notice: pendingNotice,
          otherTab: null,

          pickChoice(questionId, choiceId) {
            const question = questionById.get(questionId);
            if (!question || !question.choices.some((c) => c.id === choiceId)) return;
            beforeChange();
            const before = get();
            if (
              wrongPickStands(
                questionId,
                before.predictions[questionId],
                before.progress[questionId],
              )
            ) {
              // The answer was shown beside a wrong pick: a pick made now is no prediction, so
              // it is kept for this visit only and the wrong pick goes on counting.
              set({ retryPicks: { ...before.retryPicks, [questionId]: choiceId } });
              return;
            }
            updatePrediction(questionId, { choice: choiceId });
            // A new wrong pick is a wrong prediction: a "known" mark does not outlive it.
            const s = get();
            if (
              isWrongPick(questionId, s.predictions[questionId]) &&
              s.progress[questionId] === 'known'
            ) {
              set({ progress: { ...s.progress, [questionId]: 'not-yet' } });
            }
          },
          writePrediction(questionId, text) {
            if (!questionById.has(questionId)) return;
            beforeChange();
            updatePrediction(questionId, { text: text.slice(0, PREDICTION_MAX_CHARS) });
          },
          writePracticeAnswer(questionId, text) {
            if (!questionById.has(questionId)) return;
            set((s) => ({
              practiceAnswers: {
                ...s.practiceAnswers,
                [questionId]: text.slice(0, PREDICTION_MAX_CHARS),
              },
            }));
          },
          setRevealed(questionId, revealed) {
            if (!questionById.has(questionId)) return;
            beforeChange();
            set((s) => ({ revealed: { ...s.revealed, [questionId]: revealed } }));
            // Revealing a wrong pick in study mode grades it at once, so the count says what the
            // answer just showed.
            const s = get();
            if (
              revealed &&
              s.mode === 'study' &&
              isWrongPick(questionId, s.predictions[questionId])
            ) {
              set({ progress: { ...s.progress, [questionId]: 'not-yet' } });
            }
          },
          mark(questionId, verdict) {
            if (!questionById.has(questionId)) return;
            beforeChange();
            const s = get();
            const practiceMarks =
              s.mode === 'practice'
                ? { ...s.practiceMarks, [questionId]: verdict }
                : s.practiceMarks;
            const prediction = s.predictions[questionId];
            if (verdict === 'known' && isWrongPick(questionId, prediction)) {
              // Study mode showed the pick beside the answer: it was wrong, so it is not known.
              if (s.mode === 'study') return;
              // Practice hides the choices and grades the answer said now; the old wrong pick
              // would contradict that mark in study mode, so it goes (the reader's words stay).
              const predictions = { ...s.predictions };
              if (prediction!.text === '') delete predictions[questionId];
              else predictions[questionId] = { choice: null, text: prediction!.text };
              set({
                predictions,
                progress: { ...s.progress, [questionId]: verdict },
                retryPicks: withoutRetry(s.retryPicks, questionId),
                practiceMarks,
              });
              return;
            }
            set({ progress: { ...s.progress, [questionId]: verdict }, practiceMarks });
          },
          // Each run starts with every answer hidden and nothing written or marked in it.
          startPractice(seed) {
            set({
              mode: 'practice',
              practiceSeed: seed,
              revealed: {},
              practiceAnswers: {},
              practiceMarks: {},
            });
          },
          // What was written in practice is discarded: the study prediction is as it was before.
          stopPractice() {
            set({ mode: 'study', revealed: {}, practiceAnswers: {}, practiceMarks: {} });
          },
          reset() {
            // Taken in first, so that the cleared record goes over it: were this tab's record
            // already empty, the write would be skipped as unchanged and leave it standing.
            beforeChange();
            // The reader asked to clear everything: progress a newer page saved goes too (the
            // confirmation says so), and this page saves again.
            // One change, so the cleared state is the first thing written in its place.
            const released = guarded.releaseNewer(name);
            if (released) {
              pendingStatus = 'saved';
              if (pendingNotice?.reason === 'newer-version') pendingNotice = null;
            }
            set({
              ...emptyProgress(),
              ...clearedSession(),
              otherTab: null,
              ...(released ? { storage: pendingStatus, notice: pendingNotice } : {}),
            });
          },
          dismissNotice() {
            pendingNotice = null;
            set({ notice: null });
          },
        };
      },
      {
        name,
        version: DRILL_STORAGE_VERSION,
        storage: guarded,
        partialize: (s): DrillProgressData => ({
          progress: s.progress,
          predictions: s.predictions,
        }),
        // Called only for a record of another version: an older page's, migrated here.
        migrate: (persisted, version) => {
          pendingVersion = version;
          return migrateProgress(persisted, version);
        },
        // Checked again here: whatever reaches the store has passed the version 2 validator.
        merge: (persisted, current) => {
          const read = persisted === undefined ? null : validateV2(persisted);
          const unread = pendingUnread;
          const version = pendingVersion;
          pendingUnread = undefined;
          pendingVersion = DRILL_STORAGE_VERSION;
          let data = read;
          let otherTab = current.otherTab;
          // On load `current` holds no session yet; after another tab's change it holds this tab's,
          // and the other tab's record is merged into this tab's, not put in its place.
          if (read && rereading) {
            data = mergeProgress(mergeBase, current, read, unread, version);
            writeBack = data !== read;
            const changed = changedQuestions(current, data);
            // The note counts every question changed there since the reader last acted here.
            if (isEmptyProgress(data) && changed.length > 0) otherTab = { kind: 'cleared' };
            else if (changed.length > 0) {
              const before = otherTab?.kind === 'changed' ? otherTab.questionIds : [];
              otherTab = { kind: 'changed', questionIds: [...new Set([...before, ...changed])] };
            }
          }
          return {
            ...current,
            ...(data ? sessionAfter(current, data) : {}),
            ...data,
            storage: pendingStatus,
            notice: pendingNotice,
            otherTab,
          };
        },
      },
    ),
  );
  ready = true;
  const { storage, notice } = store.getState();
  if (storage !== pendingStatus || notice !== pendingNotice) {
    store.setState({ storage: pendingStatus, notice: pendingNotice });
  }
  readOtherTab = () => {
    rereading = true;
    mergeBase = guarded.synced();
    writeBack = false;
    try {
      // Synchronous: the storage is, so the merge is done when this returns.
      void store.persist.rehydrate();
    } finally {
      rereading = false;
      pendingUnread = undefined;
    }
    if (writeBack) {
      writeBack = false;
      // Saves the merged record (the store's setState saves): the other tab then takes in what
      // only this tab had, and, finding nothing new of its own, writes nothing back.
      store.setState({});
    }
  };
  (options.watchOtherTabs ?? watchStorageEvents)((key) => {
    if (key !== name && key !== null) return;
    // "Another tab saved progress this page could not read" is about the value stored then; once
    // another tab has saved again, reading that decides afresh (a bad value brings it back).
    // So is "a newer page saved progress": if it is still there, reading brings the notice back.
    if (pendingNotice?.reason === 'replaced-elsewhere' || pendingNotice?.reason === 'newer-version')
      pendingNotice = null;
    // A null key means the other tab cleared all storage (reading again finds nothing and keeps
    // what this tab has, which its next change saves back), or this page is back from the
    // browser's back-forward cache.
    readOtherTab();
  });
  return store;
}

let pageStore: DrillProgressStore | undefined;

/**
 * The page's store, on the browser's localStorage, made the first time it is asked for (by the
 * reader's progress line, in the shell's first render). Made as the module was evaluated, its
 * storage probe and reading of the saved progress (about 20 ms on a CPU four times slower than a
 * desktop's) added to the task that evaluates the page's entry module, the first load's first
 * long task; in the render they are one of its slices.
 */
export function pageDrillProgressStore(): DrillProgressStore {
  return (pageStore ??= createDrillProgressStore());
}

// ---------------------------------------------------------------------------------------------
// Derived values the panel and the page's status line share.

export function knownCount(state: Pick<DrillProgressData, 'progress'>): number {
  return drillQuestions.filter((q) => state.progress[q.id] === 'known').length;
}

export type OverallStatus = 'Not started' | 'In progress' | 'Done';

/** "Done" means every question is marked "I knew it"; any prediction or mark is "In progress". */
export function overallStatus(state: DrillProgressData): OverallStatus {
  const total = drillQuestions.length;
  if (knownCount(state) === total) return 'Done';
  const touched = drillQuestions.some(
    (q) => state.progress[q.id] !== undefined || state.predictions[q.id] !== undefined,
  );
  return touched ? 'In progress' : 'Not started';
}
