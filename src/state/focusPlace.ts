// Where the keyboard's focus was, recorded so that Back or Forward can put it there again
// (historyMoves.ts) even when the element itself is gone: a panel that re-renders for the entry
// the reader returns to (the paused client back on its recorded run) makes a new button in place
// of the one they left from, and focusing the old one, no longer in the page, left the focus on
// the body. So the element is recorded with how to find its equivalent: its section, its kind and
// its name, and which of the alike it was.

export interface FocusPlace {
  element: HTMLElement;
  /** The id of the page section it was in (sections.ts); null outside any. */
  sectionId: string | null;
  tagName: string;
  /** What a reader hears it called: its label, or its text. */
  name: string;
  /** Which of the elements with the same tag and name in that section it was, from 0. */
  index: number;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function nameOf(element: HTMLElement): string {
  const text =
    element.getAttribute('aria-label') ??
    (element instanceof HTMLInputElement || element instanceof HTMLSelectElement
      ? element.labels?.[0]?.textContent
      : null) ??
    element.textContent ??
    '';
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

function sectionOf(element: Element): HTMLElement | null {
  return element.closest<HTMLElement>('section[id]');
}

/** The elements in the section (the whole page outside any) alike to the one recorded. */
function alike(scope: ParentNode, tagName: string, name: string): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>(tagName)].filter((e) => nameOf(e) === name);
}

export function focusPlaceOf(element: HTMLElement): FocusPlace {
  const section = sectionOf(element);
  const tagName = element.tagName.toLowerCase();
  const name = nameOf(element);
  const index = alike(section ?? document, tagName, name).indexOf(element);
  return { element, sectionId: section?.id ?? null, tagName, name, index: Math.max(0, index) };
}

/** The element recorded when it is still in the page, else its equivalent; null when neither. */
export function findFocusPlace(place: FocusPlace): HTMLElement | null {
  if (place.element.isConnected) return place.element;
  const section = place.sectionId === null ? document : document.getElementById(place.sectionId);
  if (!section) return null;
  const found = alike(section, place.tagName, place.name);
  return found[place.index] ?? found[0] ?? null;
}

function shown(element: HTMLElement): boolean {
  return element.getClientRects().length > 0;
}

/**
 * A place to put the focus when the control has no equivalent on the entry returned to: the
 * first control of its section the reader can see, else the section's first control, else the
 * page's main region (focusable by script), so that Tab goes on from near where they are.
 */
export function nearFocusPlace(place: FocusPlace): HTMLElement | null {
  const section = place.sectionId === null ? null : document.getElementById(place.sectionId);
  const controls = section
    ? [...section.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(shown)
    : [];
  const inView = controls.find((e) => {
    const { top, bottom } = e.getBoundingClientRect();
    return bottom > 0 && top < window.innerHeight;
  });
  return inView ?? controls[0] ?? document.getElementById('main');
}
