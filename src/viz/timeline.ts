// The lane timeline's story: one lane per client, one for the lock, one for the storage, and the
// marks on them, read out of a trace (timelineLayout.ts then places them with d3-scale, and React
// draws them). The paused-client figure and the replay both use it, so the two always agree on
// what happened when.
//
// The reading is split by what it reads: timelineState.ts keeps the holds and each client's
// half-seen steps; timelineLockEvents.ts, timelineClientEvents.ts, timelineWrites.ts and
// timelineFaults.ts read each family of events; timelineAssembly.ts draws the hold bars and puts
// the model together.
import type { Trace, TraceEvent } from '../sim/trace/schema';
import { assembleTimeline } from './timelineAssembly';
import { readPause, readResume, readStopOrCrash, readWork } from './timelineClientEvents';
import { readFault } from './timelineFaults';
import { readAcquire, readExtend, readRelease } from './timelineLockEvents';
import { createTimelineState } from './timelineState';
import { readWrite } from './timelineWrites';

export { fmt } from './timelineWords';

export type LaneId = string;

export interface Lane {
  id: LaneId;
  label: string;
  /** Centre line of the lane, in px. */
  y: number;
}

export type MarkKind =
  | 'acquire'
  | 'refused'
  | 'hold'
  | 'expire'
  | 'pause'
  | 'work'
  | 'write'
  | 'stored'
  | 'rejected'
  | 'release'
  | 'stop'
  | 'crash'
  | 'fault';

export interface Mark {
  id: string;
  lane: LaneId;
  kind: MarkKind;
  /** Start time (ms); for a point mark, its time. */
  t: number;
  /** End time for an interval (hold, pause); undefined for a point. */
  t2?: number;
  /** A few words drawn next to the mark. */
  label: string;
  /**
   * Shorter forms of the label, tried in order where the label itself finds no room (a phone's
   * width): a mark that is a run's point keeps a word on the figure rather than none.
   */
  shorter?: readonly string[];
  /** One sentence: what happened, for the tooltip and the screen reader. */
  detail: string;
  /** The event this mark stands for (its index in trace.events), to seek the replay to it. */
  eventIndex: number;
  /**
   * A fault's request, where the mark stands for its effect (eventIndex): the replay rings the
   * mark at the request's step too, the step whose caption tells of it.
   */
  requestIndex?: number;
  /** The actor the mark is about, for colour. */
  actor?: string;
  /** A write whose writer no longer held the lock: it had run out, or another client took it. */
  stale?: boolean;
  /**
   * A write the storage took over a later holder's write (the engine's lost-update checker says
   * which): that holder's update is lost. Only this is drawn as harm; a stale write that
   * overwrote nobody's is late, not harmful.
   */
  lost?: boolean;
  /** A second row in the lane, for a hold that overlaps an earlier one (Redlock's two holders). */
  row?: 1;
  /**
   * A hold nothing had ended when the run did: its bar stops at the chart's edge (t2 is the
   * run's end), which is not the lock's end.
   */
  heldAtEnd?: true;
}

/** A line from a client's write to the storage's answer. */
export interface Connector {
  id: string;
  fromLane: LaneId;
  toLane: LaneId;
  /** The ids of the marks it joins: the write and the storage's answer. */
  fromMark: string;
  toMark: string;
  t: number;
  t2: number;
  stale: boolean;
  accepted: boolean;
  /** The write overwrote a later holder's write (see Mark.lost). */
  lost: boolean;
}

export interface TimelineModel {
  lanes: Lane[];
  marks: Mark[];
  connectors: Connector[];
  /** The last event's time. */
  endMs: number;
}

/**
 * Reads the story out of a trace. Hold intervals end at the release, or at acquire ok t + TTL
 * when the lock simply ran out; a write is stale when it reaches the storage after its writer's
 * hold ended or another client took the lock.
 */
export function timelineModel(trace: Trace): TimelineModel {
  const s = createTimelineState(trace);
  trace.events.forEach((ev: TraceEvent, i) => {
    switch (ev.f) {
      case 'acquire':
        readAcquire(s, ev, i);
        break;
      case 'extend':
        readExtend(s, ev);
        break;
      case 'release':
        readRelease(s, ev, i);
        break;
      case 'work':
        readWork(s, ev, i);
        break;
      case 'pause':
        readPause(s, ev, i);
        break;
      case 'resume':
        readResume(s, ev);
        break;
      case 'write':
        readWrite(s, ev, i);
        break;
      case 'stop':
      case 'crash':
        readStopOrCrash(s, ev, ev.f, i);
        break;
      case 'clock-jump':
      case 'failover':
      case 'terminate':
        readFault(s, ev, i);
        break;
      default:
        break;
    }
  });
  return assembleTimeline(s);
}

/**
 * The colour class of a mark: red only for harm (a write that lost another holder's update),
 * amber for a write sent without the lock that harmed nobody, green for a stale write the
 * storage turned away.
 */
export function markTone(
  m: Pick<Mark, 'kind' | 'stale' | 'lost'>,
): '' | 'is-bad' | 'is-stale' | 'is-late' | 'is-ok' {
  if (m.kind === 'write') return m.lost ? 'is-stale' : m.stale ? 'is-late' : '';
  if (m.kind === 'stored') return m.lost ? 'is-bad' : m.stale ? 'is-late' : '';
  if (m.kind === 'rejected') return m.stale ? 'is-ok' : '';
  return '';
}

/** The same for the line from a write to the storage's answer. */
export function connectorTone(
  c: Pick<Connector, 'stale' | 'accepted' | 'lost'>,
): '' | 'is-bad' | 'is-late' | 'is-ok' {
  if (c.lost) return 'is-bad';
  if (!c.stale) return '';
  return c.accepted ? 'is-late' : 'is-ok';
}
