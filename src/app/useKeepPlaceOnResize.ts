import { useEffect } from 'react';
import { driftOf, placeAtTop, type PagePlace } from '../state/placeAtTop';

/** The correction lets go once nothing has moved for this long after the last width change. */
const QUIET_MS = 600;
/** What the reader does to move on; the correction never fights them. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Keeps the reader's place when the window changes width: a phone turned on its side, a window
 * resized, a split screen. The browser's scroll anchoring is meant to do it, but it gives up when
 * a change of width also changes an ancestor's padding or margin, as the page's own layout does
 * between a phone and a wide screen (1280 to 375 px left a reader 8,000 px above the section they
 * were in) and as several panels do at their own widths.
 *
 * The place is the element at the top of the viewport, taken whenever the page scrolls. After a
 * width change the page is scrolled so that element's top is where it was, frame by frame while
 * panels redraw at their new width, until the page has been still for QUIET_MS or the reader
 * moves on. A change of height alone (a phone's address bar) changes nothing.
 */
export function useKeepPlaceOnResize(): void {
  useEffect(() => {
    let place: PagePlace | null = null;
    let width = window.innerWidth;
    let holding = false;
    let quiet: number | undefined;

    // Taken at once, not in a later frame: a frame's resize steps run before its scroll steps, so
    // a place put off to the next frame could be read from the new width's layout.
    const onScroll = () => {
      if (!holding) place = placeAtTop();
    };
    const letGo = () => {
      holding = false;
      window.clearTimeout(quiet);
      READER_INPUT.forEach((e) => window.removeEventListener(e, letGo));
      place = placeAtTop();
    };
    const correct = () => {
      const drift = holding && place !== null ? driftOf(place) : null;
      if (drift === null) return;
      if (Math.abs(drift) >= 1) {
        window.scrollBy({ top: drift, behavior: 'instant' });
        window.clearTimeout(quiet);
        quiet = window.setTimeout(letGo, QUIET_MS);
      }
      requestAnimationFrame(correct);
    };
    const onResize = () => {
      if (window.innerWidth === width) return;
      width = window.innerWidth;
      if (place === null) return;
      window.clearTimeout(quiet);
      quiet = window.setTimeout(letGo, QUIET_MS);
      if (holding) return;
      holding = true;
      READER_INPUT.forEach((e) => window.addEventListener(e, letGo, { passive: true }));
      correct();
    };

    place = placeAtTop();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      holding = false;
      window.clearTimeout(quiet);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
      READER_INPUT.forEach((e) => window.removeEventListener(e, letGo));
    };
  }, []);
}
