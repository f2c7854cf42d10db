import type { ComponentType } from 'react';
import type { LinkReader } from '../state/linkProblems';

// Every panel below the opening loads as its own chunk, right after the shell has rendered, and is
// shown in its turn (panelTurns.ts). The shell (headings, contents menu, section 1) stays within
// the initial-JavaScript budget, and a panel that fails to load only costs its own section.
type Loader = () => Promise<ComponentType>;

/**
 * A panel that shows the replay's runs is handed over only once the recordings are validated,
 * which runs.ts does in slices as the code arrives: its module reads no run before then.
 */
export function whenRunsReady<M extends { runsReady: Promise<void> }>(m: M): Promise<M> {
  return m.runsReady.then(() => m);
}

// The sections that also read the URL (linkReaderLoaders): one import each, shared by both.
const pausedClient = () => import('../panels/paused-client').then(whenRunsReady);
const replay = () => import('../panels/replay').then(whenRunsReady);
const redlock = () => import('../panels/redlock').then(whenRunsReady);

export const panelLoaders: Record<string, Loader> = {
  'paused-client': () => pausedClient().then((m) => m.PausedClientPanel),
  'which-lock': () => import('../panels/which-lock').then((m) => m.WhichLockPanel),
  'see-it': () => replay().then((m) => m.ReplayPanel),
  'fenced-path': () => import('../panels/fenced-path').then((m) => m.FencedPathPanel),
  capabilities: () => import('../panels/capabilities').then((m) => m.CapabilitiesPanel),
  'redis-lock': () => import('../panels/redis-lock').then((m) => m.RedisLockPanel),
  'fencing-storage': () => import('../panels/fencing-storage').then((m) => m.FencingStoragePanel),
  redlock: () => redlock().then((m) => m.RedlockPanel),
  consensus: () => import('../panels/consensus').then((m) => m.ConsensusPanel),
  'postgres-locks': () => import('../panels/postgres-locks').then((m) => m.PostgresLocksPanel),
  'failure-cases': () => import('../panels/failure-cases').then((m) => m.FailureCasesPanel),
  'scale-ladder': () => import('../panels/scale-ladder').then((m) => m.ScaleLadderPanel),
  drill: () => import('../panels/drill').then((m) => m.DrillPanel),
  numbers: () => import('../panels/numbers').then((m) => m.NumbersPanel),
};

/**
 * The sections that read values from the URL, each with its own reading of them (the parser its
 * panel uses), from the same chunk as its panel: the link notice asks for them only when the
 * link has a query, and by then the panels have brought them.
 */
export const linkReaderLoaders: Record<string, () => Promise<LinkReader>> = {
  'paused-client': () => pausedClient().then((m) => m.linkReader),
  'see-it': () => replay().then((m) => m.linkReader),
  redlock: () => redlock().then((m) => m.linkReader),
};
