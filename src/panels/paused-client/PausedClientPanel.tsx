// "The paused client": the story on a timeline with one lane per actor. Its times are not made up:
// they come from the fencing-on run that the replay below shows, recorded on Redis and Postgres
// when the lab has recorded it, else a seeded engine run, and the caption says which.
import { useMemo } from 'react';
import { openReplay, usePlayback } from '../../state/playback';
import { ReplayCursor } from '../replay/cursor';
import { describeSource } from '../replay/describe';
import { loadRun, resolveRun } from '../replay/runs';
import { timelineModel } from '../../viz/timeline';
import { LaneTimeline } from './LaneTimeline';
import { pausedClientStory, storySentence } from './story';
import '../replay/tokens.css';
import './paused-client.css';

/** The run this figure draws: the paused client, fencing on, Redis lock with Postgres storage. */
export const PAUSED_CLIENT_RUN = {
  scenario: 'paused-client',
  variant: 'fencing-on',
  lock: 'redis',
} as const;

export function PausedClientPanel() {
  const option = useMemo(() => resolveRun(PAUSED_CLIENT_RUN).option, []);
  const run = useMemo(() => loadRun(option), [option]);
  const trace = run.trace;
  const story = useMemo(
    () => (trace ? storySentence(pausedClientStory(timelineModel(trace))) : ''),
    [trace],
  );
  // When the replay shows this very run, its moment appears here as a playhead.
  const { scenario, variant, lock, step } = usePlayback();
  const sameRun =
    scenario === option.scenario && variant === option.variant && lock === option.lock;
  const cursor = useMemo(() => (trace ? new ReplayCursor(trace) : null), [trace]);
  const nowMs = sameRun && cursor && step > 0 ? cursor.stateAt(step).t : null;

  if (!trace) {
    return (
      <div className="fl-panel pc">
        <p role="alert">The paused-client run could not be loaded: {run.error ?? 'no trace'}.</p>
      </div>
    );
  }
  const recorded = trace.backend !== 'sim';
  return (
    <figure className="fl-panel pc">
      <LaneTimeline
        trace={trace}
        title="Timeline of the paused client: client 1, client 2, the lock and the storage"
        nowMs={nowMs}
      />
      <figcaption>
        <p className="pc-story">{story}</p>
        <p className="pc-source">
          {recorded
            ? `Times from the recorded run the replay below shows: ${describeSource(trace)}.`
            : `Times from the run the replay below shows, ${describeSource(trace)}: no recording of it on Redis and Postgres is in this build yet.`}{' '}
          <button
            type="button"
            className="fl-button pc-open"
            onClick={() => openReplay(PAUSED_CLIENT_RUN)}
          >
            Step through it in the replay
          </button>
        </p>
      </figcaption>
    </figure>
  );
}
