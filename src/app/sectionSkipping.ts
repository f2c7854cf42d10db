// When a section may be skipped off screen (`content-visibility: auto`, app.css), and when every
// section must be laid out again first.
import { onHistoryTraversal } from '../state/historyMoves';

/** Each section that has been made skippable, or waits to be: how to lay it out again. */
const relayOuts = new Set<() => void>();

/**
 * Lets the browser skip `el` while it is off screen, but only once it has been laid out whole.
 * The height the browser uses for a skipped section is the one it had when last rendered: made
 * skippable at once, a section keeps the height of its loading line (a few hundred px, not
 * thousands), or of its panel before the charts in it have drawn themselves at their width (a
 * frame later, from a ResizeObserver of their own), and scrolling to a section below it lands
 * short, again and again, as each such section takes its real height on the way. So wait until
 * the section's size has not changed for two frames. Returns how to stop, for a panel replaced.
 */
export function skippableOnceLaidOut(el: HTMLElement | null): () => void {
  if (!el || typeof ResizeObserver === 'undefined' || typeof requestAnimationFrame === 'undefined')
    return () => {};
  let frame = 0;
  // Called with the section's first size, then on each change of it.
  const observer = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        observer.disconnect();
        el.setAttribute('data-skippable', '');
      });
    });
  });
  const layOutAgain = () => {
    el.removeAttribute('data-skippable');
    observer.disconnect();
    observer.observe(el);
  };
  relayOuts.add(layOutAgain);
  observer.observe(el);
  return () => {
    relayOuts.delete(layOutAgain);
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}

/**
 * Lays out every section again when what their layout depends on changes for the whole page: the
 * window's width, the root font size (the reader's text size, however it is set), a style sheet
 * added to the head or changed there (a reader's own, such as WCAG's text spacing bookmarklet), or
 * the state the history entry names (Back and Forward).
 * A skipped section is not laid out, so the ResizeObservers by which its charts and tables fit
 * their boxes (useWidth, useCramped) would not report until the reader scrolled to it (they draw
 * then, before that frame is painted), and until then its height would stay the old one, which a
 * jump to a section below it counts on. Returns how to stop.
 */
export function relayOutOnPageChange(): () => void {
  if (typeof window === 'undefined' || typeof ResizeObserver === 'undefined') return () => {};
  const layOutAll = () => relayOuts.forEach((layOutAgain) => layOutAgain());
  let width = window.innerWidth;
  const onResize = () => {
    if (window.innerWidth === width) return;
    width = window.innerWidth;
    layOutAll();
  };
  // 1rem wide: its size follows the root font size.
  const probe = document.createElement('div');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.cssText =
    'position:absolute;top:0;left:0;width:1rem;height:0;overflow:hidden;visibility:hidden;pointer-events:none';
  document.body.appendChild(probe);
  let rootFontPx = -1;
  const fontObserver = new ResizeObserver((entries) => {
    const px = entries[entries.length - 1]?.contentRect.width ?? rootFontPx;
    if (rootFontPx !== -1 && px !== rootFontPx) layOutAll();
    rootFontPx = px;
  });
  fontObserver.observe(probe);
  // Not the root's own style attribute: the page sets its scroll-behavior on Back and Forward.
  const styleObserver = new MutationObserver((records) => {
    const styles = (nodes: NodeList) =>
      [...nodes].some((n) => n instanceof HTMLStyleElement || n instanceof HTMLLinkElement);
    if (
      records.some(
        (r) =>
          r.target.parentNode instanceof HTMLStyleElement ||
          r.target instanceof HTMLStyleElement ||
          styles(r.addedNodes) ||
          styles(r.removedNodes),
      )
    )
      layOutAll();
  });
  styleObserver.observe(document.head, { childList: true, subtree: true, characterData: true });
  window.addEventListener('resize', onResize);
  // Back and Forward to an entry whose URL names other state: the panels show it (the replay
  // another run, a few lines longer or shorter) while the browser puts the page back where that
  // entry was, and a section given the other state while skipped would keep its old height. Not
  // on every popstate: Chromium sends one for each link to a section too, and laying out the
  // whole page again then cost 170 to 690 ms of long frames over six contents clicks at a 4x
  // slower CPU, against 0 to 63 ms without.
  const stopTraversals = onHistoryTraversal(layOutAll);
  return () => {
    window.removeEventListener('resize', onResize);
    stopTraversals();
    fontObserver.disconnect();
    styleObserver.disconnect();
    probe.remove();
  };
}
