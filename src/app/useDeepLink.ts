import { useEffect } from 'react';
import { panelTurns } from './panelTurns';
import { onHashChange } from '../state/historyMoves';
import { startTabbingFrom } from './tabStart';

// How long after the panels are shown the page keeps the linked section in place while charts
// measure themselves and settle.
const SETTLE_MS = 2000;

/**
 * Panels arrive a moment after the shell, and each one pushes the sections below it down.
 * A reader who opened a link to #numbers would end up somewhere above it, so once every panel
 * has been shown, go back to the linked section and hold it there while the layout settles, unless
 * the reader has started moving on their own. The same holds for a jump from the contents
 * menu made while panels are still arriving (a slow network, a busy machine). Not after Back or
 * Forward: there the page goes back where the reader was in that entry (the browser's doing, or
 * historyMoves' where the browser would put the section's top in view), which is seldom the top
 * of its section.
 */
export function useDeepLink() {
  useEffect(() => {
    let release = holdSection(window.location.hash.slice(1));
    const stopListening = onHashChange((traversal) => {
      release();
      release = traversal ? () => {} : holdSection(window.location.hash.slice(1));
    });
    return () => {
      stopListening();
      release();
    };
  }, []);
}

/** Keeps the section `target` at the top until the layout settles; returns how to let go. */
function holdSection(target: string): () => void {
  if (!target) return () => {};
  let stopped = false;
  let observer: ResizeObserver | undefined;
  let timer: number | undefined;
  let tabStartSet = false;
  const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  const stop = () => {
    stopped = true;
    observer?.disconnect();
    if (timer !== undefined) window.clearTimeout(timer);
    events.forEach((e) => window.removeEventListener(e, stop));
  };
  events.forEach((e) => window.addEventListener(e, stop, { passive: true, once: true }));
  const pin = () => {
    if (stopped || window.location.hash.slice(1) !== target) return;
    const el = document.getElementById(target);
    // The link notice's copy, when it stands just before an element inside a section that the
    // link names (LinkNoticeBody.tsx): the reader lands on it, with the element right under it.
    const before = el?.previousElementSibling;
    const landing = before?.classList.contains('link-notice-slot') ? before : el;
    if (!(landing instanceof HTMLElement)) return;
    landing.scrollIntoView({ block: 'start', behavior: 'instant' });
    // Tab goes on from the linked place, not from the top of the page; unless the reader has
    // focused something already (the contents link they followed, for one).
    const focused = document.activeElement;
    if (!tabStartSet && (focused === null || focused === document.body)) {
      tabStartSet = true;
      startTabbingFrom(landing);
    }
  };
  void panelTurns.allShown().then(() => {
    if (stopped) return;
    requestAnimationFrame(pin);
    if (typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(() => requestAnimationFrame(pin));
      const main = document.getElementById('main');
      if (main) observer.observe(main);
    }
    timer = window.setTimeout(stop, SETTLE_MS);
  });
  return stop;
}
