// The replay's state: which run, which step, playing or not, how fast. Other panels call
// openReplay() to show a run ("a failure case row opens its replay"); the URL mirrors the state
// so that a link opens the same moment.
//
// This module stays small on purpose: it is in the page's first load (the drill imports
// openReplay), while the engine and the recordings arrive with the replay panels. Until they do,
// the store keeps the run as asked; the replay module then registers a resolver, and the store
// settles on a run that exists, saying what it had to change.
import { create } from 'zustand';
import { REPLAY_HASH, parseReplayQuery, replaySearch } from './playbackUrl';
import { scrollToSection } from './scrollToSection';
import { onHistoryTraversal, rememberFocusHere, rememberScrollHere } from './historyMoves';
import { currentHash, currentSearch, pushUrl, writeUrlSoon } from './urlWriter';

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
  /** Empty while a request names no variant and no resolver has chosen one yet. */
  variant: string;
  /** Empty while a request names no lock and no resolver has chosen one yet. */
  lock: string;
  /** Events applied: 0 is before the first event. */
  step: number;
  playing: boolean;
  speed: Speed;
  /** What a link asked for that could not be shown, and what is shown instead. */
  notice: string | null;
}

/** What the replay module knows and this store does not: which runs exist, and how long each is. */
export interface RunResolver {
  resolve(target: Partial<ReplayTarget>): {
    choice: { scenario: string; variant: string; lock: string };
    notices: string[];
  };
  /** Events in the run, so steps can be clamped to it. */
  length(choice: { scenario: string; variant: string; lock: string }): number;
  /**
   * The step of run `to` that shows the same moment as `step` of run `from` (the same scenario
   * with fencing flipped, or on another lock), so a switch keeps the reader's place.
   */
  carryStep(
    from: { scenario: string; variant: string; lock: string },
    step: number,
    to: { scenario: string; variant: string; lock: string },
  ): number;
}

let resolver: RunResolver | null = null;
/** True while the store settles on a run: that is not the reader moving, so the URL stays. */
let settling = false;

export const DEFAULT_SCENARIO = 'paused-client';

function target(s: Pick<PlaybackState, 'scenario' | 'variant' | 'lock'>): Partial<ReplayTarget> {
  const t: Partial<ReplayTarget> = { scenario: s.scenario };
  if (s.variant) t.variant = s.variant;
  if (s.lock) t.lock = s.lock;
  return t;
}

function joinNotices(parts: readonly string[]): string | null {
  return parts.length ? parts.join(' ') : null;
}

type AskedRun = Pick<PlaybackState, 'scenario' | 'variant' | 'lock' | 'step' | 'notice'>;

/** What a URL without replay parameters asks for: the default run, at its start. */
const NOTHING_ASKED: AskedRun = {
  scenario: DEFAULT_SCENARIO,
  variant: '',
  lock: '',
  step: 0,
  notice: null,
};

/** The run and step a search string names, as asked (not yet settled on a run that exists). */
function askedBy(search: string): AskedRun {
  // A malformed link keeps what it can and says what it dropped; it never throws.
  try {
    const parsed = parseReplayQuery(search);
    if (!parsed.present) return NOTHING_ASKED;
    const q = parsed.query;
    return {
      scenario: q.scenario ?? DEFAULT_SCENARIO,
      variant: q.variant ?? '',
      lock: q.lock ?? '',
      step: q.step ?? 0,
      notice: joinNotices(parsed.problems),
    };
  } catch (err) {
    return { ...NOTHING_ASKED, notice: `The link could not be opened (${String(err)}).` };
  }
}

function initialState(): PlaybackState {
  const asked = typeof window === 'undefined' ? NOTHING_ASKED : askedBy(window.location.search);
  return { ...asked, playing: false, speed: 1 };
}

export const usePlayback = create<PlaybackState>()(() => initialState());

/**
 * Called once by the replay module when it loads: from then on every choice is checked against
 * the runs that exist. The state so far (from the URL, or an early openReplay) settles now.
 */
export function registerRunResolver(r: RunResolver): void {
  resolver = r;
  const settled = settle(usePlayback.getState());
  withoutUrl(() => usePlayback.setState(settled));
}

/** A run and step as asked, settled on a run that exists (once the runs are known), with notices. */
function settle(asked: AskedRun): AskedRun {
  if (!resolver) return asked;
  const { choice, notices } = resolver.resolve(target(asked));
  const length = resolver.length(choice);
  const step = Math.min(length, Math.max(0, Math.round(asked.step)));
  const problems = asked.notice ? [asked.notice, ...notices] : [...notices];
  if (step !== asked.step)
    problems.push(`This run has ${length} steps; the link asked for step ${asked.step}.`);
  return { ...choice, step, notice: joinNotices(problems) };
}

/**
 * What the replay says about the run and step a search string names: the sentences its notice
 * shows for that link (a run that does not exist, a step past the end), or null when there is
 * nothing to say. Checked against the runs once the replay module has registered them.
 */
export function replayLinkNotice(search: string): string | null {
  return settle(askedBy(search)).notice;
}

/**
 * The reader went Back or Forward: show the run and step that entry's URL names (the default run
 * at its start when it names none), and leave the URL as it is. When the replay already shows
 * them, nothing changes: a replay still playing keeps playing.
 */
function followUrl(): void {
  const next = settle(askedBy(currentSearch()));
  const s = usePlayback.getState();
  const same =
    next.scenario === s.scenario &&
    next.variant === s.variant &&
    next.lock === s.lock &&
    next.step === s.step;
  if (same) return;
  withoutUrl(() => usePlayback.setState({ ...next, playing: false }));
}

function lengthNow(s: PlaybackState): number {
  return resolver ? resolver.length({ scenario: s.scenario, variant: s.variant, lock: s.lock }) : 0;
}

function clampStep(s: PlaybackState, step: number): number {
  return Math.min(lengthNow(s), Math.max(0, Math.round(step)));
}

/** Picks a run and rewinds to its start, without moving the page. */
export function selectRun(t: ReplayTarget): void {
  if (!resolver) {
    usePlayback.setState({
      scenario: t.scenario,
      variant: t.variant ?? '',
      lock: t.lock ?? '',
      step: 0,
      playing: false,
      notice: null,
    });
    return;
  }
  const { choice, notices } = resolver.resolve(t);
  usePlayback.setState({ ...choice, step: 0, playing: false, notice: joinNotices(notices) });
}

/**
 * Shows the same story another way: fencing flipped, another variant or another lock. Unlike
 * selectRun it keeps the reader's place, the same moment in the other run, and keeps playing if
 * it was playing: the point is to compare the two at the moment that matters.
 */
export function switchRun(t: ReplayTarget): void {
  const s = usePlayback.getState();
  if (!resolver) {
    usePlayback.setState({ scenario: t.scenario, variant: t.variant ?? '', lock: t.lock ?? '' });
    return;
  }
  const { choice, notices } = resolver.resolve(t);
  const from = { scenario: s.scenario, variant: s.variant, lock: s.lock };
  const length = resolver.length(choice);
  const carried = choice.scenario === s.scenario ? resolver.carryStep(from, s.step, choice) : 0;
  const step = Math.min(length, Math.max(0, Math.round(carried)));
  usePlayback.setState({
    ...choice,
    step,
    playing: s.playing && step < length,
    notice: joinNotices(notices),
  });
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Selects a run, rewinds it, and brings the replay into view (no smooth scroll under reduced
 * motion), keeping it there while panels above it are still arriving. The reader clicked to go
 * there, as they would follow a link: the jump adds a history entry, and Back returns to where
 * they were, with the run that entry's URL names.
 */
export function openReplay({ scenario, variant, lock }: ReplayTarget): void {
  const t: ReplayTarget = { scenario };
  if (variant !== undefined) t.variant = variant;
  if (lock !== undefined) t.lock = lock;
  // Not through the store's own writes: those replace the entry the reader is leaving.
  withoutUrl(() => selectRun(t));
  if (typeof window !== 'undefined' && typeof history !== 'undefined') {
    // Back puts the keyboard's focus back on the link the jump was made from, and the page
    // where it was.
    rememberFocusHere();
    rememberScrollHere();
    pushUrl(replaySearch(currentSearch(), usePlayback.getState()), `#${REPLAY_HASH}`);
    rememberScrollHere();
  }
  if (typeof document === 'undefined') return;
  const section = document.getElementById(REPLAY_HASH);
  if (!section) return;
  scrollToSection(section, prefersReducedMotion() ? 'auto' : 'smooth');
  // Keyboard users land in the replay, where Space and the arrows work at once; Forward to this
  // entry lands them there again.
  const panel = section.querySelector<HTMLElement>('[data-replay-panel]');
  panel?.focus({ preventScroll: true });
  rememberFocusHere();
}

export function setStep(step: number): void {
  const s = usePlayback.getState();
  usePlayback.setState({ step: clampStep(s, step) });
}

export function stepBy(delta: number): void {
  const s = usePlayback.getState();
  usePlayback.setState({ step: clampStep(s, s.step + delta), playing: false });
}

export function setPlaying(playing: boolean): void {
  const s = usePlayback.getState();
  if (playing && s.step >= lengthNow(s)) {
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
  const length = lengthNow(s);
  if (s.step >= length) {
    usePlayback.setState({ playing: false });
    return false;
  }
  usePlayback.setState({ step: s.step + 1, playing: s.step + 1 < length });
  return true;
}

function writeUrl(s: PlaybackState): void {
  if (typeof window === 'undefined' || typeof history === 'undefined') return;
  const search = replaySearch(currentSearch(), s);
  if (search === currentSearch() && currentHash() === `#${REPLAY_HASH}`) return;
  // Merged with the writes just before and after it: scrubbing writes once per interval.
  writeUrlSoon(search, `#${REPLAY_HASH}`);
}

// The URL follows the replay, except for the steps of playing: a write per frame would flood the
// history API. A switch to another run is one write, so it shows at once, playing or not (or
// within urlWriter's interval of the write before it). A page
// load without replay parameters leaves the URL alone until the reader touches the replay, and so
// does the store settling on a run when the replay module loads.
usePlayback.subscribe((s, prev) => {
  if (settling) return;
  const switched =
    s.scenario !== prev.scenario || s.variant !== prev.variant || s.lock !== prev.lock;
  const moved = switched || s.step !== prev.step || (prev.playing && !s.playing);
  if (switched || (moved && !s.playing)) writeUrl(s);
});

/** Runs `fn` without mirroring its changes in the URL. */
export function withoutUrl(fn: () => void): void {
  settling = true;
  try {
    fn();
  } finally {
    settling = false;
  }
}

if (typeof window !== 'undefined') onHistoryTraversal(followUrl);
