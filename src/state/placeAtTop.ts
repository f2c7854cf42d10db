// What the reader is looking at: the element at the top of the viewport, and where its top is.
// Two places keep the reader's place by it rather than by a scroll offset, which is right only
// while everything above is exactly as tall as it was: a change of the window's width
// (app/useKeepPlaceOnResize.ts), and Back or Forward to an entry whose URL names a section
// (historyMoves.ts).

/** An element at the top of the viewport, and where its top was, in px from the viewport's top. */
export interface PagePlace {
  element: Element;
  topPx: number;
}

/**
 * The element at the top of the viewport, just under whatever is stuck there: the block that
 * holds a point a third of the way across the main column. Null at the very top of the page
 * (scrollY 0: the page opens there at any width), or where the browser cannot hit-test (jsdom).
 */
export function placeAtTop(): PagePlace | null {
  if (window.scrollY === 0 || typeof document.elementFromPoint !== 'function') return null;
  const main = document.getElementById('main');
  if (!main) return null;
  const box = main.getBoundingClientRect();
  const paddingTop = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  // A third of the way across the column: inside its text, clear of its padding.
  const hit = document.elementFromPoint(box.left + box.width / 3, paddingTop + 1);
  const element = hit && main.contains(hit) ? blockOf(hit, main) : null;
  return element ? { element, topPx: element.getBoundingClientRect().top } : null;
}

/** How far the place has moved since it was taken, in px (down is positive); null if it is gone. */
export function driftOf(place: PagePlace): number | null {
  if (!place.element.isConnected) return null;
  return place.element.getBoundingClientRect().top - place.topPx;
}

/** The nearest block around `el` within `main`: SVG parts and inline text are redrawn or reflowed. */
function blockOf(el: Element, main: HTMLElement): Element | null {
  let e: Element | null = el;
  while (e && e !== main) {
    if (e instanceof HTMLElement && getComputedStyle(e).display !== 'inline') return e;
    e = e.parentElement;
  }
  return null;
}
