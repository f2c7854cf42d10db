// Address-bar writes kept for history entries the reader has left (urlWriter.ts): the newest
// state a slider or the replay gave an entry, which had not reached its URL when the reader went
// Back, Forward or followed a link. Each waits here, by the entry's name, until the reader
// returns to that entry. They are kept in the tab's session storage too, when it can be used, so
// that a reload, which keeps the tab's history and the entries' names, keeps them as well.

export interface KeptUrlWrite {
  search: string;
  /** The hash asked for with it; null keeps the entry's own. */
  hash: string | null;
}

const STORAGE_KEY = 'fencing-lab:kept-url-writes';
/** Entries a tab's reader leaves mid-move stay few; this bounds a long session all the same. */
const MAX_KEPT = 50;

const kept = new Map<string, KeptUrlWrite>();

/** Keeps this write for the entry of this name, in place of any kept for it before. */
export function keepUrlWrite(entry: string, write: KeptUrlWrite): void {
  kept.delete(entry);
  kept.set(entry, write);
  // The oldest first: the entry left longest ago.
  for (const name of kept.keys()) {
    if (kept.size <= MAX_KEPT) break;
    kept.delete(name);
  }
}

/** The write kept for the entry of this name, taken out; null when there is none. */
export function takeKeptUrlWrite(entry: string): KeptUrlWrite | null {
  const write = kept.get(entry);
  if (write === undefined) return null;
  kept.delete(entry);
  return write;
}

function isKeptUrlWrite(value: unknown): value is KeptUrlWrite {
  if (typeof value !== 'object' || value === null) return false;
  const { search, hash } = value as Record<string, unknown>;
  // A search string as a URL has it: no '#', which written would start the entry's hash.
  return (
    typeof search === 'string' &&
    (search === '' || search.startsWith('?')) &&
    !search.includes('#') &&
    (hash === null || (typeof hash === 'string' && hash.startsWith('#')))
  );
}

/** Reads what an earlier load of the page in this tab kept; anything malformed is left out. */
function readStored(): void {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(STORAGE_KEY);
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    return; // Storage blocked: the writes are kept for this load only.
  }
  if (raw === null) return;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return;
  }
  if (!Array.isArray(stored)) return;
  for (const item of stored.slice(-MAX_KEPT)) {
    if (!Array.isArray(item) || typeof item[0] !== 'string' || !isKeptUrlWrite(item[1])) continue;
    const { search, hash } = item[1];
    keepUrlWrite(item[0], { search, hash });
  }
}

function storeForNextLoad(): void {
  try {
    if (kept.size === 0) window.sessionStorage.removeItem(STORAGE_KEY);
    else window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...kept]));
  } catch {
    // Storage blocked or full: a reload then shows these entries as their URLs last had them.
  }
}

if (typeof window !== 'undefined') {
  readStored();
  window.addEventListener('pagehide', storeForNextLoad);
  // Back to this very load from another page (the back/forward cache): the writes are still
  // here, and the stored copy, left, would be read again by a later load after they were used.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    try {
      window.sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // Nothing was stored.
    }
  });
}
