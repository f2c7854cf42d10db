// "Reset progress?" asked in place: the safe answer has the focus, so a stray Enter keeps it.
import { useEffect, useId, useRef } from 'react';
import type { StorageStatus } from '../../state/guardedStorage';

/** What a reset clears, said as it is for where progress is kept. */
const clears: Record<StorageStatus, string> = {
  saved: 'This clears every prediction and mark saved in this browser. It cannot be undone.',
  'session-only':
    'This clears every prediction and mark of this visit (this browser is not letting the page save them). It cannot be undone.',
  'newer-version':
    'This clears every prediction and mark of this visit, and also the progress a newer version of this page saved in this browser, which this page cannot read. It cannot be undone.',
};

export function ConfirmReset({
  storage,
  onConfirm,
  onCancel,
}: {
  storage: StorageStatus;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  // The safe choice takes the focus, so a stray Enter keeps the progress.
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      className="drill-confirm"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
          return;
        }
        // A dialog keeps the focus until it is answered: Tab goes round its two buttons.
        if (e.key === 'Tab') {
          const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
          const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
          e.preventDefault();
          const next = (at + (e.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
          buttons[next]?.focus();
        }
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
