import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the table in this box is wider than the box: then the page lets the table's column
 * names and second lines wrap (the `is-cramped` class) rather than scroll it sideways. At the
 * page's own spacing every table fits where it is a table (narrower boxes turn rows into cards);
 * a reader's own letter and word spacing (WCAG 1.4.12) can widen one past its box, and no
 * container query can see that. Once the box grows past the width it was cramped at, the table
 * is tried at its full width again.
 *
 * Sizes are read only in a ResizeObserver, after the browser's layout (see useWidth.ts), and the
 * change is flushed at once so the wider table is never painted.
 */
export function useCramped(ref: RefObject<HTMLElement | null>): boolean {
  const [cramped, setCramped] = useState(false);
  useEffect(() => {
    const box = ref.current;
    const table = box?.querySelector('table');
    if (!box || !table || typeof ResizeObserver === 'undefined') return;
    let crampedAtPx: number | null = null;
    const ro = new ResizeObserver(() => {
      if (crampedAtPx !== null && box.clientWidth > crampedAtPx) {
        crampedAtPx = null;
        flushSync(() => setCramped(false));
      }
      // Just after a try at full width this read lays the table out again (the only read that
      // does), since its width may not change, and then nothing would report it.
      if (crampedAtPx === null && table.getBoundingClientRect().width > box.clientWidth + 1) {
        crampedAtPx = box.clientWidth;
        flushSync(() => setCramped(true));
      }
    });
    ro.observe(box);
    ro.observe(table);
    return () => ro.disconnect();
  }, [ref]);
  return cramped;
}
