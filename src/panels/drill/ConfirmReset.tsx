// "Reset progress?" asked in place: the safe answer has the focus, so a stray Enter keeps it.
// It is a question beside its button, not a modal dialog: the page stays usable, so Tab is free
// to leave it, and leaving it (by Tab, a click elsewhere or Escape) is the safe answer, "Keep".
import { useEffect, useId, useRef, type RefObject } from 'react';
import type { StorageStatus } from '../../state/guardedStorage';

/** What a reset clears, said as it is for where progress is kept. */
const clears: Record<StorageStatus, string> = {
  saved: 'This clears every prediction and mark saved in this browser. It cannot be undone.',
  'session-only':
    'This clears every prediction and mark of this visit (this browser is not letting the page save them). It cannot be undone.',
  // The cleared progress is smaller than what is stored, so it fits where the latest did not.
  full: 'This clears every prediction and mark saved in this browser, and those of this visit. It cannot be undone.',
  'newer-version':
    'This clears every prediction and mark of this visit, and also the progress a newer version of this page saved in this browser, which this page cannot read. It cannot be undone.',
};

export function ConfirmReset({
  storage,
  opener,
  onConfirm,
  onCancel,
  onLeave,
}: {
  storage: StorageStatus;
  /** The button that asked: a click on it is not a click elsewhere (it asks again). */
  opener: RefObject<HTMLElement | null>;
  onConfirm: () => void;
  /** "Keep my progress" or Escape: the focus goes back to the button that asked. */
  onCancel: () => void;
  /** The reader went elsewhere: closes as "Keep", and the focus stays where the reader put it. */
  onLeave: () => void;
}) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const leave = useRef(onLeave);
  leave.current = onLeave;
  // The safe choice takes the focus, so a stray Enter keeps the progress.
  useEffect(() => keep.current?.focus(), []);
  // A click on anything else, focusable or not, answers "Keep". A touch that scrolls is no click.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const target = e.target as Node | null;
      if (!target || root.current?.contains(target) || opener.current?.contains(target)) return;
      leave.current();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [opener]);
  return (
    <div
      ref={root}
      // A click on its words keeps the focus in it (else it would go to <main>, and close it).
      tabIndex={-1}
      className="drill-confirm"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
      onBlur={(e) => {
        // Focus moving to another control of the page (Tab, Shift+Tab, a click) leaves the
        // question. Focus going nowhere (the window lost it, or a click on plain text, which
        // the click handler answers) does not.
        const to = e.relatedTarget;
        if (to instanceof Node && !e.currentTarget.contains(to)) onLeave();
      }}
    >
      <p id={`${id}-title`} className="drill-confirm-title">
        Clear your drill progress?
      </p>
      <p id={`${id}-desc`}>{clears[storage]}</p>
      <div className="drill-confirm-actions">
        <button type="button" className="drill-danger" onClick={onConfirm}>
          Yes, clear my progress
        </button>
        <button type="button" ref={keep} onClick={onCancel}>
          Keep my progress
        </button>
      </div>
    </div>
  );
}
