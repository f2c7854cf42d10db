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

/** Where a link's hash sends the reader: the section, and the element the hash names in it. */
interface Landing {
  section: string;
  /** The section itself, or an element inside it (a sub-heading). */
  target: Element;
}

/**
 * Where a reader lands for this hash, below the title: the browser scrolls there, and the notice
 * under the title is out of view. Null for no hash, the opening section, or nothing.
 */
function landingOf(hash: string): Landing | null {
  const target = hashIds(hash)
    .map((id) => document.getElementById(id))
    .find((el) => el !== null);
  const section = target?.closest('section[id]');
  return target && section && section.id !== SECTION_IDS[0]
    ? { section: section.id, target }
    : null;
}

/**
 * The texts of the section's own link notices (beside the controls they concern) that a reader
 * who lands on `landing` sees without scrolling: measured before the copy comes, from where the
 * browser puts the linked element (its top under the html's scroll-padding), whatever the page's
 * scroll is at the moment. On a phone the Redlock slider's notice is below the fold; at 1280 px
 * it is in view under the section's notes; the paused client's is below its figure at both.
 */
function noticesInViewOnLanding(landing: Landing): string[] {
  const section = document.getElementById(landing.section);
  if (!section) return [];
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const top = landing.target.getBoundingClientRect().top;
  const view = window.innerHeight - padding;
  return [...section.querySelectorAll('.fl-link-notice')]
    .filter((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= top && box.bottom - top <= view;
    })
    .map((el) => el.textContent?.trim() ?? '')
    .filter((text) => text !== '');
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
 * reader there, and the notice under the title is out of view: the same lines show again where
 * the reader lands, under the section's header (or just before the element inside it that the
 * hash names), so that each is seen once there: less what a panel's own notice beside its
 * controls says in view of that place, and, for a panel that says its own at its very top (the
 * replay), either nothing (its box alone says it all) or everything in one box, its own taken
 * away. That copy is no live region, so nothing is announced twice; either Dismiss takes both.
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
  // Where the link sent the reader: read once the problems are, when the hash's element is in;
  // with what that section's panel says of the link there in view, and its reading of the link.
  const [landing, setLanding] = useState<Landing | null>(null);
  const [saidInView, setSaidInView] = useState<readonly string[]>([]);
  const [landingReader, setLandingReader] = useState<LinkReader | null>(null);

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
          const landed = landingOf(openedWith.hash);
          setLanding(landed);
          if (!landed) return;
          setSaidInView(noticesInViewOnLanding(landed));
          setLandingReader(readers.find((r) => r.section === landed.section)?.reader ?? null);
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
  // The same lines where the link sent the reader, less what its panel says there in view. Not a
  // live region: the one under the title has announced them.
  const { lines: here, takesTop } = landing
    ? linesWhereLanded(shown, landing.section, saidInView)
    : NO_LINES;
  const slot = useSlotWhereLanded(here.length > 0 ? landing : null);
  // The panel's notice at its top goes once the copy says its sentences: one box, one Dismiss.
  useEffect(() => {
    if (takesTop && openedWith) landingReader?.dismissAtTop?.(openedWith.search);
  }, [takesTop, landingReader, openedWith]);

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
    // The keyboard stays where the reader came to: on the heading the link named, else the
    // section's.
    const heading =
      landing &&
      (/^H[1-6]$/.test(landing.target.tagName)
        ? (landing.target as HTMLElement)
        : document.getElementById(`${landing.section}-title`));
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
              here={landing?.section ?? null}
              onDismiss={dismissInSection}
            />,
            slot,
          )}
      </>
    )
  );
}

const NO_LINES = { lines: [] as LinkProblem[], takesTop: false };

/** `text` less each of `said` it holds, as sentences: what is left, '' for nothing. */
function without(text: string, said: readonly string[]): string {
  return said
    .reduce((left, s) => left.split(s).join(' '), text)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The lines of the copy in section `here`: each problem less what its panel says in view where
 * the reader lands (`saidInView`, its notices beside the controls). A panel that says its own
 * at its very top (the replay, LinkProblem.notSaidAtTop) is left to say them, unless the copy
 * has other lines too: then the copy says them with the rest (`takesTop`), and the panel's notice
 * goes, so that one box with one Dismiss is there, not two stacked. The section's own lines come
 * first: they are about what the reader landed on; the others lead elsewhere ("Go to …").
 */
function linesWhereLanded(
  shown: readonly LinkProblem[],
  here: string,
  saidInView: readonly string[],
): { lines: LinkProblem[]; takesTop: boolean } {
  const lessInView = shown.flatMap((p) => {
    if (p.section !== here || saidInView.length === 0) return [p];
    const text = without(p.text, saidInView);
    return text === '' ? [] : [text === p.text ? p : { ...p, text }];
  });
  const atTop = (p: LinkProblem) => p.section === here && p.notSaidAtTop !== undefined;
  const rest = lessInView.filter((p) => !atTop(p) || p.notSaidAtTop);
  if (rest.length === 0) return NO_LINES;
  const lines = [
    ...lessInView.filter((p) => p.section === here),
    ...lessInView.filter((p) => p.section !== here),
  ];
  return { lines, takesTop: lessInView.some(atTop) };
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
 * A place for the notice's copy where the link sent the reader: an element of its own, which
 * React's children around it never reorder (one that arrives is put after it). Gone with the copy.
 *
 * For a link to the section (or its heading), right under the section's header. For a link to an
 * element inside it (`#replay-events-title`, a sub-heading), just before that element, where the
 * section's top may be screens away: the page then lands on the copy, the element under it
 * (useDeepLink.ts), rather than put the element's top at the top of the view with the copy above.
 */
function useSlotWhereLanded(landing: Landing | null): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const section = landing?.section ?? null;
  const target = landing?.target ?? null;
  useLayoutEffect(() => {
    const el = section ? document.getElementById(section) : null;
    if (!el || !target) return;
    const slotEl = document.createElement('div');
    slotEl.className = 'link-notice-slot';
    const header = [...el.children].find((c) => c.tagName === 'HEADER');
    if (target !== el && !header?.contains(target) && target.isConnected) target.before(slotEl);
    else if (header) header.after(slotEl);
    else el.prepend(slotEl);
    setSlot(slotEl);
    return () => {
      slotEl.remove();
      setSlot(null);
    };
  }, [section, target]);
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
