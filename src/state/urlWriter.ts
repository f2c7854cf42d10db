// The one place the page writes its address bar. Most writes replace the current history entry:
// a slider dragged or the replay scrubbed is one place the reader is at, not a trail of them. A
// jump the reader clicks (a button that takes them to the replay) adds one, as a link would, so
// that Back returns them to where they were (pushUrl). A slider dragged end to end, or the replay
// scrubbed, changes the URL on every input event, dozens of times a second, and each
// history.replaceState took 10 to 15 ms of the main thread on a phone-speed CPU (Chromium, CPU
// slowed 4×): 0.8 to 1.2 s of a two-second TTL drag, about half of its script time. So writes that
// come in quick succession are merged: the first goes at once, later ones wait, and only the
// newest of them is written, URL_WRITE_INTERVAL_MS after the write before it.
//
// A write still waiting belongs to the history entry the reader was on when it was asked for.
// The browser gives the page no moment before Back or Forward to write it there: popstate comes
// once the other entry is current, and history can only change the current one. So a waiting
// write the reader leaves is kept by that entry's name (keptUrlWrites.ts) and written when they
// come back to it, in its turn like any other write.
import { keepUrlWrite, takeKeptUrlWrite } from './keptUrlWrites';

/** The shortest time between two writes to the address bar. */
export const URL_WRITE_INTERVAL_MS = 250;

interface PendingUrl {
  search: string;
  /** The hash to set with it (`#see-it`); null keeps the hash the page has when it is written. */
  hash: string | null;
  /** The name of the history entry it was asked for on (see historyMoves); null when unnamed. */
  entry: string | null;
}

/**
 * The state of every history entry the page has been on (historyMoves.ts stamps the ones it did
 * not make): a traversal to an entry with it is Back or Forward, not a new jump.
 */
export const PAGE_ENTRY_STATE = { fencingLab: 1 } as const;

/** This page load's part of entry names, so that entries of an earlier load never share one. */
const LOAD_ID = Math.random().toString(36).slice(2, 8);
let entriesMade = 0;

/** The state of a new entry the page makes: the stamp, and a name of its own (see historyMoves). */
export function newEntryState(): { fencingLab: 1; entry: string } {
  entriesMade++;
  return { ...PAGE_ENTRY_STATE, entry: `${LOAD_ID}.${entriesMade}` };
}

/** The name of the entry with this state, for an entry the page has stamped with one. */
export function entryNameOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { fencingLab, entry } = state as Record<string, unknown>;
  return fencingLab === PAGE_ENTRY_STATE.fencingLab && typeof entry === 'string' ? entry : null;
}

function currentEntryName(): string | null {
  return entryNameOf(window.history.state);
}

let pending: PendingUrl | null = null;
/**
 * The search string of the entry the page is on, as the page last wrote or found it. When the
 * reader goes Back or Forward it is still the one of the entry they left: the browser has already
 * put the new one in the address bar.
 */
let entrySearch = typeof window === 'undefined' ? '' : window.location.search;
let timer: ReturnType<typeof setTimeout> | null = null;
let writes = 0;

/** The search string as it is once the writes already asked for have landed: build on this one. */
export function currentSearch(): string {
  return pending ? pending.search : window.location.search;
}

/** The hash as it is once the writes already asked for have landed. */
export function currentHash(): string {
  return pending?.hash ?? window.location.hash;
}

/**
 * Asks for this search string (and hash, when given) in the address bar, keeping the path. It is
 * written at once when nothing was written in the last URL_WRITE_INTERVAL_MS, else with the next
 * write, and only the newest asked for is written.
 */
export function writeUrlSoon(search: string, hash: string | null = null): void {
  pending = { search, hash: hash ?? pending?.hash ?? null, entry: currentEntryName() };
  if (timer !== null) return;
  flushUrlWrites();
}

/**
 * Adds a history entry with this search string (and hash, when given), as following a link
 * does. The entry being left first gets any write still waiting, so that Back returns to the
 * newest state it had. Nothing is added when the URL would not change: a link to the page as it
 * is adds no entry either.
 */
export function pushUrl(search: string, hash: string | null = null): void {
  flushUrlWrites();
  write({ search, hash }, 'push');
}

/** Writes what is waiting now (the page leaving, a test reading the URL). */
export function flushUrlWrites(): void {
  const next = pending;
  pending = null;
  if (next === null) return;
  write(next, 'replace');
}

/**
 * The search string the page shows: the entry's, or the write still waiting. Read at a popstate,
 * before discardUrlWrites, it is what the panels show of the entry the reader left.
 */
export function searchShown(): string {
  return pending ? pending.search : entrySearch;
}

/**
 * Forgets the write still waiting: the page now shows the entry's own URL (a test that puts one
 * in place).
 */
export function discardUrlWrites(): void {
  pending = null;
  entrySearch = window.location.search;
}

/**
 * The reader went Back or Forward. The write still waiting belonged to the entry they left:
 * written now, it would put that entry's state on the one they came to, so it is kept for when
 * they return there. A write kept for the entry they came to is asked for again: the newest
 * state they gave it. Read currentSearch() after this for what the entry shows.
 */
export function changeEntryByTraversal(): void {
  if (pending?.entry) keepUrlWrite(pending.entry, { search: pending.search, hash: pending.hash });
  pending = null;
  entrySearch = window.location.search;
  const entry = currentEntryName();
  const kept = entry === null ? null : takeKeptUrlWrite(entry);
  if (kept === null) return;
  pending = { ...kept, entry };
  // Written at once unless a write went out less than URL_WRITE_INTERVAL_MS ago.
  if (timer === null) flushUrlWrites();
}

function write(next: Omit<PendingUrl, 'entry'>, how: 'replace' | 'push'): void {
  const { pathname, search, hash } = window.location;
  const url = `${pathname}${next.search}${next.hash ?? hash}`;
  if (url !== `${pathname}${search}${hash}`) {
    try {
      if (how === 'push') window.history.pushState(newEntryState(), '', url);
      else window.history.replaceState(window.history.state, '', url);
      entrySearch = next.search;
      writes++;
    } catch {
      // Some embedders forbid history changes; the page works without a shareable URL.
    }
  }
  // Whatever comes in the next interval waits for its end.
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    flushUrlWrites();
  }, URL_WRITE_INTERVAL_MS);
}

/** How many times the address bar has been written: for tests of the merging. */
export function urlWriteCount(): number {
  return writes;
}

if (typeof window !== 'undefined') {
  // A reader who leaves (or reloads) mid-drag keeps the last numbers in the history entry.
  window.addEventListener('pagehide', flushUrlWrites);
  // The reader followed a link within the page, to a new entry that starts as a copy of the one
  // they were on: a write still waiting goes to the new entry, with its new hash, and is kept for
  // the one left too, which Back returns to. A write for the entry the page is on is one that
  // Back or Forward (whose popstate comes first) brought back for it: it keeps its hash.
  window.addEventListener('hashchange', () => {
    if (!pending) return;
    const entry = currentEntryName();
    if (pending.entry !== null && pending.entry === entry) return;
    if (pending.entry !== null)
      keepUrlWrite(pending.entry, { search: pending.search, hash: pending.hash });
    pending = { search: pending.search, hash: null, entry };
  });
  // A load onto an entry with a write kept for it (the reader left it mid-move by Back or
  // Forward, then left the page, and came back to it from another page): the write lands first,
  // before the page reads its URL.
  const entry = currentEntryName();
  const kept = entry === null ? null : takeKeptUrlWrite(entry);
  if (kept !== null) {
    pending = { ...kept, entry };
    flushUrlWrites();
  }
}
