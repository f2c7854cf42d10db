// The notice's code, loaded only for a link that needs reading (LinkNotice.tsx).
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
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
import { hashIds } from '../state/linkHash';
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

/**
 * The section a reader lands in for this hash, below the title: the browser scrolls there, and
 * the notice under the title is out of view. Null for no hash, the opening section, or nothing.
 */
function landingSection(hash: string): string | null {
  const target = hashIds(hash)
    .map((id) => document.getElementById(id))
    .find((el) => el !== null);
  const section = target?.closest('section[id]');
  return section && section.id !== SECTION_IDS[0] ? section.id : null;
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
 * A link whose hash names a section below the title (`?try-pause=abc#paused-client`) sends the
 * reader there, and the notice under the title is out of view: the same lines show again at the
 * top of that section, under its header, less any its panel already says at its own top (the
 * replay's notice). That copy is no live region, so nothing is announced twice; either Dismiss
 * takes both.
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
  // Where the link sent the reader: read once the problems are, when the hash's element is in.
  const [landing, setLanding] = useState<string | null>(null);

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
          setLanding(landingSection(openedWith.hash));
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
  // The same lines at the top of the section the link sent the reader to, less what its panel
  // says there itself. Not a live region: the one under the title has announced them.
  const here = landing === null ? [] : shown.flatMap((p) => lineInSection(p, landing));
  const slot = useSlotInSection(here.length > 0 ? landing : null);

  const dismiss = () => {
    setDismissed((d) => new Set([...d, ...shown.map((p) => p.text)]));
  };
  const dismissUnderTitle = () => {
    dismiss();
    // The button goes with the notice: the keyboard's place goes to the page, not to nowhere.
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  const dismissInSection = () => {
    dismiss();
    // The keyboard stays in the section the reader came to: on its heading.
    const heading = landing && document.getElementById(`${landing}-title`);
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  };

  return (
    shown.length > 0 && (
      <>
        <NoticeBox
          titleId="link-notice-title"
          problems={shown}
          here={null}
          onDismiss={dismissUnderTitle}
        />
        {slot &&
          here.length > 0 &&
          createPortal(
            <NoticeBox
              titleId="link-notice-here-title"
              role="note"
              problems={here}
              here={landing}
              onDismiss={dismissInSection}
            />,
            slot,
          )}
      </>
    )
  );
}

/**
 * A problem as the section `here` shows it: whole, or less the sentences its panel says at its
 * top itself (none left: not shown there).
 */
function lineInSection(p: LinkProblem, here: string): LinkProblem[] {
  if (p.section !== here || p.notSaidAtTop === undefined) return [p];
  return p.notSaidAtTop ? [{ ...p, text: p.notSaidAtTop }] : [];
}

interface NoticeBoxProps {
  titleId: string;
  role?: 'note';
  problems: readonly LinkProblem[];
  /** The section the box is in: its own lines need no link to it. */
  here: string | null;
  onDismiss: () => void;
}

/** The notice's lines and its Dismiss button: under the title, and again where the link led. */
function NoticeBox({ titleId, role, problems, here, onDismiss }: NoticeBoxProps) {
  return (
    <div
      className={here ? 'link-notice link-notice-here' : 'link-notice'}
      role={role}
      aria-labelledby={role ? titleId : undefined}
    >
      <p id={titleId} className="link-notice-title">
        About the link you opened
      </p>
      <ul className="link-notice-list">
        {problems.map((p) => (
          <li key={p.key}>
            {p.text}{' '}
            {p.section !== null && p.section !== here && (
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
      <button type="button" className="link-notice-dismiss" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * A place for the notice's copy at the top of section `id`, right under its header: an element
 * of its own, which React's children of the section never reorder (a panel that arrives is put
 * after it). Gone with the copy.
 */
function useSlotInSection(id: string | null): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const section = id ? document.getElementById(id) : null;
    if (!section) return;
    const el = document.createElement('div');
    el.className = 'link-notice-slot';
    const header = [...section.children].find((c) => c.tagName === 'HEADER');
    if (header) header.after(el);
    else section.prepend(el);
    setSlot(el);
    return () => {
      el.remove();
      setSlot(null);
    };
  }, [id]);
  return slot;
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
