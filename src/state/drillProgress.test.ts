import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drillQuestions, PREDICTION_MAX_CHARS } from '../content/drill';
import {
  createDrillProgressStore,
  knownCount,
  overallStatus,
  type DrillProgressStore,
} from './drillProgress';
import {
  DRILL_STORAGE_MAX_CHARS,
  DRILL_STORAGE_NAME,
  DRILL_STORAGE_NEWER_SPAN,
  DRILL_STORAGE_VERSION,
  wrongPickStands,
  type DrillProgressData,
} from './drillProgressData';
import { validateV2 } from './readStoredProgress';
import { FakeStorage } from './testing/fakeStorage';

const ids = drillQuestions.map((q) => q.id);
const [q1, q2, q3] = drillQuestions as [
  (typeof drillQuestions)[number],
  (typeof drillQuestions)[number],
  (typeof drillQuestions)[number],
];

/** A stored value as the store writes it: the state under its version. */
const envelope = (version: unknown, state: unknown) => JSON.stringify({ version, state });

function storeOn(storage: FakeStorage): DrillProgressStore {
  return createDrillProgressStore({ getStorage: () => storage });
}

/**
 * A store on `storage` that hears other tabs' saves through `notify(key)`, as the page's hears
 * the browser's storage events.
 */
function storeWatchingOtherTabs(storage: FakeStorage): {
  here: DrillProgressStore;
  notify: (key: string | null) => void;
} {
  let onOtherTab: (key: string | null) => void = () => {};
  const here = createDrillProgressStore({
    getStorage: () => storage,
    watchOtherTabs: (onChange) => (onOtherTab = onChange),
  });
  return { here, notify: (key) => onOtherTab(key) };
}

function stored(storage: FakeStorage): unknown {
  const raw = storage.items.get(DRILL_STORAGE_NAME);
  return raw === undefined ? undefined : JSON.parse(raw);
}

function data(store: DrillProgressStore): DrillProgressData {
  const { progress, predictions } = store.getState();
  return { progress, predictions };
}

describe('drill progress store', () => {
  it('starts empty and saved, with nothing to tell the reader', () => {
    const store = storeOn(new FakeStorage());
    expect(data(store)).toEqual({ progress: {}, predictions: {} });
    expect(store.getState().storage).toBe('saved');
    expect(store.getState().notice).toBeNull();
    expect(overallStatus(store.getState())).toBe('Not started');
  });

  it('saves only progress and predictions, under its name and version', () => {
    const storage = new FakeStorage();
    const store = storeOn(storage);
    store.getState().pickChoice(q1.id, q1.bestChoiceId);
    store.getState().writePrediction(q1.id, 'the storage rejects it');
    store.getState().setRevealed(q1.id, true);
    store.getState().mark(q1.id, 'known');
    store.getState().startPractice(42);
    expect(stored(storage)).toEqual({
      version: DRILL_STORAGE_VERSION,
      state: {
        progress: { [q1.id]: 'known' },
        predictions: { [q1.id]: { choice: q1.bestChoiceId, text: 'the storage rejects it' } },
      },
    });
    expect(overallStatus(store.getState())).toBe('In progress');
  });

  it('brings progress back in a new store, but not the session (revealed answers, mode)', () => {
    const storage = new FakeStorage();
    const first = storeOn(storage);
    first.getState().writePrediction(q2.id, 'a pause between check and write');
    first.getState().setRevealed(q2.id, true);
    first.getState().mark(q2.id, 'not-yet');
    first.getState().startPractice(7);

    const second = storeOn(storage);
    expect(data(second)).toEqual(data(first));
    expect(second.getState().revealed).toEqual({});
    expect(second.getState().mode).toBe('study');
    expect(second.getState().notice).toBeNull();
  });

  it('does not write when only session state changes', () => {
    const storage = new FakeStorage();
    const store = storeOn(storage);
    store.getState().mark(q1.id, 'known');
    const writes = storage.writes;
    store.getState().setRevealed(q1.id, true);
    store.getState().startPractice(3);
    store.getState().stopPractice();
    expect(storage.writes).toBe(writes);
  });

  it('migrates version 1 (known ids and free text) to version 2 and saves it', () => {
    const storage = new FakeStorage();
    storage.items.set(
      DRILL_STORAGE_NAME,
      envelope(1, {
        known: [q1.id, 'a-question-that-was-removed'],
        predictions: { [q3.id]: 'someone else holds it', [q2.id]: '' },
      }),
    );
    const store = storeOn(storage);
    expect(data(store)).toEqual({
      progress: { [q1.id]: 'known' },
      predictions: { [q3.id]: { choice: null, text: 'someone else holds it' } },
    });
    expect(store.getState().notice).toBeNull();
    expect(stored(storage)).toEqual({ version: 2, state: data(store) });
  });

  it.each([
    ['not JSON', '{"version":2,"state":', 'unreadable'],
    ['JSON but not an object', '[1,2,3]', 'unreadable'],
    ['no version', JSON.stringify({ state: { progress: {}, predictions: {} } }), 'unreadable'],
    [
      'a wrong verdict',
      JSON.stringify({ version: 2, state: { progress: { [ids[0]!]: 'yes' }, predictions: {} } }),
      'unreadable',
    ],
    [
      'a number for text',
      envelope(2, { progress: {}, predictions: { [ids[0]!]: { choice: null, text: 5 } } }),
      'unreadable',
    ],
    [
      'a __proto__ key',
      `{"version":2,"state":{"progress":{},"predictions":{},"__proto__":{"polluted":true}}}`,
      'unreadable',
    ],
    [
      'version 0',
      JSON.stringify({ version: 0, state: { progress: {}, predictions: {} } }),
      'unknown-version',
    ],
    ['a huge value', `"${'x'.repeat(DRILL_STORAGE_MAX_CHARS + 1)}"`, 'too-large'],
  ])('drops %s: starts fresh, says why once, and keeps working', (_label, raw, reason) => {
    const storage = new FakeStorage();
    storage.items.set(DRILL_STORAGE_NAME, raw);
    const store = storeOn(storage);
    expect(data(store)).toEqual({ progress: {}, predictions: {} });
    expect(store.getState().notice?.reason).toBe(reason);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    store.getState().mark(q1.id, 'known');
    expect(knownCount(store.getState())).toBe(1);

    // The bad value is gone, so the next visit has no notice and finds the new progress.
    const next = storeOn(storage);
    expect(next.getState().notice).toBeNull();
    expect(knownCount(next.getState())).toBe(1);
  });

  it('leaves progress a newer page saved untouched, and keeps this visit’s in memory only', () => {
    const storage = new FakeStorage();
    const newer = JSON.stringify({ version: 3, state: { progress: {}, predictions: {} } });
    storage.items.set(DRILL_STORAGE_NAME, newer);
    const store = storeOn(storage);
    expect(data(store)).toEqual({ progress: {}, predictions: {} });
    expect(store.getState().notice?.reason).toBe('newer-version');
    expect(store.getState().notice?.message).toMatch(/leaves it untouched/);
    // Storage works: the status says a newer page's progress is why nothing is saved.
    expect(store.getState().storage).toBe('newer-version');
    store.getState().mark(q1.id, 'known');
    store.getState().mark(q2.id, 'known');
    expect(knownCount(store.getState())).toBe(2);
    expect(storage.items.get(DRILL_STORAGE_NAME)).toBe(newer);
    // The next visit of this page says so again: nothing was removed.
    expect(storeOn(storage).getState().notice?.reason).toBe('newer-version');
  });

  it('a reset clears progress a newer page saved too, and then saves again', () => {
    const storage = new FakeStorage();
    const newer = envelope(3, { progress: { [q1.id]: 'known' }, predictions: {} });
    storage.items.set(DRILL_STORAGE_NAME, newer);
    const store = storeOn(storage);
    store.getState().mark(q2.id, 'known');
    store.getState().reset();
    expect(data(store)).toEqual({ progress: {}, predictions: {} });
    expect(store.getState().storage).toBe('saved');
    expect(store.getState().notice).toBeNull();
    expect(stored(storage)).toEqual({
      version: DRILL_STORAGE_VERSION,
      state: { progress: {}, predictions: {} },
    });
    store.getState().mark(q3.id, 'not-yet');
    // The next visit finds this page's progress and nothing to tell.
    const next = storeOn(storage);
    expect(next.getState().notice).toBeNull();
    expect(next.getState().storage).toBe('saved');
    expect(data(next)).toEqual({ progress: { [q3.id]: 'not-yet' }, predictions: {} });
  });

  it('says so when a reset could not remove a newer page’s progress, and leaves it', () => {
    const storage = new FakeStorage();
    const newer = envelope(3, { progress: {}, predictions: {} });
    storage.items.set(DRILL_STORAGE_NAME, newer);
    const store = storeOn(storage);
    storage.failRemove = true;
    store.getState().mark(q1.id, 'known');
    store.getState().reset();
    expect(knownCount(store.getState())).toBe(0);
    expect(store.getState().storage).toBe('newer-version');
    expect(storage.items.get(DRILL_STORAGE_NAME)).toBe(newer);
  });

  it('does not write over stored progress it could not read', () => {
    const storage = new FakeStorage();
    storage.items.set(
      DRILL_STORAGE_NAME,
      JSON.stringify({ version: 2, state: { progress: { [q1.id]: 'known' }, predictions: {} } }),
    );
    storage.failGet = true;
    const store = storeOn(storage);
    expect(store.getState().storage).toBe('session-only');
    store.getState().mark(q2.id, 'known');
    storage.failGet = false;
    expect(knownCount(storeOn(storage).getState())).toBe(1);
    expect(storeOn(storage).getState().progress[q1.id]).toBe('known');
  });

  it('keeps what it knows of a stored state and drops the ids this page no longer has', () => {
    const storage = new FakeStorage();
    storage.items.set(
      DRILL_STORAGE_NAME,
      envelope(2, {
        progress: { [q1.id]: 'known', 'a-removed-question': 'known' },
        predictions: {
          [q2.id]: { choice: 'a-removed-choice', text: 'my words' },
          [q3.id]: { choice: q3.bestChoiceId, text: '' },
          'a-removed-question': { choice: null, text: 'gone' },
        },
      }),
    );
    const store = storeOn(storage);
    expect(data(store)).toEqual({
      progress: { [q1.id]: 'known' },
      predictions: {
        [q2.id]: { choice: null, text: 'my words' },
        [q3.id]: { choice: q3.bestChoiceId, text: '' },
      },
    });
    expect(store.getState().notice).toBeNull();
  });

  it('keeps the readable part of a stored state, says part was left out, and says it once', () => {
    // One bad entry (a hand edit, another page's write) must not cost the reader every other mark.
    const [q4, q5] = [drillQuestions[3]!, drillQuestions[4]!];
    const storage = new FakeStorage();
    storage.items.set(
      DRILL_STORAGE_NAME,
      envelope(2, {
        progress: { [q1.id]: 'known', [q2.id]: 'maybe', [q3.id]: 7 },
        predictions: {
          [q3.id]: { choice: q3.bestChoiceId, text: 'mine' },
          [q4.id]: { choice: null, text: 'y'.repeat(PREDICTION_MAX_CHARS + 1) },
          [q5.id]: 42,
        },
      }),
    );
    const store = storeOn(storage);
    const kept: DrillProgressData = {
      progress: { [q1.id]: 'known' },
      predictions: { [q3.id]: { choice: q3.bestChoiceId, text: 'mine' } },
    };
    expect(data(store)).toEqual(kept);
    expect(store.getState().notice?.reason).toBe('partly-unreadable');
    expect(store.getState().notice?.message).toMatch(/The rest is here/);
    // What was kept is written back at once, so the next visit loads it with no notice.
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: kept });
    const next = storeOn(storage);
    expect(data(next)).toEqual(kept);
    expect(next.getState().notice).toBeNull();
  });

  it('keeps the marks when the predictions are not a record, and the other way round', () => {
    const storage = new FakeStorage();
    storage.items.set(
      DRILL_STORAGE_NAME,
      JSON.stringify({ version: 2, state: { progress: { [q1.id]: 'not-yet' }, predictions: 'x' } }),
    );
    expect(data(storeOn(storage))).toEqual({ progress: { [q1.id]: 'not-yet' }, predictions: {} });
    storage.items.set(
      DRILL_STORAGE_NAME,
      envelope(2, { progress: [], predictions: { [q2.id]: { choice: null, text: 'a pause' } } }),
    );
    expect(data(storeOn(storage))).toEqual({
      progress: {},
      predictions: { [q2.id]: { choice: null, text: 'a pause' } },
    });
  });

  it('takes the readable part of a partly bad value another tab saved', () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    here.getState().mark(q3.id, 'known');
    const written = {
      version: 2,
      state: { progress: { [q1.id]: 'known', [q2.id]: 'maybe' }, predictions: {} },
    };
    storage.items.set(DRILL_STORAGE_NAME, JSON.stringify(written));
    notify(DRILL_STORAGE_NAME);
    const kept: DrillProgressData = { progress: { [q1.id]: 'known' }, predictions: {} };
    // The other tab wrote last: its readable part wins, on screen and in storage.
    expect(data(here)).toEqual(kept);
    expect(here.getState().notice?.reason).toBe('partly-unreadable');
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: kept });
  });

  it('keeps the picks and "not yet" marks here when a tab of an older page (version 1) saves', () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    here.getState().pickChoice(q1.id, q1.bestChoiceId);
    here.getState().writePrediction(q1.id, 'a pause');
    here.getState().mark(q2.id, 'not-yet');
    // The older page knows no picks and no "not yet": it saves what it has, and marks q3 known.
    storage.items.set(
      DRILL_STORAGE_NAME,
      envelope(1, { known: [q3.id], predictions: { [q1.id]: 'a pause, then a write' } }),
    );
    notify(DRILL_STORAGE_NAME);
    const merged: DrillProgressData = {
      progress: { [q2.id]: 'not-yet', [q3.id]: 'known' },
      predictions: { [q1.id]: { choice: q1.bestChoiceId, text: 'a pause, then a write' } },
    };
    expect(data(here)).toEqual(merged);
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: merged });
  });

  it('refuses a version 1 state whose known ids are not names', () => {
    const storage = new FakeStorage();
    storage.items.set(
      DRILL_STORAGE_NAME,
      JSON.stringify({ version: 1, state: { known: [1, 2], predictions: {} } }),
    );
    expect(storeOn(storage).getState().notice?.reason).toBe('unreadable');
  });

  it('keeps the readable part of a version 1 state, migrated, and says part was left out', () => {
    const storage = new FakeStorage();
    storage.items.set(
      DRILL_STORAGE_NAME,
      envelope(1, {
        known: [q1.id, 7, q2.id],
        predictions: { [q3.id]: 'the fence', [q2.id]: 'z'.repeat(PREDICTION_MAX_CHARS + 1) },
      }),
    );
    const store = storeOn(storage);
    const kept: DrillProgressData = {
      progress: { [q1.id]: 'known', [q2.id]: 'known' },
      predictions: { [q3.id]: { choice: null, text: 'the fence' } },
    };
    expect(data(store)).toEqual(kept);
    expect(store.getState().notice?.reason).toBe('partly-unreadable');
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: kept });
    // Said once: the next visit reads the cleaned value.
    expect(storeOn(storage).getState().notice).toBeNull();
  });

  it('keeps version 1 predictions when its known list is not a list', () => {
    const storage = new FakeStorage();
    storage.items.set(
      DRILL_STORAGE_NAME,
      envelope(1, { known: 'q1', predictions: { [q3.id]: 'the fence' } }),
    );
    const store = storeOn(storage);
    expect(data(store)).toEqual({
      progress: {},
      predictions: { [q3.id]: { choice: null, text: 'the fence' } },
    });
    expect(store.getState().notice?.reason).toBe('partly-unreadable');
  });

  it('drops the note about another tab’s unreadable value once another tab saves good progress', async () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    here.getState().mark(q1.id, 'known');
    storage.items.set(DRILL_STORAGE_NAME, '{oops');
    notify(DRILL_STORAGE_NAME);
    await new Promise((r) => setTimeout(r, 0));
    expect(here.getState().notice?.reason).toBe('replaced-elsewhere');

    // The other tab, reloaded, reads what this tab saved and adds a mark of its own.
    const there = storeOn(storage);
    there.getState().mark(q2.id, 'not-yet');
    notify(DRILL_STORAGE_NAME);
    await new Promise((r) => setTimeout(r, 0));
    expect(here.getState().notice).toBeNull();
    expect(data(here)).toEqual(data(there));

    // A bad value again brings the note back.
    storage.items.set(DRILL_STORAGE_NAME, 'not json');
    notify(DRILL_STORAGE_NAME);
    await new Promise((r) => setTimeout(r, 0));
    expect(here.getState().notice?.reason).toBe('replaced-elsewhere');
  });

  it('calls a version no page has (1e300, -1) a broken value, not a newer page’s', () => {
    for (const [version, reason] of [
      ['1e300', 'unreadable'],
      [String(Number.MAX_SAFE_INTEGER), 'unreadable'],
      [String(DRILL_STORAGE_VERSION + DRILL_STORAGE_NEWER_SPAN + 1), 'unreadable'],
      ['-1', 'unreadable'],
      [String(DRILL_STORAGE_VERSION + DRILL_STORAGE_NEWER_SPAN), 'newer-version'],
      ['3', 'newer-version'],
      ['0', 'unknown-version'],
    ] as const) {
      const storage = new FakeStorage();
      storage.items.set(
        DRILL_STORAGE_NAME,
        `{"version":${version},"state":{"progress":{},"predictions":{}}}`,
      );
      const store = storeOn(storage);
      expect([version, store.getState().notice?.reason]).toEqual([version, reason]);
      // Only a newer page's progress holds off this page's saves.
      expect([version, store.getState().storage]).toEqual([
        version,
        reason === 'newer-version' ? 'newer-version' : 'saved',
      ]);
    }
  });

  it('dismisses the notice', () => {
    const storage = new FakeStorage();
    storage.items.set(DRILL_STORAGE_NAME, 'not json');
    const store = storeOn(storage);
    expect(store.getState().notice?.reason).toBe('unreadable');
    store.getState().dismissNotice();
    expect(store.getState().notice).toBeNull();
  });

  it('works for the session when storage throws on every call', () => {
    const storage = new FakeStorage();
    storage.failGet = storage.failSet = storage.failRemove = true;
    const store = storeOn(storage);
    expect(store.getState().storage).toBe('session-only');
    store.getState().pickChoice(q1.id, q1.bestChoiceId);
    store.getState().mark(q1.id, 'known');
    expect(knownCount(store.getState())).toBe(1);
    expect(store.getState().storage).toBe('session-only');
  });

  it('tells a full storage from a blocked one, from the first probe on', () => {
    const full = new FakeStorage();
    full.failSet = true;
    expect(storeOn(full).getState().storage).toBe('full');
    const blocked = new FakeStorage();
    blocked.failSet = true;
    blocked.setError = 'SecurityError';
    const store = storeOn(blocked);
    expect(store.getState().storage).toBe('session-only');
    blocked.failSet = false;
    store.getState().mark(q1.id, 'known');
    blocked.failSet = true;
    store.getState().mark(q2.id, 'known');
    expect(store.getState().storage).toBe('session-only');
  });

  it('works when reaching localStorage itself throws', () => {
    const store = createDrillProgressStore({
      getStorage: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(store.getState().storage).toBe('session-only');
    store.getState().mark(q1.id, 'not-yet');
    expect(store.getState().progress[q1.id]).toBe('not-yet');
  });

  it('says the storage is full once it fills up (what was saved stays), and recovers when it has room', () => {
    const storage = new FakeStorage();
    const store = storeOn(storage);
    store.getState().mark(q2.id, 'not-yet');
    storage.failSet = true;
    store.getState().mark(q1.id, 'known');
    expect(store.getState().storage).toBe('full');
    // The write before the quota ran out is still there for the next visit.
    expect(storeOn(storage).getState().progress).toEqual({ [q2.id]: 'not-yet' });
    expect(knownCount(store.getState())).toBe(1);
    storage.failSet = false;
    store.getState().mark(q2.id, 'known');
    expect(store.getState().storage).toBe('saved');
    expect(knownCount(storeOn(storage).getState())).toBe(2);
  });

  it('clears progress and predictions on reset', () => {
    const storage = new FakeStorage();
    const store = storeOn(storage);
    store.getState().writePrediction(q1.id, 'x');
    store.getState().mark(q1.id, 'known');
    store.getState().reset();
    expect(data(store)).toEqual({ progress: {}, predictions: {} });
    expect(data(storeOn(storage))).toEqual({ progress: {}, predictions: {} });
  });

  it('ignores unknown question and choice ids, and cuts over-long predictions', () => {
    const store = storeOn(new FakeStorage());
    store.getState().pickChoice(q1.id, 'no-such-choice');
    store.getState().pickChoice('no-such-question', 'x');
    store.getState().mark('no-such-question', 'known');
    expect(data(store)).toEqual({ progress: {}, predictions: {} });
    store.getState().writePrediction(q1.id, 'y'.repeat(PREDICTION_MAX_CHARS + 50));
    expect(store.getState().predictions[q1.id]?.text.length).toBe(PREDICTION_MAX_CHARS);
  });

  it('counts a prediction with no mark yet as a drill in progress', () => {
    const store = storeOn(new FakeStorage());
    store.getState().writePrediction(q2.id, 'the fence turns it away');
    expect(overallStatus(store.getState())).toBe('In progress');
  });

  it('loads a stored prediction that holds nothing this page knows as no prediction at all', () => {
    const storage = new FakeStorage();
    storage.items.set(
      DRILL_STORAGE_NAME,
      envelope(DRILL_STORAGE_VERSION, {
        progress: { [q1.id]: 'not-yet' },
        predictions: {
          [q2.id]: { choice: null, text: '' },
          [q3.id]: { choice: 'no-such-choice', text: '' },
        },
      }),
    );
    const store = storeOn(storage);
    expect(data(store)).toEqual({ progress: { [q1.id]: 'not-yet' }, predictions: {} });
    expect(store.getState().notice).toBeNull();
  });

  it('picks up what another tab saved, keeping this tab’s session state', async () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    here.getState().setRevealed(q3.id, true);
    const there = storeOn(storage);
    there.getState().mark(q1.id, 'known');
    there.getState().mark(q2.id, 'not-yet');
    expect(knownCount(here.getState())).toBe(0);

    notify('some-other-key');
    expect(knownCount(here.getState())).toBe(0);
    notify(DRILL_STORAGE_NAME);
    expect(data(here)).toEqual(data(there));
    expect(here.getState().revealed).toEqual({ [q3.id]: true });

    // A corrupt value from elsewhere is dropped, never thrown, and this tab's progress, still on
    // screen, is saved in its place: a reload must not lose it.
    storage.items.set(DRILL_STORAGE_NAME, '{oops');
    notify(DRILL_STORAGE_NAME);
    await new Promise((r) => setTimeout(r, 0));
    expect(here.getState().notice?.reason).toBe('replaced-elsewhere');
    expect(knownCount(here.getState())).toBe(1);
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: data(here) });

    // Progress a newer page saved in another tab is left alone; this tab goes on in memory.
    const newer = JSON.stringify({ version: 3, state: { progress: {}, predictions: {} } });
    storage.items.set(DRILL_STORAGE_NAME, newer);
    notify(DRILL_STORAGE_NAME);
    await new Promise((r) => setTimeout(r, 0));
    expect(here.getState().notice?.reason).toBe('newer-version');
    expect(here.getState().storage).toBe('newer-version');
    here.getState().mark(q3.id, 'known');
    expect(knownCount(here.getState())).toBe(2);
    expect(storage.items.get(DRILL_STORAGE_NAME)).toBe(newer);

    // A reset in a third tab of this page clears the newer progress and saves its own: this tab
    // reads it, drops the notice and saves again.
    const third = storeOn(storage);
    third.getState().reset();
    third.getState().mark(q2.id, 'known');
    notify(DRILL_STORAGE_NAME);
    await new Promise((r) => setTimeout(r, 0));
    expect(here.getState().notice).toBeNull();
    expect(here.getState().storage).toBe('saved');
    expect(data(here)).toEqual(data(third));
    here.getState().mark(q1.id, 'known');
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: data(here) });
  });

  it('a reset in another tab closes this tab’s answers and drops its exploring picks, as a reset here would', async () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    const wrong = q2.choices.find((c) => c.id !== q2.bestChoiceId)!.id;
    here.getState().pickChoice(q2.id, wrong);
    here.getState().setRevealed(q2.id, true);
    expect(here.getState().progress[q2.id]).toBe('not-yet');
    here.getState().setRevealed(q2.id, false);
    here.getState().pickChoice(q2.id, q2.bestChoiceId);
    expect(here.getState().retryPicks).toEqual({ [q2.id]: q2.bestChoiceId });
    here.getState().setRevealed(q2.id, true);
    here.getState().writePrediction(q1.id, 'it waits');
    here.getState().setRevealed(q1.id, true);

    const there = storeOn(storage);
    there.getState().reset();
    notify(DRILL_STORAGE_NAME);
    await new Promise((r) => setTimeout(r, 0));
    expect(data(here)).toEqual({ progress: {}, predictions: {} });
    expect(here.getState().revealed).toEqual({});
    expect(here.getState().retryPicks).toEqual({});
    // With no prediction, study mode asks for one again before it shows the answer.
    expect(wrongPickStands(q2.id, here.getState().predictions[q2.id], undefined)).toBe(false);
  });

  it('closes only the answer whose prediction another tab removed, and keeps what it changed', async () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    here.getState().writePrediction(q1.id, 'it waits');
    here.getState().setRevealed(q1.id, true);
    here.getState().pickChoice(q2.id, q2.bestChoiceId);
    here.getState().setRevealed(q2.id, true);
    here.getState().mark(q2.id, 'known');

    const there = storeOn(storage);
    there.getState().writePrediction(q1.id, '');
    there.getState().writePrediction(q2.id, 'and its token');
    there.getState().mark(q3.id, 'not-yet');
    notify(DRILL_STORAGE_NAME);
    await new Promise((r) => setTimeout(r, 0));
    expect(data(here)).toEqual(data(there));
    expect(here.getState().revealed).toEqual({ [q1.id]: false, [q2.id]: true });
  });

  it('drops a pick explored after a wrong pick once another tab answered it in practice', async () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    const wrong = q3.choices.find((c) => c.id !== q3.bestChoiceId)!.id;
    here.getState().pickChoice(q3.id, wrong);
    here.getState().writePrediction(q3.id, 'a guess');
    here.getState().setRevealed(q3.id, true);
    here.getState().setRevealed(q3.id, false);
    here.getState().pickChoice(q3.id, q3.bestChoiceId);
    expect(here.getState().retryPicks).toEqual({ [q3.id]: q3.bestChoiceId });

    const there = storeOn(storage);
    there.getState().startPractice(3);
    there.getState().setRevealed(q3.id, true);
    there.getState().mark(q3.id, 'known');
    notify(DRILL_STORAGE_NAME);
    await new Promise((r) => setTimeout(r, 0));
    expect(here.getState().predictions[q3.id]).toEqual({ choice: null, text: 'a guess' });
    expect(here.getState().progress[q3.id]).toBe('known');
    expect(here.getState().retryPicks).toEqual({});
  });

  it('a reset in another tab during practice clears this run’s answers, and practice goes on', async () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    here.getState().mark(q1.id, 'known');
    here.getState().startPractice(9);
    here.getState().writePracticeAnswer(q2.id, 'the fence');
    here.getState().setRevealed(q2.id, true);
    here.getState().mark(q2.id, 'not-yet');

    // A change that leaves progress behind keeps the run as it is.
    const there = storeOn(storage);
    there.getState().mark(q3.id, 'known');
    notify(DRILL_STORAGE_NAME);
    await new Promise((r) => setTimeout(r, 0));
    expect(here.getState().revealed).toEqual({ [q2.id]: true });
    expect(here.getState().practiceAnswers).toEqual({ [q2.id]: 'the fence' });

    there.getState().reset();
    notify(DRILL_STORAGE_NAME);
    await new Promise((r) => setTimeout(r, 0));
    expect(here.getState().mode).toBe('practice');
    expect(here.getState().revealed).toEqual({});
    expect(here.getState().practiceAnswers).toEqual({});
    expect(here.getState().practiceMarks).toEqual({});
  });

  it('merges another tab’s save into this tab’s progress: marks made in both stay', () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    const { here: there, notify: notifyThere } = storeWatchingOtherTabs(storage);
    here.getState().mark(q1.id, 'known');
    notifyThere(DRILL_STORAGE_NAME);
    there.getState().mark(q2.id, 'not-yet');
    there.getState().writePrediction(q3.id, 'the fence');
    notify(DRILL_STORAGE_NAME);
    const both: DrillProgressData = {
      progress: { [q1.id]: 'known', [q2.id]: 'not-yet' },
      predictions: { [q3.id]: { choice: null, text: 'the fence' } },
    };
    expect(data(here)).toEqual(both);
    here.getState().mark(q3.id, 'known');
    notifyThere(DRILL_STORAGE_NAME);
    expect(data(there)).toEqual(data(here));
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: data(here) });
  });

  it('takes in a save it never heard of before it saves its own change over it', () => {
    // The storage event can be missed: a page kept by Back and Forward hears none while away.
    const storage = new FakeStorage();
    const here = storeOn(storage);
    const there = storeOn(storage);
    here.getState().mark(q1.id, 'known');
    there.getState().mark(q2.id, 'not-yet');
    here.getState().mark(q3.id, 'known');
    const all = {
      progress: { [q1.id]: 'known', [q2.id]: 'not-yet', [q3.id]: 'known' },
      predictions: {},
    };
    expect(data(here)).toEqual(all);
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: all });
    expect(here.getState().otherTab).toEqual({ kind: 'changed', questionIds: [q2.id] });
  });

  it('keeps a change this tab could not save when another tab saves, and saves it once it can', () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    const there = storeOn(storage);
    here.getState().mark(q1.id, 'not-yet');
    storage.failSet = true;
    here.getState().writePrediction(q2.id, 'a pause');
    expect(here.getState().storage).toBe('full');
    // The other tab's change is smaller, and there is room for it.
    storage.failSet = false;
    there.getState().mark(q3.id, 'known');
    notify(DRILL_STORAGE_NAME);
    const both: DrillProgressData = {
      progress: { [q1.id]: 'not-yet', [q3.id]: 'known' },
      predictions: { [q2.id]: { choice: null, text: 'a pause' } },
    };
    expect(data(here)).toEqual(both);
    expect(here.getState().storage).toBe('saved');
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: both });
  });

  it('never writes its record over a save it has not taken in, even for a change of its own session', () => {
    const storage = new FakeStorage();
    const here = storeOn(storage);
    const there = storeOn(storage);
    here.getState().mark(q1.id, 'known');
    storage.failSet = true;
    here.getState().mark(q2.id, 'known');
    storage.failSet = false;
    there.getState().mark(q3.id, 'not-yet');
    // Unheard by this tab. Interview practice saves nothing of its own, but a store's change
    // writes its record, which holds the mark that could not be saved before.
    here.getState().startPractice(1);
    const all = { progress: { [q1.id]: 'known', [q2.id]: 'known', [q3.id]: 'not-yet' } };
    expect(data(here)).toEqual({ ...all, predictions: {} });
    expect(stored(storage)).toEqual({
      version: DRILL_STORAGE_VERSION,
      state: { ...all, predictions: {} },
    });
    expect(here.getState().storage).toBe('saved');
  });

  it('goes on when the browser will not remove another tab’s broken value', () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    here.getState().mark(q1.id, 'known');
    storage.items.set(DRILL_STORAGE_NAME, 'not json');
    storage.failRemove = true;
    notify(DRILL_STORAGE_NAME);
    here.getState().mark(q2.id, 'not-yet');
    expect(data(here).progress).toEqual({ [q1.id]: 'known', [q2.id]: 'not-yet' });
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: data(here) });
  });

  it('a reset in another tab clears this tab, also the change it could not save', () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    here.getState().mark(q1.id, 'known');
    storage.failSet = true;
    here.getState().mark(q2.id, 'known');
    storage.failSet = false;
    storeOn(storage).getState().reset();
    notify(DRILL_STORAGE_NAME);
    expect(data(here)).toEqual({ progress: {}, predictions: {} });
    expect(here.getState().otherTab).toEqual({ kind: 'cleared' });
  });

  it('an entry another tab saved broken costs this tab nothing for that question', () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    here.getState().mark(q1.id, 'known');
    here.getState().writePrediction(q2.id, 'a pause');
    storage.items.set(
      DRILL_STORAGE_NAME,
      envelope(2, {
        progress: { [q1.id]: 'maybe', [q3.id]: 'not-yet' },
        predictions: { [q2.id]: { choice: 7, text: '' } },
      }),
    );
    notify(DRILL_STORAGE_NAME);
    const kept: DrillProgressData = {
      progress: { [q1.id]: 'known', [q3.id]: 'not-yet' },
      predictions: { [q2.id]: { choice: null, text: 'a pause' } },
    };
    expect(data(here)).toEqual(kept);
    expect(here.getState().notice?.reason).toBe('partly-unreadable');
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: kept });
  });

  it('another tab’s value with a version no page has is broken: this tab saves its own over it', () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    here.getState().mark(q1.id, 'known');
    storage.items.set(DRILL_STORAGE_NAME, envelope(1e300, { progress: {}, predictions: {} }));
    notify(DRILL_STORAGE_NAME);
    expect(here.getState().notice?.reason).toBe('replaced-elsewhere');
    expect(here.getState().storage).toBe('saved');
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: data(here) });
    expect(data(here).progress).toEqual({ [q1.id]: 'known' });
  });

  it('says what came in from another tab until the reader changes something here', () => {
    const storage = new FakeStorage();
    const { here, notify } = storeWatchingOtherTabs(storage);
    here.getState().mark(q1.id, 'known');
    const there = storeOn(storage);
    // Nothing new: nothing to say.
    notify(DRILL_STORAGE_NAME);
    expect(here.getState().otherTab).toBeNull();
    there.getState().mark(q2.id, 'known');
    notify(DRILL_STORAGE_NAME);
    // Each save there is heard apart; the note counts them all.
    there.getState().writePrediction(q3.id, 'x');
    notify(DRILL_STORAGE_NAME);
    there.getState().writePrediction(q3.id, 'xy');
    notify(DRILL_STORAGE_NAME);
    expect(here.getState().otherTab).toEqual({ kind: 'changed', questionIds: [q2.id, q3.id] });
    // Opening an answer is a change here too: the note has been read.
    here.getState().setRevealed(q1.id, true);
    expect(here.getState().otherTab).toBeNull();
  });

  it('keeps practice answers apart from study predictions, for the run only and never saved', () => {
    const storage = new FakeStorage();
    const store = storeOn(storage);
    store.getState().writePrediction(q1.id, 'I think it waits');
    store.getState().mark(q1.id, 'not-yet');
    store.getState().startPractice(4);
    expect(store.getState().practiceAnswers).toEqual({});
    store.getState().writePracticeAnswer(q1.id, 'the storage takes it');
    store.getState().writePracticeAnswer('no-such-question', 'x');
    store.getState().setRevealed(q1.id, true);
    store.getState().mark(q1.id, 'known');
    expect(store.getState().practiceAnswers).toEqual({ [q1.id]: 'the storage takes it' });
    expect(store.getState().practiceMarks).toEqual({ [q1.id]: 'known' });
    // The mark counts; the study prediction is as it was, and nothing of practice is saved.
    expect(data(store)).toEqual({
      progress: { [q1.id]: 'known' },
      predictions: { [q1.id]: { choice: null, text: 'I think it waits' } },
    });
    expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: data(store) });

    // A new run starts empty; going back to study discards what practice wrote.
    store.getState().startPractice(5);
    expect(store.getState().practiceAnswers).toEqual({});
    expect(store.getState().practiceMarks).toEqual({});
    store.getState().writePracticeAnswer(q2.id, 'a token');
    store.getState().stopPractice();
    expect(store.getState().practiceAnswers).toEqual({});
    expect(store.getState().predictions[q2.id]).toBeUndefined();
    // Study marks are no practice marks.
    store.getState().mark(q2.id, 'known');
    expect(store.getState().practiceMarks).toEqual({});
    store.getState().startPractice(6);
    store.getState().writePracticeAnswer(q2.id, 'a token');
    store.getState().reset();
    expect(store.getState().practiceAnswers).toEqual({});
  });

  it('is Done only when all eight are known', () => {
    const store = storeOn(new FakeStorage());
    for (const id of ids.slice(0, -1)) store.getState().mark(id, 'known');
    store.getState().mark(ids.at(-1)!, 'not-yet');
    expect(overallStatus(store.getState())).toBe('In progress');
    store.getState().mark(ids.at(-1)!, 'known');
    expect(overallStatus(store.getState())).toBe('Done');
    expect(knownCount(store.getState())).toBe(ids.length);
  });
});

// ---------------------------------------------------------------------------------------------
// Generated stored values. Each case says what a correct store must end with.

type Case = { raw: string; expect: 'fresh' | DrillProgressData; note: string };

const questionArb = fc.constantFrom(...drillQuestions);
const verdictArb = fc.constantFrom('known' as const, 'not-yet' as const);
const textArb = fc.string({ maxLength: 40 });

/** A valid version 2 state and what the store should hold after loading it. */
const validV2Arb = fc
  .array(fc.tuple(questionArb, fc.option(verdictArb), fc.boolean(), fc.nat(), textArb), {
    maxLength: 10,
  })
  .map((entries) => {
    const state: DrillProgressData = { progress: {}, predictions: {} };
    for (const [q, verdict, pick, n, text] of entries) {
      if (verdict) state.progress[q.id] = verdict;
      const choice = pick ? q.choices[n % q.choices.length]!.id : null;
      if (choice !== null || text !== '') state.predictions[q.id] = { choice, text };
    }
    return state;
  });

const validV1Arb = fc
  .record({
    known: fc.array(questionArb.map((q) => q.id)),
    predictions: fc.dictionary(
      questionArb.map((q) => q.id),
      textArb,
    ),
  })
  .map((v1) => {
    const expected: DrillProgressData = { progress: {}, predictions: {} };
    for (const id of v1.known) expected.progress[id] = 'known';
    for (const [id, text] of Object.entries(v1.predictions)) {
      if (text !== '') expected.predictions[id] = { choice: null, text };
    }
    return { v1, expected };
  });

/** Values that are valid JSON objects with a wrong-typed spot somewhere in the state. */
const wrongTypeArb = fc.oneof(
  fc
    .anything()
    .filter((v) => !(typeof v === 'object' && v !== null && !Array.isArray(v)))
    .map((v) => envelope(2, v)),
  fc
    .anything()
    .filter((v) => !(typeof v === 'object' && v !== null && !Array.isArray(v)))
    .map((v) => envelope(2, { progress: v, predictions: {} })),
  fc
    .tuple(
      questionArb,
      fc.anything().filter((v) => v !== undefined && v !== 'known' && v !== 'not-yet'),
    )
    .map(([q, v]) => envelope(2, { progress: { [q.id]: v }, predictions: {} })),
  fc
    .tuple(
      questionArb,
      fc.anything().filter((v) => typeof v !== 'string'),
    )
    .map(([q, v]) =>
      envelope(2, { progress: {}, predictions: { [q.id]: { choice: null, text: v } } }),
    ),
  fc
    .tuple(questionArb, fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.string())))
    .map(([q, v]) =>
      envelope(2, { progress: {}, predictions: { [q.id]: { choice: v, text: '' } } }),
    ),
  fc
    .anything()
    .filter((v) => !Array.isArray(v))
    .map((v) => envelope(1, { known: v, predictions: {} })),
  fc.string().map((s) => JSON.stringify({ version: s, state: { progress: {}, predictions: {} } })),
);

/** Whether a value holds a key the loader refuses wherever it is (see `readStoredProgress`). */
function hasForbiddenKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(
    ([key, inner]) =>
      key === '__proto__' || key === 'constructor' || key === 'prototype' || hasForbiddenKey(inner),
  );
}

/** Adds a `__proto__` (or `constructor`) key at the top, in the state, or inside a record. */
const protoArb = fc
  .tuple(
    validV2Arb,
    fc.constantFrom('__proto__', 'constructor', 'prototype'),
    fc.constantFrom(0, 1, 2, 3),
  )
  .map(([state, key, where]) => {
    const json = envelope(2, state);
    const injected = `"${key}":{"polluted":true},`;
    const at = [
      json.indexOf('{') + 1,
      json.indexOf('"state":{') + '"state":{'.length,
      json.indexOf('"progress":{') + '"progress":{'.length,
      json.indexOf('"predictions":{') + '"predictions":{'.length,
    ][where]!;
    // An injected key before a closing brace must not leave a trailing comma.
    const fixed = (json.slice(0, at) + injected + json.slice(at)).replace(/,}/g, '}');
    return fixed;
  });

const malformedArb: fc.Arbitrary<Case> = fc.oneof(
  // Not JSON at all, or JSON cut short.
  fc
    .string()
    .filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    })
    .map((raw) => ({ raw, expect: 'fresh' as const, note: 'bad json' })),
  fc.tuple(validV2Arb, fc.nat()).map(([state, n]) => {
    const json = envelope(2, state);
    return { raw: json.slice(0, n % json.length), expect: 'fresh' as const, note: 'truncated' };
  }),
  // JSON that is not an envelope.
  fc
    .oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.anything()))
    .map((v) => ({ raw: JSON.stringify(v), expect: 'fresh' as const, note: 'not an object' })),
  wrongTypeArb.map((raw) => ({ raw, expect: 'fresh' as const, note: 'wrong type' })),
  protoArb.map((raw) => ({ raw, expect: 'fresh' as const, note: '__proto__' })),
  // Huge strings, inside an otherwise valid value and on their own.
  fc.tuple(questionArb, fc.integer({ min: 0, max: 2 })).map(([q, kind]) => {
    // Kind 0: one prediction too long; 1: a giant string; 2: a valid value padded past the cap.
    const long = 'z'.repeat(PREDICTION_MAX_CHARS + 1);
    const giant = 'z'.repeat(DRILL_STORAGE_MAX_CHARS + 1);
    const raw = [
      envelope(2, { progress: {}, predictions: { [q.id]: { choice: null, text: long } } }),
      JSON.stringify(giant),
      JSON.stringify({ version: 2, state: { progress: {}, predictions: {} }, padding: giant }),
    ][kind]!;
    return { raw, expect: 'fresh' as const, note: 'huge' };
  }),
  // Versions this page does not know: older than 1, newer than 2, not integers.
  fc
    .tuple(
      fc.oneof(
        fc.integer({ min: 3 }),
        fc.integer({ max: 0 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
      ),
      validV2Arb,
    )
    .map(([version, state]) => ({
      raw: envelope(version, state),
      expect: 'fresh' as const,
      note: 'unknown version',
    })),
);

/** What a stored state loads as: a "known" beside a picked wrong choice is "not yet". */
function knownOnlyIfRight(state: DrillProgressData): DrillProgressData {
  const progress = { ...state.progress };
  for (const q of drillQuestions) {
    const choice = state.predictions[q.id]?.choice;
    if (progress[q.id] === 'known' && choice != null && choice !== q.bestChoiceId)
      progress[q.id] = 'not-yet';
  }
  return { progress, predictions: state.predictions };
}

const goodArb: fc.Arbitrary<Case> = fc.oneof(
  validV2Arb.map((state) => ({
    raw: envelope(2, state),
    expect: knownOnlyIfRight(state),
    note: 'v2',
  })),
  validV1Arb.map(({ v1, expected }) => ({ raw: envelope(1, v1), expect: expected, note: 'v1' })),
);

function loadAndUse(c: Case) {
  const storage = new FakeStorage();
  storage.items.set(DRILL_STORAGE_NAME, c.raw);
  const store = storeOn(storage);
  const loaded = data(store);

  // Whatever was loaded, the drill works: marking and predicting change the state and are saved.
  const q = drillQuestions[0]!;
  const standing = wrongPickStands(q.id, loaded.predictions[q.id], loaded.progress[q.id]);
  store.getState().pickChoice(q.id, q.bestChoiceId);
  store.getState().mark(q.id, 'known');
  if (standing) {
    // A loaded wrong pick beside a mark was shown with the answer: it goes on counting in study
    // mode, and interview practice is where the question can be known.
    expect(store.getState().progress[q.id]).toBe('not-yet');
    expect(store.getState().predictions[q.id]).toEqual(loaded.predictions[q.id]);
    store.getState().startPractice(1);
    store.getState().mark(q.id, 'known');
    store.getState().stopPractice();
  }
  expect(store.getState().progress[q.id]).toBe('known');
  // Saved, except over what a newer page wrote: that stays as it was.
  if (store.getState().notice?.reason === 'newer-version')
    expect(storage.items.get(DRILL_STORAGE_NAME)).toBe(c.raw);
  else expect(stored(storage)).toEqual({ version: DRILL_STORAGE_VERSION, state: data(store) });
  return { store, loaded };
}

describe('loading generated stored values', () => {
  it('every malformed value ends in a fresh, working drill with a notice (1,500 cases)', () => {
    fc.assert(
      fc.property(malformedArb, (c) => {
        const { store, loaded } = loadAndUse(c);
        expect(loaded).toEqual({ progress: {}, predictions: {} });
        expect(store.getState().notice).not.toBeNull();
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 1500 },
    );
  });

  it('every valid version 1 or 2 value loads as its (migrated) progress with no notice', () => {
    fc.assert(
      fc.property(goodArb, (c) => {
        const { store, loaded } = loadAndUse(c);
        expect(loaded).toEqual(c.expect);
        expect(store.getState().notice).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('a valid value with bad entries beside it keeps the valid part, with a notice', () => {
    // JSON drops an undefined value, which would leave nothing bad in the stored text. A key
    // like `prototype` anywhere refuses the whole value instead (the `__proto__` cases above).
    const badVerdictArb = fc
      .anything()
      .filter((v) => v !== undefined && v !== 'known' && v !== 'not-yet' && !hasForbiddenKey(v));
    const badPredictionArb = fc.oneof(
      fc
        .anything()
        .filter(
          (v) =>
            v !== undefined &&
            !(typeof v === 'object' && v !== null && !Array.isArray(v)) &&
            !hasForbiddenKey(v),
        ),
      fc.record({ choice: fc.oneof(fc.integer(), fc.boolean()), text: fc.constant('') }),
      fc.record({
        choice: fc.constant(null),
        text: fc.constant('z'.repeat(PREDICTION_MAX_CHARS + 1)),
      }),
    );
    fc.assert(
      fc.property(
        validV2Arb.filter((s) => Object.keys(s.progress).length > 0),
        fc.constantFrom(...drillQuestions),
        fc.boolean(),
        badVerdictArb,
        badPredictionArb,
        (state, q, inProgress, badVerdict, badPrediction) => {
          // The bad entry takes the place of whatever the question had in that record.
          const raw = {
            progress: { ...state.progress },
            predictions: { ...state.predictions } as Record<string, unknown>,
          } as { progress: Record<string, unknown>; predictions: Record<string, unknown> };
          const kept: DrillProgressData = {
            progress: { ...state.progress },
            predictions: { ...state.predictions },
          };
          if (inProgress) {
            raw.progress[q.id] = badVerdict;
            delete kept.progress[q.id];
          } else {
            raw.predictions[q.id] = badPrediction;
            delete kept.predictions[q.id];
          }
          const expected = knownOnlyIfRight(kept);
          const empty =
            Object.keys(expected.progress).length + Object.keys(expected.predictions).length === 0;
          const { store, loaded } = loadAndUse({
            raw: envelope(2, raw),
            expect: expected,
            note: 'partly bad',
          });
          expect(loaded).toEqual(empty ? { progress: {}, predictions: {} } : expected);
          expect(store.getState().notice?.reason).toBe(empty ? 'unreadable' : 'partly-unreadable');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('any JSON at all loads without throwing, into a state that passes validation', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc.tuple(fc.constantFrom(1, 2), fc.jsonValue()).map(([v, s]) => envelope(v, s)),
        ),
        (raw) => {
          const { store, loaded } = loadAndUse({ raw, expect: 'fresh', note: 'any json' });
          expect(validateV2(loaded)).toEqual(loaded);
          void store;
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('two tabs on one storage', () => {
  type Op =
    | { kind: 'pick'; q: number; n: number }
    | { kind: 'write'; q: number; text: string }
    | { kind: 'mark'; q: number; known: boolean }
    | { kind: 'reveal'; q: number }
    | { kind: 'reset' };
  const qArb = fc.nat({ max: drillQuestions.length - 1 });
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('pick' as const), q: qArb, n: fc.nat() }),
    fc.record({
      kind: fc.constant('write' as const),
      q: qArb,
      text: fc.constantFrom('', 'a pause', 'the fence'),
    }),
    fc.record({ kind: fc.constant('mark' as const), q: qArb, known: fc.boolean() }),
    fc.record({ kind: fc.constant('reveal' as const), q: qArb }),
    { arbitrary: fc.record({ kind: fc.constant('reset' as const) }), weight: 1 },
  );
  function apply(store: DrillProgressStore, op: Op) {
    const s = store.getState();
    if (op.kind === 'reset') return s.reset();
    const q = drillQuestions[op.q]!;
    if (op.kind === 'pick') s.pickChoice(q.id, q.choices[op.n % q.choices.length]!.id);
    else if (op.kind === 'write') s.writePrediction(q.id, op.text);
    else if (op.kind === 'mark') s.mark(q.id, op.known ? 'known' : 'not-yet');
    else s.setRevealed(q.id, true);
  }

  it('end as one tab would, whichever storage events they miss (300 cases)', () => {
    // A tab that never heard another's save takes it in before its own next change, so two tabs
    // together end where one tab doing all of it would.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), opArb, fc.boolean()), { maxLength: 30 }),
        (steps) => {
          const storage = new FakeStorage();
          const tabs = [storeWatchingOtherTabs(storage), storeWatchingOtherTabs(storage)];
          const one = storeOn(new FakeStorage());
          for (const [second, op, heard] of steps) {
            apply(tabs[second ? 1 : 0]!.here, op);
            apply(one, op);
            if (heard) tabs[second ? 0 : 1]!.notify(DRILL_STORAGE_NAME);
          }
          for (const tab of tabs) tab.notify(DRILL_STORAGE_NAME);
          expect(data(tabs[0]!.here)).toEqual(data(one));
          expect(data(tabs[1]!.here)).toEqual(data(one));
          const saved = stored(storage) as { state: DrillProgressData } | undefined;
          expect(saved?.state ?? { progress: {}, predictions: {} }).toEqual(data(one));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a wrong pick is never known', () => {
  const wrongOf = (q: (typeof drillQuestions)[number]) =>
    q.choices.find((c) => c.id !== q.bestChoiceId)!.id;

  it('refuses "known" after a wrong pick in study mode, and a reveal marks it "not yet"', () => {
    const store = storeOn(new FakeStorage());
    const q = drillQuestions[0]!;
    store.getState().pickChoice(q.id, wrongOf(q));
    store.getState().mark(q.id, 'known');
    expect(store.getState().progress[q.id]).toBeUndefined();
    store.getState().setRevealed(q.id, true);
    expect(store.getState().progress[q.id]).toBe('not-yet');
    store.getState().mark(q.id, 'known');
    expect(store.getState().progress[q.id]).toBe('not-yet');
    expect(knownCount(store.getState())).toBe(0);
  });

  it('once a wrong pick was shown with the answer, a new pick is not counted', () => {
    const storage = new FakeStorage();
    const store = storeOn(storage);
    const q = drillQuestions[0]!;
    store.getState().pickChoice(q.id, wrongOf(q));
    store.getState().setRevealed(q.id, true);
    store.getState().setRevealed(q.id, false);
    store.getState().pickChoice(q.id, q.bestChoiceId);
    store.getState().setRevealed(q.id, true);
    store.getState().mark(q.id, 'known');
    expect(store.getState().progress[q.id]).toBe('not-yet');
    // The new pick is kept for this visit only, to show it; the wrong one is what is saved.
    expect(store.getState().retryPicks[q.id]).toBe(q.bestChoiceId);
    expect(store.getState().predictions[q.id]?.choice).toBe(wrongOf(q));
    expect(stored(storage)).toEqual({
      version: DRILL_STORAGE_VERSION,
      state: {
        progress: { [q.id]: 'not-yet' },
        predictions: { [q.id]: { choice: wrongOf(q), text: '' } },
      },
    });
    // A reload changes nothing: the saved wrong pick still stands.
    const next = storeOn(storage);
    next.getState().pickChoice(q.id, q.bestChoiceId);
    next.getState().mark(q.id, 'known');
    expect(next.getState().progress[q.id]).toBe('not-yet');

    // Reset clears it, and the question is a fresh one.
    store.getState().reset();
    expect(store.getState().retryPicks).toEqual({});
    store.getState().pickChoice(q.id, q.bestChoiceId);
    store.getState().setRevealed(q.id, true);
    store.getState().mark(q.id, 'known');
    expect(store.getState().progress[q.id]).toBe('known');
  });

  it('a wrong pick shown with the answer can be known in interview practice', () => {
    const store = storeOn(new FakeStorage());
    const q = drillQuestions[1]!;
    store.getState().pickChoice(q.id, wrongOf(q));
    store.getState().setRevealed(q.id, true);
    store.getState().setRevealed(q.id, false);
    store.getState().pickChoice(q.id, q.bestChoiceId);
    store.getState().startPractice(5);
    store.getState().setRevealed(q.id, true);
    store.getState().mark(q.id, 'known');
    store.getState().stopPractice();
    expect(store.getState().progress[q.id]).toBe('known');
    expect(store.getState().predictions[q.id]).toBeUndefined();
    expect(store.getState().retryPicks).toEqual({});
    // Back in study mode, a pick is a pick again.
    store.getState().pickChoice(q.id, q.bestChoiceId);
    expect(store.getState().predictions[q.id]?.choice).toBe(q.bestChoiceId);
  });

  it('takes back "known" when the reader switches to a wrong pick', () => {
    const store = storeOn(new FakeStorage());
    const q = drillQuestions[1]!;
    store.getState().pickChoice(q.id, q.bestChoiceId);
    store.getState().mark(q.id, 'known');
    store.getState().pickChoice(q.id, wrongOf(q));
    expect(store.getState().progress[q.id]).toBe('not-yet');
  });

  it('loads "known" saved beside a wrong pick by an older page as "not yet"', () => {
    const [q, r] = [drillQuestions[4]!, drillQuestions[5]!];
    const storage = new FakeStorage();
    storage.items.set(
      DRILL_STORAGE_NAME,
      envelope(2, {
        progress: { [q.id]: 'known', [r.id]: 'known' },
        predictions: {
          [q.id]: { choice: wrongOf(q), text: '' },
          [r.id]: { choice: r.bestChoiceId, text: '' },
        },
      }),
    );
    const store = storeOn(storage);
    expect(store.getState().progress).toEqual({ [q.id]: 'not-yet', [r.id]: 'known' });
    expect(store.getState().notice).toBeNull();
  });

  it('lets written predictions self-grade', () => {
    const store = storeOn(new FakeStorage());
    const q = drillQuestions[2]!;
    store.getState().writePrediction(q.id, 'someone else may hold it by then');
    store.getState().setRevealed(q.id, true);
    store.getState().mark(q.id, 'known');
    expect(store.getState().progress[q.id]).toBe('known');
  });

  it('in practice, grades the answer said now and drops the old wrong pick, keeping the words', () => {
    const store = storeOn(new FakeStorage());
    const q = drillQuestions[3]!;
    store.getState().pickChoice(q.id, wrongOf(q));
    store.getState().writePrediction(q.id, 'bounded clocks');
    store.getState().startPractice(1);
    store.getState().setRevealed(q.id, true);
    expect(store.getState().progress[q.id]).toBeUndefined();
    store.getState().mark(q.id, 'known');
    expect(store.getState().progress[q.id]).toBe('known');
    expect(store.getState().predictions[q.id]).toEqual({ choice: null, text: 'bounded clocks' });
  });
});
