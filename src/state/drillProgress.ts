// The drill's progress: the reader's predictions and "I knew it" / "Not yet" marks, kept in
// localStorage. Everything read back from storage is treated as hostile: it may be hand-edited,
// written by an older or newer page, cut short by a full disk, or not there at all. Whatever it
// holds, the drill must start and work: a bad entry costs that entry, not the reader's other marks;
// at worst the drill starts fresh and says so once.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { drillQuestions, PREDICTION_MAX_CHARS } from '../content/drill';

export const DRILL_STORAGE_NAME = 'fencing-lab:drill';
/** Version 2 added picked choices and "Not yet"; version 1 kept known ids and free text only. */
export const DRILL_STORAGE_VERSION = 2;
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

export type StorageStatus = 'saved' | 'session-only';

export type NoticeReason =
  | 'unreadable'
  | 'partly-unreadable'
  | 'too-large'
  | 'unknown-version'
  | 'newer-version'
  | 'replaced-elsewhere';

export interface DrillNotice {
  reason: NoticeReason;
  message: string;
}

export type DrillMode = 'study' | 'practice';

export interface DrillProgressState extends DrillProgressData {
  /** Session only: which answers are shown. Never saved, so practice starts with all hidden. */
  revealed: Record<string, boolean>;
  mode: DrillMode;
  /** The seed of the practice order; a new one each time practice starts or reshuffles. */
  practiceSeed: number;
  storage: StorageStatus;
  notice: DrillNotice | null;

  pickChoice: (questionId: string, choiceId: string) => void;
  writePrediction: (questionId: string, text: string) => void;
  setRevealed: (questionId: string, revealed: boolean) => void;
  mark: (questionId: string, verdict: Verdict) => void;
  startPractice: (seed: number) => void;
  stopPractice: () => void;
  reset: () => void;
  dismissNotice: () => void;
}

export type DrillProgressStore = StoreApi<DrillProgressState>;

const questionById = new Map(drillQuestions.map((q) => [q.id, q]));

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

export function emptyProgress(): DrillProgressData {
  return { progress: {}, predictions: {} };
}

const noticeMessages: Record<NoticeReason, string> = {
  unreadable: 'Your saved drill progress could not be read, so the drill starts fresh.',
  'partly-unreadable':
    'Part of your saved drill progress could not be read, so it was left out. The rest is here.',
  'too-large': 'Your saved drill progress was too large to be ours, so the drill starts fresh.',
  'unknown-version':
    'Your saved drill progress came from a version of this page we do not know, so the drill starts fresh.',
  'newer-version':
    'Your saved drill progress was written by a newer version of this page. This page leaves it untouched and keeps what you do here for this visit only; open the newer page to carry on with it.',
  'replaced-elsewhere':
    'Another tab saved drill progress this page could not read, so this tab saved its own progress in its place.',
};

export function noticeFor(reason: NoticeReason): DrillNotice {
  return { reason, message: noticeMessages[reason] };
}

// ---------------------------------------------------------------------------------------------
// Reading what is stored. Pure functions: they never throw and never touch storage.

export type LoadResult =
  | { kind: 'empty' }
  | {
      kind: 'ok';
      version: number;
      state: DrillProgressData | DrillProgressDataV1;
      /** Some entries could not be read and are not in `state`. */
      leftOut?: boolean;
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
  let leftOut = !isPlainObject(progress) || !isPlainObject(predictions);
  for (const [id, verdict] of Object.entries(isPlainObject(progress) ? progress : {})) {
    if (!isVerdict(verdict)) leftOut = true;
    else if (questionById.has(id)) out.progress[id] = verdict;
  }
  for (const [id, prediction] of Object.entries(isPlainObject(predictions) ? predictions : {})) {
    if (!isPlainObject(prediction)) {
      leftOut = true;
      continue;
    }
    const { choice, text } = prediction;
    if (!(choice === null || typeof choice === 'string') || !isPredictionText(text)) {
      leftOut = true;
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
  return { state: out, leftOut };
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
  let leftOut = !Array.isArray(known) || !isPlainObject(predictions);
  for (const id of Array.isArray(known) ? (known as unknown[]) : []) {
    if (typeof id !== 'string') leftOut = true;
    else if (questionById.has(id)) out.known.push(id);
  }
  for (const [id, text] of Object.entries(isPlainObject(predictions) ? predictions : {})) {
    if (!isPredictionText(text)) leftOut = true;
    else if (questionById.has(id)) out.predictions[id] = text;
  }
  return { state: out, leftOut };
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
  if (version > DRILL_STORAGE_VERSION) return { kind: 'dropped', reason: 'newer-version' };
  if (version !== DRILL_STORAGE_VERSION && version !== 1)
    return { kind: 'dropped', reason: 'unknown-version' };
  const salvaged = version === 1 ? salvageV1(parsed.state) : salvageV2(parsed.state);
  // Nothing readable beside the bad entries is the same as nothing readable at all.
  if (!salvaged || (salvaged.leftOut && isEmptySalvage(salvaged.state)))
    return { kind: 'dropped', reason: 'unreadable' };
  const { state, leftOut } = salvaged;
  return leftOut ? { kind: 'ok', version, state, leftOut } : { kind: 'ok', version, state };
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

// ---------------------------------------------------------------------------------------------
// The storage adapter: every call to the browser's storage is wrapped, because any of them can
// throw (private mode, blocked cookies, a full quota).

interface StorageEvents {
  onStatus: (status: StorageStatus) => void;
  /** A stored value was refused; `removed` says whether it was taken out of storage. */
  onDropped: (reason: NoticeReason, removed: boolean) => void;
  /** A stored value was read without some of its entries. */
  onLeftOut: () => void;
}

function createGuardedStorage(
  getStorage: () => Storage,
  events: StorageEvents,
): PersistStorage<DrillProgressData> {
  // Skipping identical writes keeps session-only changes (revealed answers, the mode) from
  // touching storage, and keeps a failing storage from being hammered on every keystroke.
  let lastWritten: string | null = null;
  // Set when what is stored must not be written over: progress a newer page saved, or a value
  // this page could not even read. Everything then stays in this visit.
  let handsOff = false;
  return {
    getItem(name) {
      let raw: string | null;
      try {
        raw = getStorage().getItem(name);
      } catch {
        handsOff = true;
        events.onStatus('session-only');
        return null;
      }
      const result = readStoredProgress(raw);
      if (result.kind === 'empty') return null;
      if (result.kind === 'dropped') {
        if (result.reason === 'newer-version') {
          // A newer page can read it; this one must not destroy it.
          handsOff = true;
          events.onStatus('session-only');
          events.onDropped(result.reason, false);
          return null;
        }
        // Removing the bad value is what makes the notice a one-time notice.
        let removed = true;
        try {
          getStorage().removeItem(name);
        } catch {
          removed = false;
          events.onStatus('session-only');
        }
        lastWritten = null;
        events.onDropped(result.reason, removed);
        return null;
      }
      if (result.leftOut) {
        // Writing back what was kept drops the bad entries, so the notice is a one-time notice.
        // Same key order as zustand's own writes, so an unchanged state is not written again.
        const text = JSON.stringify({ state: result.state, version: result.version });
        try {
          getStorage().setItem(name, text);
          lastWritten = text;
        } catch {
          events.onStatus('session-only');
        }
        events.onLeftOut();
      } else {
        lastWritten = raw;
      }
      return { state: result.state, version: result.version } as StorageValue<DrillProgressData>;
    },
    setItem(name, value) {
      if (handsOff) return;
      const text = JSON.stringify(value);
      if (text === lastWritten) return;
      try {
        getStorage().setItem(name, text);
        lastWritten = text;
        events.onStatus('saved');
      } catch {
        events.onStatus('session-only');
      }
    },
    removeItem(name) {
      if (handsOff) return;
      try {
        getStorage().removeItem(name);
        lastWritten = null;
      } catch {
        events.onStatus('session-only');
      }
    },
  };
}

/** Can this storage be written at all? Private modes and blocked storage throw here. */
function probeStorage(getStorage: () => Storage, name: string): StorageStatus {
  const probeKey = `${name}:probe`;
  try {
    const storage = getStorage();
    storage.setItem(probeKey, '1');
    storage.removeItem(probeKey);
    return 'saved';
  } catch {
    return 'session-only';
  }
}

function browserStorage(): Storage {
  // Reading `window.localStorage` itself throws when the browser blocks storage.
  return globalThis.localStorage;
}

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
    onLeftOut() {
      // No setState here, even after creation: it would save this tab's state over what was just
      // read. `merge` applies the notice with the state it came with.
      pendingNotice = noticeFor('partly-unreadable');
    },
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
          revealed: {},
          mode: 'study',
          practiceSeed: 0,
          storage: pendingStatus,
          notice: pendingNotice,

          pickChoice(questionId, choiceId) {
            const question = questionById.get(questionId);
            if (!question || !question.choices.some((c) => c.id === choiceId)) return;
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
            updatePrediction(questionId, { text: text.slice(0, PREDICTION_MAX_CHARS) });
          },
          setRevealed(questionId, revealed) {
            if (!questionById.has(questionId)) return;
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
            const s = get();
            const prediction = s.predictions[questionId];
            if (verdict === 'known' && isWrongPick(questionId, prediction)) {
              // Study mode showed the pick beside the answer: it was wrong, so it is not known.
              if (s.mode === 'study') return;
              // Practice hides the choices and grades the answer said now; the old wrong pick
              // would contradict that mark in study mode, so it goes (the reader's words stay).
              const predictions = { ...s.predictions };
              if (prediction!.text === '') delete predictions[questionId];
              else predictions[questionId] = { choice: null, text: prediction!.text };
              set({ predictions, progress: { ...s.progress, [questionId]: verdict } });
              return;
            }
            set({ progress: { ...s.progress, [questionId]: verdict } });
          },
          startPractice(seed) {
            set({ mode: 'practice', practiceSeed: seed, revealed: {} });
          },
          stopPractice() {
            set({ mode: 'study', revealed: {} });
          },
          reset() {
            set({ ...emptyProgress(), revealed: {} });
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
        storage: createGuardedStorage(getStorage, events),
        partialize: (s): DrillProgressData => ({
          progress: s.progress,
          predictions: s.predictions,
        }),
        migrate: migrateProgress,
        // Checked again here: whatever reaches the store has passed the version 2 validator.
        merge: (persisted, current) => {
          const data = persisted === undefined ? null : validateV2(persisted);
          return { ...current, ...data, storage: pendingStatus, notice: pendingNotice };
        },
      },
    ),
  );
  ready = true;
  const { storage, notice } = store.getState();
  if (storage !== pendingStatus || notice !== pendingNotice) {
    store.setState({ storage: pendingStatus, notice: pendingNotice });
  }
  (options.watchOtherTabs ?? watchStorageEvents)((key) => {
    if (key !== name && key !== null) return;
    // "Another tab saved progress this page could not read" is about the value stored then; once
    // another tab has saved again, reading that decides afresh (a bad value brings it back).
    if (pendingNotice?.reason === 'replaced-elsewhere') pendingNotice = null;
    // A null key means the other tab cleared all storage; reading again finds nothing and keeps
    // what this tab has, which its next change saves back.
    void store.persist.rehydrate();
  });
  return store;
}

/** The page's store, on the browser's localStorage. */
export const drillProgressStore: DrillProgressStore = createDrillProgressStore();

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
