import { useSyncExternalStore } from 'react';

/** The root font size the charts' px dimensions were drawn for: the browsers' default. */
export const BASE_ROOT_FONT_PX = 16;

// One probe for the whole page, 1rem wide: a ResizeObserver on it reports the root font size
// whenever the reader changes it (the browser's text size, a page zoom of text only, a style sheet
// of their own), with no read of layout in React's commit (see useWidth.ts for why that matters).
let rootFontPx = BASE_ROOT_FONT_PX;
const listeners = new Set<() => void>();
let stop: (() => void) | null = null;

function startProbe(): (() => void) | null {
  if (typeof document === 'undefined' || typeof ResizeObserver === 'undefined') return null;
  const probe = document.createElement('div');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.cssText =
    'position:absolute;top:0;left:0;width:1rem;height:0;overflow:hidden;visibility:hidden;pointer-events:none';
  document.body.appendChild(probe);
  const ro = new ResizeObserver((entries) => {
    const entry = entries[entries.length - 1];
    if (!entry) return;
    const px = entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width;
    if (px > 0 && px !== rootFontPx) {
      rootFontPx = px;
      for (const listener of listeners) listener();
    }
  });
  ro.observe(probe);
  return () => {
    ro.disconnect();
    probe.remove();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  stop ??= startProbe();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stop?.();
      stop = null;
    }
  };
}

/**
 * How much larger than the browsers' default the reader's text is: 1 at 16 px, 2 at 32 px. The
 * charts lay out in px by d3, so their labels are in rem (they grow with the reader's text) and
 * every room the layout keeps for a label (a lane's height, a letter's width) is multiplied by this.
 */
export function useTextScale(): number {
  const px = useSyncExternalStore(
    subscribe,
    () => rootFontPx,
    () => BASE_ROOT_FONT_PX,
  );
  return px / BASE_ROOT_FONT_PX;
}
