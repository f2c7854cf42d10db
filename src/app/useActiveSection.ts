import { useEffect, useState } from 'react';

/**
 * The section the reader is in: the last one whose top has passed a line a little below the
 * top of the viewport. Read on scroll (throttled to one read a frame) rather than with an
 * IntersectionObserver, because sections are much taller than the viewport and the question
 * is "which one am I inside", not "which ones are visible".
 */
export function useActiveSection(ids: readonly string[]): string {
  const [active, setActive] = useState(ids[0] ?? '');
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      const line = Math.min(160, window.innerHeight / 3);
      let current = ids[0] ?? '';
      for (const id of ids) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top <= line) current = id;
      }
      // At the very bottom the last sections may never reach the line; the last one wins.
      const atBottom =
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom) current = ids[ids.length - 1] ?? current;
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(read);
    };
    read();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [ids]);
  return active;
}
