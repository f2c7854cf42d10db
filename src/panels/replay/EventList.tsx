// Every event of the run in words, the current one marked and kept in view; a click moves there.
import { useEffect, useRef } from 'react';
import { setPlaying, setStep } from '../../state/playback';
import { fmt } from '../../viz/timeline';
import type { ReplayCursor } from './cursor';
import { actorShort, describeEvent } from './describe';
import { lockOfTrace } from './recordings';

export function EventList({ cursor, step }: { cursor: ReplayCursor; step: number }) {
  const listRef = useRef<HTMLOListElement>(null);
  const staleIndex = cursor.staleWriteIndex();
  const lock = lockOfTrace(cursor.trace);

  // Keep the current event in view inside the list, without scrolling the page.
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="step"]')?.closest('li');
    if (!list || !item) return;
    // The list is positioned, so offsetTop is measured from its top edge.
    const top = item.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }, [step]);

  return (
    <section className="replay-events" role="group" aria-labelledby="replay-events-title">
      <h3 id="replay-events-title">Events</h3>
      <ol ref={listRef}>
        {cursor.trace.events.map((ev, i) => {
          const current = i === step - 1;
          const future = i >= step;
          const verdict = cursor.verdict(i);
          const tone = i === staleIndex ? (verdict?.accepted ? ' is-bad' : ' is-ok') : '';
          return (
            <li
              key={i}
              className={`${current ? 'is-current' : ''}${future ? ' is-future' : ''}${tone}`}
            >
              {/* On the button, so that tabbing through the events says which one is current. */}
              <button
                type="button"
                aria-current={current ? 'step' : undefined}
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
