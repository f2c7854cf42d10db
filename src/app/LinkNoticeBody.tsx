// The notice's code, loaded only for a link that needs reading (LinkNotice.tsx).
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { openContents } from './Contents';
import { panelTurns } from './panelTurns';
import { linkReaderLoaders } from './panels';
import { sections } from './sections';
import {
  gatherLinkProblems,
  unknownHashProblem,
  type LinkProblem,
  type LinkReader,
} from '../state/linkProblems';
import { onHashChange } from '../state/historyMoves';

export interface OpenedWith {
  search: string;
  hash: string;
}

export interface LinkNoticeBodyProps {
  /** The link the page was opened with; null when it was clean and a later hash brought the notice. */
  openedWith: OpenedWith | null;
  /** The live region the notice is drawn in. */
  live: RefObject<HTMLDivElement | null>;
}

const SECTION_IDS = sections.map((s) => s.id);
const titleOf = (id: string) => sections.find((s) => s.id === id)?.title ?? id;
const exists = (id: string) => document.getElementById(id) !== null;

/** Each section's reading of the URL, in the page's order; a section whose code failed is left out. */
async function loadReaders(): Promise<{ section: string; reader: LinkReader }[]> {
  const loaded = await Promise.all(
    SECTION_IDS.filter((id) => id in linkReaderLoaders).map((section) =>
      linkReaderLoaders[section]!().then(
        (reader) => ({ section, reader }),
        // Its panel already shows the section's error; the notice says what it can.
        () => null,
      ),
    ),
  );
  return loaded.filter((r) => r !== null);
}

/** Puts `next` in the place of a problem with the same key, or at the end. */
function withProblem(list: readonly LinkProblem[], next: LinkProblem): LinkProblem[] {
  return list.some((p) => p.key === next.key)
    ? list.map((p) => (p.key === next.key ? next : p))
    : [...list, next];
}

/**
 * What was wrong with the link the page was opened with, under the title, where a reader who
 * opened it starts: a hash that names nothing, a value a section could not use, a parameter given
 * twice. Each line says what the page did instead, and links the section it concerns.
 *
 * It is read once every panel is in (the sections' own parsers come with their panels, and a hash
 * may name an element inside one), so it appears in one piece, while a linked section is still
 * being held in place (useDeepLink.ts): the page does not move. A clean link, the usual case,
 * asks for nothing and draws nothing but an empty live region.
 *
 * After load, a hash the reader puts in the address bar that names nothing is said here too
 * (the page stays where it was, and says why). Back and Forward add nothing: those entries were
 * told when they were first opened. A dismissed line stays dismissed.
 */
export function LinkNoticeBody({ openedWith, live }: LinkNoticeBodyProps) {
  // A clean link brings the notice only for a later hash that names nothing: that one, at once.
  const [problems, setProblems] = useState<LinkProblem[]>(() => {
    const later = openedWith ? null : unknownHashProblem(window.location.hash, exists, 'later');
    return later ? [later] : [];
  });
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    let mounted = true;
    if (openedWith) {
      void panelTurns
        .allShown()
        .then(() => (openedWith.search ? loadReaders() : []))
        .then((readers) => {
          if (!mounted) return;
          const found = gatherLinkProblems(openedWith, readers, exists);
          // A hash the reader changed meanwhile is newer than the one the page was opened with.
          setProblems((later) => later.reduce(withProblem, found));
        });
    }
    const stopListening = onHashChange((traversal) => {
      if (traversal) return;
      const problem = unknownHashProblem(window.location.hash, exists, 'later');
      if (!problem) return;
      setProblems((list) => withProblem(list, problem));
      // A hash the reader gave again is told again, even if they dismissed it before.
      setDismissed((d) => new Set([...d].filter((text) => text !== problem.text)));
    });
    return () => {
      mounted = false;
      stopListening();
    };
  }, [openedWith]);

  const shown = problems.filter((p) => !dismissed.has(p.text));
  useKeepPlaceAbove(live, shown.length);

  const dismiss = () => {
    setDismissed((d) => new Set([...d, ...shown.map((p) => p.text)]));
    // The button goes with the notice: the keyboard's place goes to the page, not to nowhere.
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    shown.length > 0 && (
      <div className="link-notice">
        <p id="link-notice-title" className="link-notice-title">
          About the link you opened
        </p>
        <ul className="link-notice-list">
          {shown.map((p) => (
            <li key={p.key}>
              {p.text}{' '}
              {p.section !== null && (
                <a href={`#${p.section}`} className="link-notice-go">
                  Go to “{titleOf(p.section)}”
                </a>
              )}
              {p.unknownHash && (
                <button type="button" className="link-notice-go" onClick={openContents}>
                  Open the contents
                </button>
              )}
            </li>
          ))}
        </ul>
        <button type="button" className="link-notice-dismiss" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    )
  );
}

/**
 * When the notice grows or shrinks while it is above the viewport (a hash changed later, read by a
 * reader far down the page), keeps what the reader sees where it was. Browsers with scroll
 * anchoring do it themselves; this is for those without.
 */
function useKeepPlaceAbove(box: RefObject<HTMLDivElement | null>, count: number) {
  const height = useRef(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = height.current;
    const rect = el.getBoundingClientRect();
    height.current = rect.height;
    const grown = rect.height - before;
    const anchored = typeof CSS !== 'undefined' && CSS.supports?.('overflow-anchor', 'auto');
    if (grown !== 0 && !anchored && rect.top + before <= 0)
      window.scrollBy({ top: grown, behavior: 'instant' });
  }, [box, count]);
}
