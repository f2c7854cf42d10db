// The storage adapter between zustand's persist and the browser's storage: every call to the
// browser's storage is wrapped, because any of them can throw (private mode, blocked cookies, a
// full quota), and a value this page cannot use is dropped, cut down or left alone, never trusted.
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type { NoticeReason } from './drillNotices';
import type { DrillProgressData } from './drillProgressData';
import { readStoredProgress } from './readStoredProgress';

export type StorageStatus = 'saved' | 'session-only';

export interface StorageEvents {
  onStatus: (status: StorageStatus) => void;
  /** A stored value was refused; `removed` says whether it was taken out of storage. */
  onDropped: (reason: NoticeReason, removed: boolean) => void;
  /** A stored value was read without some of its entries. */
  onLeftOut: () => void;
}

export function createGuardedStorage(
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
export function probeStorage(getStorage: () => Storage, name: string): StorageStatus {
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

export function browserStorage(): Storage {
  // Reading `window.localStorage` itself throws when the browser blocks storage.
  return globalThis.localStorage;
}
