import { useEffect } from 'react';
import { allPanelsLoaded } from './panels';

/**
 * Panels arrive a moment after the shell, and each one pushes the sections below it down.
 * A reader who opened a link to #numbers would end up somewhere above it, so once every panel
 * is in, go back to the linked section, unless the reader has started moving on their own.
 */
export function useDeepLink() {
  useEffect(() => {
    const target = window.location.hash.slice(1);
    if (!target) return;
    let moved = false;
    const onMove = () => {
      moved = true;
    };
    const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    events.forEach((e) => window.addEventListener(e, onMove, { passive: true, once: true }));
    let cancelled = false;
    void allPanelsLoaded().then(() => {
      // Two frames: one for React to commit the panels, one for layout to settle.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (cancelled || moved || window.location.hash.slice(1) !== target) return;
          document.getElementById(target)?.scrollIntoView({ block: 'start' });
        }),
      );
    });
    return () => {
      cancelled = true;
      events.forEach((e) => window.removeEventListener(e, onMove));
    };
  }, []);
}
