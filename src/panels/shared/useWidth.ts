import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * The element's rendered width, following resizes, so a chart can lay itself out for a phone or a
 * desktop; `fallback` until it has been measured. The charts' boxes have no padding or border, so
 * this is the width they draw in. Every chart uses this one hook.
 */
export function useWidth(ref: RefObject<HTMLElement | null>, fallback = 720): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.floor(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}
