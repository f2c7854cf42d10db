// "The paused client": the story on a timeline with one lane per actor. Its times are not made up:
// they come from the fencing-on run that the replay below shows, recorded on Redis and Postgres
// when the lab has recorded it, else a seeded engine run, and the caption says which. Below it,
// the reader can try other numbers: the engine reruns the story in the browser.
import { useEffect, useMemo, useRef, useState } from 'react';
import { currentSearch, replaceSearch } from '../../state/urlParams';
import { usePlayback } from '../../state/playback';
import { ReplayLink } from '../shared/ReplayLink';
import { onHistoryTraversal } from '../../state/historyMoves';
import { ReplayCursor } from '../replay/cursor';
import { describeSource } from '../replay/describe';
import { loadRun, resolveRun } from '../replay/runs';
import { timelineModel } from '../../viz/timeline';
import { pausedClientNotes, pausedClientSayIt } from '../../content/pausedClient';
import { SayIt } from '../top';
import { LaneTimeline } from '../shared/LaneTimeline';
import { pausedClientStory, storySentence } from './story';
import { WhatIfControls } from './WhatIfControls';
import { useSettled } from '../shared/useSettled';
import { closeCallSentence } from '../shared/nearOutcomeChange';
import {
  RECORDED_NUMBERS,
  WHAT_IF_LOCKS,
  parseWhatIfQuery,
  sameNumbers,
  whatIfCloseCall,
  whatIfRun,
  whatIfSearch,
  whatIfVerdict,
  type WhatIfNumbers,
} from './whatIf';
import '../shared/tokens.css';
import './paused-client.css';

/** The run this figure draws: the paused client, fencing on, Redis lock with Postgres storage. */
export const PAUSED_CLIENT_RUN = {
  scenario: 'paused-client',
  variant: 'fencing-on',
  lock: 'redis',
} as const;

export function PausedClientPanel() {
  const option = useMemo(() => resolveRun(PAUSED_CLIENT_RUN).option, []);
  const recorded = useMemo(() => loadRun(option), [option]);
  // The reader's own numbers, once they touch a control or open a link with some; until then,
  // the recorded run.
  const [fromLink] = useState(() => parseWhatIfQuery(window.location.search));
  const [numbers, setNumbersState] = useState<WhatIfNumbers | null>(fromLink.numbers);
  const [linkProblems, setLinkProblems] = useState(fromLink.problems);
  const setNumbers = (n: WhatIfNumbers | null) => {
    setNumbersState(n);
    setLinkProblems([]);
    replaceSearch(whatIfSearch(currentSearch(), n));
  };
  // Back or Forward: the numbers that entry's URL names (the recorded run when it names none).
  useEffect(
    () =>
      onHistoryTraversal(() => {
        const read = parseWhatIfQuery(currentSearch());
        setNumbersState((shown) => (sameNumbers(shown, read.numbers) ? shown : read.numbers));
        // The same words stay as they are: a notice is announced for what it says anew.
        setLinkProblems((shown) =>
          shown.join(' ') === read.problems.join(' ') ? shown : read.problems,
        );
      }),
    [],
  );
  const openReplayRef = useRef<HTMLAnchorElement>(null);
  const backToRecorded = () => {
    setNumbers(null);
    // The button goes with the reader's numbers: keep focus on the link that takes its place.
    requestAnimationFrame(() => openReplayRef.current?.focus());
  };
  const live = useMemo(() => (numbers ? whatIfRun(numbers) : null), [numbers]);
  const trace = live ?? recorded.trace;
  const story = useMemo(() => (trace ? pausedClientStory(timelineModel(trace)) : null), [trace]);
  const closeCall = useMemo(() => (numbers ? whatIfCloseCall(numbers) : null), [numbers]);
  const verdictText =
    live && numbers && story
      ? [whatIfVerdict(live, numbers, story), closeCall && closeCallSentence(closeCall)]
          .filter(Boolean)
          .join(' ')
      : '';
  // Spoken half a second after the sliders stop: each arrow press would read it all again.
  const spokenVerdict = useSettled(verdictText, 500);
  // When the replay shows this very run, its moment appears here as a playhead. Only that step
  // is read from the store: the replay playing or scrubbed another run must not redraw this one.
  const replayStep = usePlayback((s) =>
    s.scenario === option.scenario && s.variant === option.variant && s.lock === option.lock
      ? s.step
      : 0,
  );
  const cursor = useMemo(() => (trace ? new ReplayCursor(trace) : null), [trace]);
  const nowMs = live === null && cursor && replayStep > 0 ? cursor.stateAt(replayStep).t : null;

  if (!trace || !story) {
    return (
      <div className="fl-panel pc">
        <p role="alert">
          The paused-client run could not be loaded: {recorded.error ?? 'no trace'}.
        </p>
      </div>
    );
  }
  return (
    <div>
      <ul className="notes">
        {pausedClientNotes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <div className="fl-panel pc">
        <figure className="pc-figure">
          <LaneTimeline
            trace={trace}
            title="Timeline of the paused client: client 1, client 2, the lock and the storage"
            nowMs={nowMs}
          />
          <figcaption>
            <p className="pc-story">{storySentence(story)}</p>
            {live && numbers ? (
              <p className="pc-source">
                Simulated in your browser on a model of{' '}
                {WHAT_IF_LOCKS.find((l) => l.lock === numbers.lock)?.models}: TTL {numbers.ttlMs}{' '}
                ms, pause {numbers.pauseMs} ms, fencing {numbers.fencing ? 'on' : 'off'}, with a
                fixed seed ({live.seed}), so the same numbers always give the same run.{' '}
                <button type="button" className="fl-link-button" onClick={backToRecorded}>
                  Back to the recorded run
                </button>
              </p>
            ) : (
              <p className="pc-source">
                {trace.backend !== 'sim'
                  ? `Times from the fencing-on run on real servers, ${describeSource(trace)}.`
                  : `Times from the fencing-on run the replay below shows, ${describeSource(trace)}: no recording of it on Redis and Postgres is in this build yet.`}{' '}
                <ReplayLink ref={openReplayRef} target={PAUSED_CLIENT_RUN}>
                  Step through it in the replay
                </ReplayLink>
              </p>
            )}
          </figcaption>
        </figure>
        <WhatIfControls
          numbers={numbers ?? RECORDED_NUMBERS}
          onChange={setNumbers}
          problems={linkProblems}
          // The link's problems as the page opened with them are announced by the notice under
          // the page's title (app/LinkNotice.tsx): here they are shown, not announced again.
          // Those of an entry Back or Forward goes to are this panel's own to announce.
          announceProblems={linkProblems !== fromLink.problems}
        />
        {/* Always in the page, so that a screen reader hears each new outcome; the spoken copy
            waits until the numbers settle. */}
        <p className="pc-verdict" aria-hidden="true">
          {verdictText}
        </p>
        <p className="fl-visually-hidden" aria-live="polite">
          {spokenVerdict}
        </p>
      </div>
      <SayIt>{pausedClientSayIt}</SayIt>
    </div>
  );
}
