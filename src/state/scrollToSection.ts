// Bringing a section to the top of the viewport while the panels around it are still arriving.

/** The hold lets go once the page has been still this long: no scroll, and the section in place. */
export const QUIET_MS = 1000;
/** And after this long whatever happens, so it never outlives its purpose. */
export const MAX_HOLD_MS = 10_000;
/** What the reader does to move on; the hold never fights them. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

let releaseHold: (() => void) | null = null;
let heldSection: HTMLElement | null = null;

/**
 * The section being brought to the top, if any: the scroll may still be on its way there, and
 * where the page is now is no place the reader chose (historyMoves.ts remembers the section).
 */
export function sectionBeingHeld(): HTMLElement | null {
  return releaseHold !== null ? heldSection : null;
}

/** Back and Forward by the keyboard (Alt+←, ⌘[): they leave the entry, they do not scroll it. */
function isHistoryKey(e: Event): boolean {
  return (
    e instanceof KeyboardEvent &&
    (e.altKey || e.metaKey) &&
    (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === '[' || e.key === ']')
  );
}

/** Lets go of the section being held, if any: the reader went Back, and the page is theirs. */
export function releaseSectionHold(): void {
  releaseHold?.();
  releaseHold = null;
}

/**
 * Scrolls `section` to the top of the viewport and keeps it there until the page is still.
 *
 * A smooth scroll heads for the offset the section had when it began. Panels load one by one, so
 * a panel that arrives above the section during the scroll pushes it down, and the scroll ends
 * where the section used to be: a screen or more short of it, on the panel before. So each time
 * the section moves, aim again. Let go once nothing has scrolled or moved for QUIET_MS (from then
 * on the browser's scroll anchoring keeps it in place), or at once when the reader scrolls, types
 * or clicks.
 */
export function scrollToSection(section: HTMLElement, behavior: ScrollBehavior): void {
  releaseSectionHold();
  const aim = () => section.scrollIntoView({ behavior, block: 'start' });
  aim();
  const container = section.parentElement;
  if (typeof ResizeObserver === 'undefined' || !container) return;

  const pageTop = () => section.getBoundingClientRect().top + window.scrollY;
  let aimedAt = pageTop();
  let quiet: number | undefined;
  const restartQuiet = () => {
    window.clearTimeout(quiet);
    quiet = window.setTimeout(stop, QUIET_MS);
  };
  // Any panel arriving or resizing changes the size of the sections' container; only a change
  // that moved the section itself needs a new aim.
  const observer = new ResizeObserver(() => {
    const top = pageTop();
    if (Math.abs(top - aimedAt) < 1) return;
    aimedAt = top;
    aim();
    restartQuiet();
  });
  const cap = window.setTimeout(stop, MAX_HOLD_MS);
  const onReaderInput = (e: Event) => {
    if (!isHistoryKey(e)) stop();
  };
  function stop() {
    observer.disconnect();
    window.clearTimeout(quiet);
    window.clearTimeout(cap);
    window.removeEventListener('scroll', restartQuiet);
    READER_INPUT.forEach((e) => window.removeEventListener(e, onReaderInput));
    if (releaseHold === stop) releaseHold = null;
  }
  observer.observe(container);
  // The scroll itself keeps the hold: it lets go only once the scroll has ended.
  window.addEventListener('scroll', restartQuiet, { passive: true });
  READER_INPUT.forEach((e) => window.addEventListener(e, onReaderInput, { passive: true }));
  restartQuiet();
  releaseHold = stop;
  heldSection = section;
}
