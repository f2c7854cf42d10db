// Where Tab goes on from, set without moving the focus or the page.

/**
 * Makes `el` the place the next Tab starts from, as the browser does itself when it follows a
 * link to `#id` in a page already drawn. A link opened in a new page lands on its section only
 * once the panels have arrived (useDeepLink scrolls there), by which time the browser has given
 * up on the fragment: the first Tab went to "Skip to the page" at the top, 20,000 px above.
 * Focusing an element and leaving it at once sets that starting point in Chromium (and Firefox)
 * and leaves the focus on the body, with no ring drawn. The two focus events are kept from the
 * page's own listeners: historyMoves would remember the section as this entry's focused control.
 */
export function startTabbingFrom(el: HTMLElement): void {
  const keep = (event: Event) => event.stopPropagation();
  const hadTabIndex = el.hasAttribute('tabindex');
  window.addEventListener('focusin', keep, true);
  window.addEventListener('focusout', keep, true);
  try {
    if (!hadTabIndex) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
    el.blur();
  } finally {
    if (!hadTabIndex) el.removeAttribute('tabindex');
    window.removeEventListener('focusin', keep, true);
    window.removeEventListener('focusout', keep, true);
  }
}
