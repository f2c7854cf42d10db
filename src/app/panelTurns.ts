import type { ComponentType } from 'react';
import { panelLoaders } from './panels';

/**
 * Each panel below the opening is shown in its own turn, once its code is in: one per animation
 * frame, each after the one before is in the page, and rendered by React in slices.
 *
 * The panels' chunks arrive within a few milliseconds of each other. Shown through React.lazy,
 * React revealed them all in one commit, and the browser then laid out fourteen panels in one
 * task: the page's longest on first load, most of it layout (about 60 to 90 ms on the machine
 * the README's figures come from, several times that on a phone's CPU). Shown in turns, each
 * panel's layout is a task of its own and its render is cut into slices React yields between,
 * so a tap or a scroll is answered in between.
 * Every panel is still shown within a few frames of its code arriving, text and all: nothing
 * waits for the reader to scroll, so find-in-page, screen readers, print and links into a
 * section find it whole.
 */
export type PanelTurn =
  | { status: 'waiting' }
  | { status: 'shown'; Panel: ComponentType }
  | { status: 'failed'; error: Error };

export interface PanelTurns {
  /** Fetches every panel's code; each is shown in its turn as it arrives. Runs once. */
  start(): void;
  /** The panel's turn: waiting, shown, or failed (its code did not arrive). */
  turnOf(id: string): PanelTurn;
  subscribe(notify: () => void): () => void;
  /** The panel shown last is in the page (React has committed it): the next may take its turn. */
  committed(id: string): void;
  /** Resolves once every panel has had its turn (shown or failed), so a deep link can be honoured. */
  allShown(): Promise<void>;
}

type Loader = () => Promise<ComponentType>;
/** Calls back before the browser's next frame, as requestAnimationFrame; null where there is none. */
type NextFrame = ((show: () => void) => void) | null;

const WAITING: PanelTurn = { status: 'waiting' };
/** How long the next panel waits for the last one to be committed before going ahead anyway. */
const COMMIT_WAIT_MS = 500;

const browserFrame = (): NextFrame =>
  // A hidden tab gets no frames, and nobody watches it lay out: it takes the panels at once.
  typeof requestAnimationFrame === 'undefined' || document.visibilityState === 'hidden'
    ? null
    : frameOrHidden;

/**
 * Calls back at the next frame, or as soon as the tab is hidden: the frame asked for would not
 * come until the reader is back, and the panels after it would wait for it all that time.
 */
function frameOrHidden(show: () => void): void {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    document.removeEventListener('visibilitychange', onHidden);
    show();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') once();
  };
  requestAnimationFrame(once);
  document.addEventListener('visibilitychange', onHidden);
}

export function createPanelTurns(
  loaders: Readonly<Record<string, Loader>>,
  nextFrame: () => NextFrame = browserFrame,
): PanelTurns {
  const order = Object.keys(loaders);
  const turns = new Map<string, PanelTurn>();
  const listeners = new Set<() => void>();
  /** Panels whose code is in (or failed) and that wait for a frame, in the page's order. */
  const queue: { id: string; turn: PanelTurn }[] = [];
  let waitingForFrame = false;
  /** The panel shown last, until React has committed it; the next waits for that. */
  let uncommitted: string | null = null;
  let commitWait: ReturnType<typeof setTimeout> | undefined;
  let started = false;
  let finished: (() => void) | undefined;
  const allShown = new Promise<void>((resolve) => (finished = resolve));
  if (order.length === 0) finished?.();

  function show(next: { id: string; turn: PanelTurn }) {
    turns.set(next.id, next.turn);
    listeners.forEach((notify) => notify());
    if (turns.size === order.length) finished?.();
  }

  function showNext() {
    waitingForFrame = false;
    const next = queue.shift();
    if (next === undefined) return;
    // A panel whose code did not arrive is its section's error line: nothing to wait for, and
    // its error is thrown before React could report it committed.
    if (next.turn.status === 'failed') {
      show(next);
      schedule();
      return;
    }
    // React renders the panel in slices (a transition); the next one waits until it is in the
    // page, or React would render the two together and the browser lay them out together.
    uncommitted = next.id;
    commitWait = setTimeout(() => committed(next.id), COMMIT_WAIT_MS);
    show(next);
  }

  function committed(id: string) {
    if (id !== uncommitted) return;
    uncommitted = null;
    clearTimeout(commitWait);
    schedule();
  }

  function schedule() {
    if (waitingForFrame || uncommitted !== null || queue.length === 0) return;
    const frame = nextFrame();
    if (frame === null) {
      for (const next of queue.splice(0)) show(next);
      return;
    }
    waitingForFrame = true;
    frame(showNext);
  }

  function arrived(id: string, turn: PanelTurn) {
    queue.push({ id, turn });
    queue.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
    schedule();
  }

  return {
    start() {
      if (started) return;
      started = true;
      // Each fetch in a task of its own: starting one (Vite's preload helper resolving the
      // chunk's URLs and adding a <link> for each file it needs) takes a few milliseconds, and
      // the fourteen together made a long task of their own.
      for (const id of order)
        setTimeout(() =>
          loaders[id]!().then(
            (Panel) => arrived(id, { status: 'shown', Panel }),
            (error: unknown) =>
              arrived(id, {
                status: 'failed',
                error: error instanceof Error ? error : new Error(String(error)),
              }),
          ),
        );
    },
    turnOf: (id) => turns.get(id) ?? WAITING,
    committed,
    subscribe(notify) {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    allShown: () => allShown,
  };
}

/** The page's panels, taking their turns. */
export const panelTurns = createPanelTurns(panelLoaders);
