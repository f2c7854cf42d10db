// Back and Forward. The page keeps its state in the URL (the replay's run and step, the paused
// client's numbers, the Redlock run), so when the reader goes Back or Forward to another history
// entry, the panels read that entry's URL again and show what it names.
//
// A popstate event comes both for Back and Forward and for a link to a section of the page (a
// new entry). They differ in the entry's state: a new entry from a link has none, and this module
// stamps it at once; an entry the reader has been on before carries the stamp (the first entry
// is stamped at load, and pushUrl stamps the entries it adds). So a popstate onto a stamped entry
// is a traversal. Each stamp also names its entry, so that the keyboard's focus can go back to
// where it was on that entry (the button a jump was made from, not the replay left off screen),
// and so that a URL write still waiting when the reader left an entry is written when they come
// back to it (urlWriter.ts).
//
// Chromium puts the page back where it was on the entry returned to only when that entry's URL has
// no hash: onto one that names a section (`/#failure-cases`, a page opened at `/#drill`) it
// scrolls to the top of that section, wherever the reader had scrolled to from there. So the page
// remembers where the reader was on each entry as they leave it, and puts it back there itself
// once the browser has scrolled: by the element that was at the top of the viewport, not by the
// scroll offset, which is right only if everything above is exactly as tall as it was. It need
// not be: the line under the replay's timeline, for one, tells of the event hovered, which is not
// in the URL, and is taller than its hint (3 px at 1280 px, a line of 24 px at 375 px); an event
// hovered on the entry left once kept that line on Back, and the page landed that much off the
// row the reader left.
import { findFocusPlace, focusPlaceOf, nearFocusPlace, type FocusPlace } from './focusPlace';
import { driftOf, placeAtTop, type PagePlace } from './placeAtTop';
import { releaseSectionHold, sectionBeingHeld } from './scrollToSection';
import {
  PAGE_ENTRY_STATE,
  changeEntryByTraversal,
  currentSearch,
  entryNameOf,
  newEntryState,
  searchShown,
} from './urlWriter';

type TraversalListener = () => void;
type HashListener = (traversal: boolean) => void;

const traversalListeners = new Set<TraversalListener>();
const hashListeners = new Set<HashListener>();
/** Whether the last popstate was a traversal, for the hashchange that may follow it. */
let lastPopWasTraversal = false;
/** Where the keyboard's focus was on each entry, by the entry's name, when the reader left it. */
const focusByEntry = new Map<string, FocusPlace>();
/** Where the reader was on an entry: how far down the page was scrolled, and what was at the top. */
interface ScrollPlace {
  scrollY: number;
  /** Null at the very top of the page, or where nothing could be found there. */
  atTop: PagePlace | null;
}
/**
 * Where the reader was on each entry, by the entry's name, when they left it; or the section a
 * jump was still gliding to, which is where that entry is.
 */
const scrollByEntry = new Map<string, ScrollPlace | HTMLElement>();

function scrollPlaceHere(): ScrollPlace {
  return { scrollY: window.scrollY, atTop: placeAtTop() };
}
/**
 * The name of the entry the page is on, as the page last saw it: when popstate comes the browser
 * has already made another entry current, and this is still the one the reader left.
 */
let entryOn: string | null = null;

function isPageEntry(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>).fencingLab === PAGE_ENTRY_STATE.fencingLab
  );
}

/** Marks the current entry as one the page has been on, keeping its URL. */
function stampEntry(): void {
  if (isPageEntry(window.history.state)) return;
  try {
    window.history.replaceState(newEntryState(), '', window.location.href);
  } catch {
    // Some embedders forbid history changes; Back then leaves the panels as they are.
  }
}

/**
 * Remembers where the keyboard's focus is on the current entry, for Back or Forward to it. Each
 * move of the focus is remembered as it happens; a jump also calls it as it leaves (the button
 * it was made from, which a click does not focus in every browser) and once it has arrived.
 */
export function rememberFocusHere(): void {
  if (typeof document === 'undefined') return;
  rememberFocusOn(document.activeElement);
}

/**
 * Remembers how far down the page is scrolled on the current entry, for Back or Forward to it. A
 * jump calls it as it leaves the entry, and once it is on the entry it added: from then on that
 * is the entry the page is on.
 */
export function rememberScrollHere(): void {
  entryOn = entryNameOf(window.history.state);
  if (entryOn !== null) scrollByEntry.set(entryOn, scrollPlaceHere());
}

function rememberFocusOn(focused: EventTarget | null): void {
  const name = entryNameOf(window.history.state);
  if (name === null || !(focused instanceof HTMLElement) || focused === document.body) return;
  focusByEntry.set(name, focusPlaceOf(focused));
}

/**
 * How many frames the panels get to re-render for the entry returned to, which may take away the
 * control the focus was put on, or bring back the one it was on.
 */
const FOCUS_FRAMES = 8;
/** Counts restores, so that one still waiting for a frame gives way to a newer Back or Forward. */
let focusRestores = 0;

/**
 * Puts the focus back where it was on this entry, without moving the page the browser restores:
 * on the control itself, or its equivalent once the panels have re-rendered, or near it; never
 * on the body. It gives way as soon as the reader moves the focus themselves.
 */
function restoreFocus(state: unknown): void {
  const name = entryNameOf(state);
  const place = name === null ? undefined : focusByEntry.get(name);
  if (place === undefined) return;
  const restore = ++focusRestores;
  // Focused on the entry left: not the reader's doing on this one.
  const leftFocused = document.activeElement;
  let put: Element | null = null;
  const tryPut = (last: boolean) => {
    const active = document.activeElement;
    const lost = active === null || active === document.body || !active.isConnected;
    if (!lost && active !== leftFocused && active !== put) return false; // the reader's choice
    const target = findFocusPlace(place) ?? (last ? nearFocusPlace(place) : null);
    if (target && target !== active) target.focus({ preventScroll: true });
    if (target) put = target;
    return true;
  };
  tryPut(false);
  let frames = 0;
  const nextFrame = () => {
    if (restore !== focusRestores) return;
    frames++;
    if (tryPut(frames === FOCUS_FRAMES) && frames < FOCUS_FRAMES) requestAnimationFrame(nextFrame);
  };
  requestAnimationFrame(nextFrame);
}

/**
 * Calls `listener` each time the reader goes Back or Forward to another entry of the page whose
 * search string differs from the one the page shows. The listener reads the entry's state from
 * currentSearch(), not the address bar: the newest state the reader gave that entry may still be
 * on its way there (urlWriter.ts). Returns how to stop.
 */
export function onHistoryTraversal(listener: TraversalListener): () => void {
  traversalListeners.add(listener);
  return () => traversalListeners.delete(listener);
}

/**
 * Calls `listener` on each change of the hash, saying whether it came from Back or Forward
 * (where the browser puts the page back where the reader was) or from a link (where the page
 * goes to the section). Returns how to stop.
 */
export function onHashChange(listener: HashListener): () => void {
  hashListeners.add(listener);
  return () => hashListeners.delete(listener);
}

/** How long the browser's own scroll restore gets to land before smooth scrolling returns. */
const RESTORE_MS = 400;
let restoreTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Lets the browser put the page back where this entry was in one step. The page scrolls smoothly
 * (app.css), and Chromium restores an entry's place with that smooth scroll too: a second Back
 * during the glide stopped it where it was, thousands of px from either entry's place.
 */
function restoreInOneStep(): void {
  const root = document.documentElement;
  root.style.scrollBehavior = 'auto';
  clearTimeout(restoreTimer);
  restoreTimer = setTimeout(() => root.style.removeProperty('scroll-behavior'), RESTORE_MS);
}

/** The entry whose place a frame still to come will put back, and that frame. */
let scrollRestore: { entry: string; frame: number } | null = null;

/**
 * Puts the page back where it was on the entry returned to, once the browser is done (it scrolls
 * after popstate, before the next frame). Needed when the entry's URL names a section, where the
 * browser puts the top of that section in view instead (without a hash it gets the place right
 * itself), and when the entry was left during a jump's glide, where the browser keeps the
 * half-way point.
 */
function restoreScroll(entry: string | null): void {
  if (scrollRestore) cancelAnimationFrame(scrollRestore.frame);
  scrollRestore = null;
  const place = entry === null ? undefined : scrollByEntry.get(entry);
  if (entry === null || place === undefined) return;
  if (!(place instanceof HTMLElement) && !window.location.hash) return;
  const frame = requestAnimationFrame(() => {
    scrollRestore = null;
    if (place instanceof HTMLElement) {
      if (place.isConnected) place.scrollIntoView({ block: 'start', behavior: 'instant' });
      return;
    }
    // The element that was at the top back where it was; by the offset only if it has gone.
    const drift = place.atTop ? driftOf(place.atTop) : null;
    if (drift !== null) {
      if (Math.abs(drift) >= 0.5) window.scrollBy({ top: drift, behavior: 'instant' });
    } else if (Math.abs(window.scrollY - place.scrollY) >= 1) {
      window.scrollTo({ top: place.scrollY, behavior: 'instant' });
    }
  });
  scrollRestore = { entry, frame };
}

function onPopState(event: PopStateEvent): void {
  // Still where the reader was on the entry they left, unless its own place has yet to be put
  // back. Left while a jump was still gliding to its section, the entry's place is that section,
  // not the half-way point the browser keeps for it.
  if (entryOn !== null && scrollRestore?.entry !== entryOn)
    scrollByEntry.set(entryOn, sectionBeingHeld() ?? scrollPlaceHere());
  lastPopWasTraversal = isPageEntry(event.state);
  if (!lastPopWasTraversal) {
    restoreScroll(null);
    stampEntry();
    entryOn = entryNameOf(window.history.state);
    return;
  }
  entryOn = entryNameOf(event.state);
  restoreInOneStep();
  restoreScroll(entryOn);
  // An entry with the search the panels already show (the same place, another section's hash)
  // has nothing for them to read: re-read, it would rewind a replay that is playing, whose steps
  // the URL does not follow, to the step it started from.
  const shownSearch = searchShown();
  changeEntryByTraversal();
  const sameSearch = shownSearch === currentSearch();
  // A jump's scroll may still be holding the replay in place: the browser now puts the page
  // where this entry was, and the hold must not pull it back.
  releaseSectionHold();
  if (!sameSearch) traversalListeners.forEach((listener) => listener());
  restoreFocus(event.state);
}

function onHashChangeEvent(): void {
  const traversal = lastPopWasTraversal;
  lastPopWasTraversal = false;
  // A browser that sends no popstate for a link within the page still gets the entry stamped.
  stampEntry();
  entryOn = entryNameOf(window.history.state);
  hashListeners.forEach((listener) => listener(traversal));
}

if (typeof window !== 'undefined') {
  // No new entry: the one the page opened on gets its stamp.
  stampEntry();
  entryOn = entryNameOf(window.history.state);
  window.addEventListener('popstate', onPopState);
  window.addEventListener('hashchange', onHashChangeEvent);
  document.addEventListener('focusin', (event) => rememberFocusOn(event.target));
}
