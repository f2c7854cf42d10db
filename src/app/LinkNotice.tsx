import { useEffect, useRef, useState, type ComponentType } from 'react';
import { sections } from './sections';
import type { LinkNoticeBodyProps, OpenedWith } from './LinkNoticeBody';
import { hashFound, isCleanLink } from '../state/linkHash';
import { onHashChange } from '../state/historyMoves';

/** The link the page was opened with, before any panel writes its own values into it. */
const OPENED_WITH: OpenedWith =
  typeof window === 'undefined'
    ? { search: '', hash: '' }
    : { search: window.location.search, hash: window.location.hash };

const SECTION_IDS = sections.map((s) => s.id);
const exists = (id: string) => document.getElementById(id) !== null;

/**
 * The place under the title where the page says what was wrong with the link it was opened with
 * (LinkNoticeBody.tsx). A polite live region, there from the start so that what comes into it is
 * announced, and empty (no room, nothing drawn) for a clean link: the usual case, which brings no
 * more code than this. The notice's own code comes only for a link that needs reading, or once the
 * reader gives a hash that names nothing.
 */
export function LinkNotice() {
  const live = useRef<HTMLDivElement>(null);
  const [Body, setBody] = useState<{ Body: ComponentType<LinkNoticeBodyProps> } | null>(null);
  const [openedWith, setOpenedWith] = useState<OpenedWith | null>(null);

  useEffect(() => {
    let mounted = true;
    const load = (opened: OpenedWith | null) => {
      setOpenedWith(opened);
      void import('./LinkNoticeBody').then(
        (m) => mounted && setBody({ Body: m.LinkNoticeBody }),
        // Without its code the page says nothing about the link, as before there was a notice.
        () => {},
      );
    };
    if (!isCleanLink(OPENED_WITH.search, OPENED_WITH.hash, SECTION_IDS)) {
      load(OPENED_WITH);
      return () => {
        mounted = false;
      };
    }
    const stop = onHashChange((traversal) => {
      if (traversal || hashFound(window.location.hash, exists)) return;
      stop();
      load(null);
    });
    return () => {
      mounted = false;
      stop();
    };
  }, []);

  return (
    <div ref={live} className="link-notice-live" role="status" aria-labelledby="link-notice-title">
      {Body && <Body.Body openedWith={openedWith} live={live} />}
    </div>
  );
}
