import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * The element's rendered width, following resizes, so a chart can lay itself out for a phone or a
 * desktop; `fallback` until it has been measured. The charts' boxes have no padding or border, so
 * this is the width they draw in. Every chart uses this one hook.
 *
 * The width comes only from a ResizeObserver, never from reading the element's size in the
 * effect: such a read forces the browser to lay out the whole page there and then, in the same
 * task as React's commit (the page's longest task on first load, most of it the layout of
 * sections far below the screen). The observer reports after the browser's own layout,
 * and only once the element is rendered; the update is flushed at once so the chart is drawn
 * at its width before that frame is painted, not one frame later.
 */
export function useWidth(ref: RefObject<HTMLElement | null>, fallback = 720): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      const w = Math.floor(entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width);
      if (w > 0) flushSync(() => setWidth(w));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}
