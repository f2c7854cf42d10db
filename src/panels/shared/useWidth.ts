import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * The element's rendered width, following resizes, so a chart can lay itself out for a phone or a
 * desktop. The charts' boxes have no padding or border, so this is the width they draw in. Every
 * chart uses this one hook.
 *
 * It is null until the browser has measured the box, and a chart draws nothing until then: drawn
 * first at a guess, every chart on a phone was drawn twice on the page's first load. The browser
 * reports the width after its layout and before it paints, and the update is flushed at once, so
 * the first frame a reader sees already has the chart at its width. Where there is no
 * ResizeObserver to report, the width is `fallback` from the start.
 *
 * The width comes only from a ResizeObserver, never from reading the element's size in the
 * effect: such a read forces the browser to lay out the whole page there and then, in the same
 * task as React's commit (the page's longest task on first load, most of it the layout of
 * sections far below the screen). The observer reports after the browser's own layout, and only
 * once the element is rendered (a box not rendered reports 0, and keeps its last width).
 */
export function useWidth(ref: RefObject<HTMLElement | null>, fallback = 720): number | null {
  const [width, setWidth] = useState(() =>
    typeof ResizeObserver === 'undefined' ? fallback : null,
  );
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
