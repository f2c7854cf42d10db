import type { ComponentType } from 'react';

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

export const panelLoaders: Record<string, Loader> = {
  'paused-client': () =>
    import('../panels/paused-client').then(whenRunsReady).then((m) => m.PausedClientPanel),
  'which-lock': () => import('../panels/which-lock').then((m) => m.WhichLockPanel),
  'see-it': () => import('../panels/replay').then(whenRunsReady).then((m) => m.ReplayPanel),
  'fenced-path': () => import('../panels/fenced-path').then((m) => m.FencedPathPanel),
  capabilities: () => import('../panels/capabilities').then((m) => m.CapabilitiesPanel),
  'redis-lock': () => import('../panels/redis-lock').then((m) => m.RedisLockPanel),
  'fencing-storage': () => import('../panels/fencing-storage').then((m) => m.FencingStoragePanel),
  redlock: () => import('../panels/redlock').then(whenRunsReady).then((m) => m.RedlockPanel),
  consensus: () => import('../panels/consensus').then((m) => m.ConsensusPanel),
  'postgres-locks': () => import('../panels/postgres-locks').then((m) => m.PostgresLocksPanel),
  'failure-cases': () => import('../panels/failure-cases').then((m) => m.FailureCasesPanel),
  'scale-ladder': () => import('../panels/scale-ladder').then((m) => m.ScaleLadderPanel),
  drill: () => import('../panels/drill').then((m) => m.DrillPanel),
  numbers: () => import('../panels/numbers').then((m) => m.NumbersPanel),
};
