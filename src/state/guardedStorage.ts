// The storage adapter between zustand's persist and the browser's storage: every call to the
// browser's storage is wrapped, because any of them can throw (private mode, blocked cookies, a
// full quota), and a value this page cannot use is dropped, cut down or left alone, never trusted.
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type { NoticeReason } from './drillNotices';
import { emptyProgress, type DrillProgressData } from './drillProgressData';
import type { UnreadEntries } from './mergeProgress';
import { migrateV1, readStoredProgress } from './readStoredProgress';

/**
 * Where progress goes: `saved` in storage; `session-only` when the browser refuses storage;
 * `full` when the browser's storage for this site has no room for the latest write (what was
 * saved before stays, and the next change tries again); `newer-version` when storage works but
 * holds progress a newer page saved, which this page leaves untouched (so it saves nothing over
 * it) until the reader resets.
 */
export type StorageStatus = 'saved' | 'session-only' | 'full' | 'newer-version';

/**
 * A write refused for want of room, not because storage is blocked: the reader then still has
 * what was saved before, so the page must not say that nothing is kept. Firefox once named it
 * NS_ERROR_DOM_QUOTA_REACHED; 22 is the legacy code every browser gives it.
 */
function isQuotaError(error: unknown): boolean {
  if (typeof DOMException === 'undefined' || !(error instanceof DOMException)) return false;
  return (
    error.name === 'QuotaExceededError' ||
    error.name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    error.code === 22
  );
}

const failedWrite = (error: unknown): StorageStatus =>
  isQuotaError(error) ? 'full' : 'session-only';

export interface StorageEvents {
  onStatus: (status: StorageStatus) => void;
  /** A stored value was refused; `removed` says whether it was taken out of storage. */
  onDropped: (reason: NoticeReason, removed: boolean) => void;
  /** A stored value was read without some of its entries: those of `unread`. */
  onLeftOut: (unread: UnreadEntries) => void;
  /**
   * A write was held back because storage no longer holds what this tab last read or wrote:
   * another tab saved, and this tab never heard of it. The store takes that in (merging) and
   * writes again; writing now would put this tab's whole record over the other tab's.
   */
  onChangedElsewhere: () => void;
}

export interface GuardedStorage extends PersistStorage<DrillProgressData> {
  /**
   * The reader asked to clear everything: removes progress a newer page saved, which this page
   * otherwise leaves alone, so that this page saves again. True if it was held and is now gone;
   * false if nothing was held for a newer page or the browser would not remove it.
   */
  releaseNewer: (name: string) => boolean;
  /**
   * The progress this tab last read from storage or wrote there, which another tab's next save
   * is merged against: empty when storage held nothing, null when there is none this page could
   * use (it holds off a newer page's, or storage refused to be read).
   */
  synced: () => DrillProgressData | null;
  /**
   * Does storage hold something other than what this tab last read or wrote? Then another tab
   * saved and this tab has not taken it in (a storage event it never heard): writing now would
   * put this tab's record over that one.
   */
  changedElsewhere: (name: string) => boolean;
}

export function createGuardedStorage(
  getStorage: () => Storage,
  events: StorageEvents,
): GuardedStorage {
  // Skipping identical writes keeps session-only changes (revealed answers, the mode) from
  // touching storage, and keeps a failing storage from being hammered on every keystroke.
  let lastWritten: string | null = null;
  // Set when what is stored must not be written over: progress a newer page saved, or a value
  // this page could not even read. Everything then stays in this visit.
  let handsOff = false;
  // Set when the reason is a newer page's progress: only then may a reset remove it.
  let heldForNewer = false;
  let synced: DrillProgressData | null = null;
  const changedElsewhere = (name: string) => {
    // Held off or unreadable storage: nothing this tab writes can go over anything.
    if (handsOff) return false;
    try {
      return getStorage().getItem(name) !== lastWritten;
    } catch {
      return false;
    }
  };
  return {
    getItem(name) {
      let raw: string | null;
      try {
        raw = getStorage().getItem(name);
      } catch {
        handsOff = true;
        synced = null;
        events.onStatus('session-only');
        return null;
      }
      const result = readStoredProgress(raw);
      if (heldForNewer && !(result.kind === 'dropped' && result.reason === 'newer-version')) {
        // The newer page's progress is gone (a reset in another tab of this page took it): this
        // page may save again.
        handsOff = false;
        heldForNewer = false;
        events.onStatus('saved');
      }
      if (result.kind === 'empty') {
        // Nothing stored (another tab's browser cleared it, or nothing was ever saved): this
        // tab's next change saves all it has.
        lastWritten = null;
        synced = emptyProgress();
        return null;
      }
      if (result.kind === 'dropped') {
        if (result.reason === 'newer-version') {
          // A newer page can read it; this one must not destroy it.
          // Storage itself works: the status says why nothing is saved.
          handsOff = true;
          heldForNewer = true;
          synced = null;
          events.onStatus('newer-version');
          events.onDropped(result.reason, false);
          return null;
        }
        // Removing the bad value is what makes the notice a one-time notice.
        let removed = true;
        try {
          getStorage().removeItem(name);
          synced = emptyProgress();
        } catch {
          removed = false;
          synced = null;
          events.onStatus('session-only');
        }
        // What storage holds now, as after every read: this tab's next write goes over it.
        lastWritten = removed ? null : raw;
        events.onDropped(result.reason, removed);
        return null;
      }
      const read = 'known' in result.state ? migrateV1(result.state) : result.state;
      if (result.leftOut) {
        // Writing back what was kept drops the bad entries, so the notice is a one-time notice.
        // Same key order as zustand's own writes, so an unchanged state is not written again.
        const text = JSON.stringify({ state: result.state, version: result.version });
        try {
          getStorage().setItem(name, text);
          lastWritten = text;
          synced = read;
        } catch (error) {
          // Seen, though not cleaned: only another tab's next save is news.
          lastWritten = raw;
          events.onStatus(failedWrite(error));
        }
        events.onLeftOut(result.unread ?? { progress: 'all', predictions: 'all' });
      } else {
        lastWritten = raw;
        synced = read;
      }
      return { state: result.state, version: result.version } as StorageValue<DrillProgressData>;
    },
    setItem(name, value) {
      if (handsOff) return;
      const text = JSON.stringify(value);
      if (text === lastWritten) return;
      if (changedElsewhere(name)) {
        events.onChangedElsewhere();
        return;
      }
      try {
        getStorage().setItem(name, text);
        lastWritten = text;
        synced = value.state;
        events.onStatus('saved');
      } catch (error) {
        events.onStatus(failedWrite(error));
      }
    },
    releaseNewer(name) {
      if (!heldForNewer) return false;
      try {
        getStorage().removeItem(name);
      } catch {
        return false;
      }
      handsOff = false;
      heldForNewer = false;
      lastWritten = null;
      synced = emptyProgress();
      return true;
    },
    synced: () => synced,
    changedElsewhere,
    removeItem(name) {
      if (handsOff) return;
      try {
        getStorage().removeItem(name);
        lastWritten = null;
        synced = emptyProgress();
      } catch {
        events.onStatus('session-only');
      }
    },
  };
}

/**
 * Can this storage be written at all? Blocked storage throws here; so does storage already full,
 * which is told apart, because what it holds can still be read.
 */
export function probeStorage(getStorage: () => Storage, name: string): StorageStatus {
  const probeKey = `${name}:probe`;
  try {
    const storage = getStorage();
    storage.setItem(probeKey, '1');
    storage.removeItem(probeKey);
    return 'saved';
  } catch (error) {
    return failedWrite(error);
  }
}

export function browserStorage(): Storage {
  // Reading `window.localStorage` itself throws when the browser blocks storage.
  return globalThis.localStorage;
}
