// The replay's state: which run, which step, playing or not, how fast. Other panels call
// openReplay() to show a run ("a failure case row opens its replay"); the URL mirrors the state
// so that a link opens the same moment.
import { create } from 'zustand';
import { loadRun, resolveRun } from '../panels/replay/runs';
import type { RunOption } from '../panels/replay/catalog';
import { REPLAY_HASH, parseReplayQuery, replaySearch } from './playbackUrl';

export interface ReplayTarget {
  scenario: string;
  variant?: string;
  /** The lock the run used, e.g. `redis`, `pg-lease`; the panel picks a recording or runs the engine. */
  lock?: string;
}

export const SPEEDS = [0.5, 1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];

export interface PlaybackState {
  scenario: string;
  variant: string;
  lock: string;
  /** Events applied: 0 is before the first event. */
  step: number;
  playing: boolean;
  speed: Speed;
  /** What a link asked for that could not be shown, and what is shown instead. */
  notice: string | null;
}

function runLength(option: RunOption): number {
  return loadRun(option).trace?.events.length ?? 0;
}

function clampStep(option: RunOption, step: number): number {
  return Math.min(runLength(option), Math.max(0, Math.round(step)));
}

function choiceOf(option: RunOption) {
  return { scenario: option.scenario, variant: option.variant, lock: option.lock };
}

function initialState(): PlaybackState {
  const base: PlaybackState = {
    ...choiceOf(resolveRun({}).option),
    step: 0,
    playing: false,
    speed: 1,
    notice: null,
  };
  if (typeof window === 'undefined') return base;
  // A malformed or stale link falls back to the default run and says why; it never throws.
  try {
    const parsed = parseReplayQuery(window.location.search);
    if (!parsed.present) return base;
    const { option, notices } = resolveRun(parsed.query);
    const problems = [...parsed.problems, ...notices];
    const want = parsed.query.step ?? 0;
    const step = clampStep(option, want);
    if (step !== want) {
      problems.push(`This run has ${runLength(option)} steps; the link asked for step ${want}.`);
    }
    return {
      ...base,
      ...choiceOf(option),
      step,
      notice: problems.length ? problems.join(' ') : null,
    };
  } catch (err) {
    return { ...base, notice: `The link could not be opened (${String(err)}).` };
  }
}

export const usePlayback = create<PlaybackState>()(() => initialState());

/** The option the store points at. */
export function currentOption(s: PlaybackState = usePlayback.getState()): RunOption {
  return resolveRun({ scenario: s.scenario, variant: s.variant, lock: s.lock }).option;
}

/** Picks a run and rewinds to its start, without moving the page. */
export function selectRun(target: ReplayTarget): void {
  const { option, notices } = resolveRun(target);
  usePlayback.setState({
    ...choiceOf(option),
    step: 0,
    playing: false,
    notice: notices.length ? notices.join(' ') : null,
  });
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Selects a run, rewinds it, and brings the replay into view (no smooth scroll under reduced motion). */
export function openReplay({ scenario, variant, lock }: ReplayTarget): void {
  const target: ReplayTarget = { scenario };
  if (variant !== undefined) target.variant = variant;
  if (lock !== undefined) target.lock = lock;
  selectRun(target);
  writeUrl(usePlayback.getState());
  if (typeof document === 'undefined') return;
  const section = document.getElementById(REPLAY_HASH);
  if (!section) return;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  // Keyboard users land in the replay, where Space and the arrows work at once.
  const panel = section.querySelector<HTMLElement>('[data-replay-panel]');
  panel?.focus({ preventScroll: true });
}

export function setStep(step: number): void {
  const s = usePlayback.getState();
  usePlayback.setState({ step: clampStep(currentOption(s), step) });
}

export function stepBy(delta: number): void {
  const s = usePlayback.getState();
  usePlayback.setState({ step: clampStep(currentOption(s), s.step + delta), playing: false });
}

export function setPlaying(playing: boolean): void {
  const s = usePlayback.getState();
  if (playing && s.step >= runLength(currentOption(s))) {
    // Play at the end starts over, as a video player does.
    usePlayback.setState({ playing: true, step: 0 });
    return;
  }
  usePlayback.setState({ playing });
}

export function togglePlaying(): void {
  setPlaying(!usePlayback.getState().playing);
}

export function setSpeed(speed: number): void {
  const match = SPEEDS.find((s) => s === speed);
  if (match !== undefined) usePlayback.setState({ speed: match });
}

export function dismissNotice(): void {
  usePlayback.setState({ notice: null });
}

/** Advances one step while playing; stops at the end. Returns whether it moved. */
export function tick(): boolean {
  const s = usePlayback.getState();
  const length = runLength(currentOption(s));
  if (s.step >= length) {
    usePlayback.setState({ playing: false });
    return false;
  }
  usePlayback.setState({ step: s.step + 1, playing: s.step + 1 < length });
  return true;
}

function writeUrl(s: PlaybackState): void {
  if (typeof window === 'undefined' || typeof history === 'undefined') return;
  const search = replaySearch(window.location.search, s);
  const url = `${window.location.pathname}${search}#${REPLAY_HASH}`;
  if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
  try {
    history.replaceState(history.state, '', url);
  } catch {
    // Some embedders forbid history changes; the replay works without a shareable URL.
  }
}

// The URL follows the replay, except while playing: a write per frame would flood the history API.
// A page load without replay parameters leaves the URL alone until the reader touches the replay.
usePlayback.subscribe((s, prev) => {
  const moved =
    s.scenario !== prev.scenario ||
    s.variant !== prev.variant ||
    s.lock !== prev.lock ||
    s.step !== prev.step ||
    (prev.playing && !s.playing);
  if (moved && !s.playing) writeUrl(s);
});
