// Every event of the run in words, the current one marked and kept in view; a click moves there.
// One tab stop for the list (roving tabindex), as the lane timeline is: a run has 10 to 20 events,
// and a keyboard user should not Tab through each to get past them.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { setPlaying, setStep } from '../../state/playback';
import { fmt } from '../../viz/timeline';
import type { ReplayCursor } from './cursor';
import { actorShort, describeEvent } from './describe';
import { lockOfTrace } from './recordings';

export function EventList({ cursor, step }: { cursor: ReplayCursor; step: number }) {
  const listRef = useRef<HTMLOListElement>(null);
  const staleIndex = cursor.staleWriteIndex();
  const lock = lockOfTrace(cursor.trace);
  const last = cursor.trace.events.length - 1;
  // The event the list's one tab stop is on: the current one, until the reader moves off it with
  // the up and down arrows (left and right stay the replay's: they step).
  const [moved, setMoved] = useState<number | null>(null);
  const current = Math.min(Math.max(step - 1, 0), last);
  const tabStop = moved !== null && moved <= last ? moved : current;
  const buttonAt = (i: number) =>
    listRef.current?.querySelectorAll<HTMLButtonElement>('.replay-event')[i] ?? null;

  // Keep the current event in view inside the list, without scrolling the page; the keyboard,
  // if it is in the list, goes with it (the arrows stepped, or Enter picked an event).
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="step"]')?.closest('li');
    setMoved(null);
    if (list?.contains(document.activeElement) && step > 0)
      buttonAt(step - 1)?.focus({ preventScroll: true });
    if (!list || !item) return;
    // The list is positioned, so offsetTop is measured from its top edge.
    const top = item.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }, [step]);

  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const to = Math.min(last, Math.max(0, tabStop + (e.key === 'ArrowDown' ? 1 : -1)));
    // Up and down move between the events here, rather than scroll the page.
    e.preventDefault();
    setMoved(to);
    buttonAt(to)?.focus();
  };

  return (
    <section className="replay-events" role="group" aria-labelledby="replay-events-title">
      <h3 id="replay-events-title">Events</h3>
      <p className="fl-visually-hidden" id="replay-events-keys">
        The events are buttons in one tab stop: the up and down arrows move between them, Enter goes
        to one.
      </p>
      <ol ref={listRef} onKeyDown={onKeyDown} aria-describedby="replay-events-keys">
        {cursor.trace.events.map((ev, i) => {
          const isCurrent = i === step - 1;
          const future = i >= step;
          const verdict = cursor.verdict(i);
          const tone = i === staleIndex ? (verdict?.accepted ? ' is-bad' : ' is-ok') : '';
          return (
            <li
              key={i}
              className={`${isCurrent ? 'is-current' : ''}${future ? ' is-future' : ''}${tone}`}
            >
              {/* On the button, so that a screen reader on an event says whether it is the current one. */}
              <button
                type="button"
                aria-current={isCurrent ? 'step' : undefined}
                tabIndex={i === tabStop ? 0 : -1}
                className="replay-event"
                onClick={() => {
                  setPlaying(false);
                  setStep(i + 1);
                }}
              >
                <span className="replay-event-t">{fmt(ev.t)}</span>
                <span className="replay-event-actor">{actorShort(ev.actor)}</span>
                <span className="replay-event-text">
                  {describeEvent(ev, verdict, lock, cursor.note(i))}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
