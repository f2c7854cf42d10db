import { useEffect, useRef, useState } from 'react';
import { sections } from './sections';
import { useActiveSection } from './useActiveSection';

const ids = sections.map((s) => s.id);

/** Set while the contents are on the page: opens them (on a phone) and focuses the first link. */
let opener: (() => void) | null = null;

/** Takes the reader to the contents: the list opened on a phone, focus on its first link. */
export function openContents(): void {
  opener?.();
}

/**
 * The contents menu. On a wide screen it is a sticky column beside the page; on a phone it is
 * a bar at the top with a button that opens the list. Either way every section is one link
 * away, and the link of the section being read is marked.
 */
export function Contents() {
  const [open, setOpen] = useState(false);
  const active = useActiveSection(ids);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const activeInfo = sections.find((s) => s.id === active);

  useEffect(() => {
    opener = () => {
      // The toggle shows only where the list hides behind it (a phone's bar).
      if (toggleRef.current && toggleRef.current.getClientRects().length > 0) setOpen(true);
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLAnchorElement>('#contents-list a')
          ?.focus({ preventScroll: true }),
      );
    };
    return () => {
      opener = null;
    };
  }, []);

  // Escape closes the open menu and puts focus back on its button, as a disclosure should.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <nav
      className="contents"
      aria-label="Contents"
      data-open={open || undefined}
      // The open list covers the page on a phone: once focus or a click goes elsewhere it closes,
      // or what has focus would sit hidden under it.
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <div className="contents-bar">
        <button
          ref={toggleRef}
          type="button"
          className="contents-toggle"
          aria-expanded={open}
          aria-controls="contents-list"
          onClick={() => setOpen((o) => !o)}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M2 4h12M2 8h12M2 12h12" />
          </svg>
          Contents
        </button>
        <span className="contents-current" aria-hidden="true">
          {activeInfo?.short ?? activeInfo?.title}
        </span>
      </div>
      <p className="contents-heading" aria-hidden="true">
        Contents
      </p>
      <ol id="contents-list" className="contents-list">
        {sections.map((s, i) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              aria-current={s.id === active ? 'location' : undefined}
              onClick={() => setOpen(false)}
            >
              <span className="contents-number" aria-hidden="true">
                {i + 1}
              </span>
              <span>{s.short ?? s.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
