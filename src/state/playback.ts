// The replay's state. Placeholder until the replay panel lands: other panels call openReplay().
export interface ReplayTarget {
  scenario: string;
  variant?: string;
  /** The lock the run used, e.g. `redis`, `pg-lease`; the panel picks a recording or runs the engine. */
  lock?: string;
}

export function openReplay(target: ReplayTarget): void {
  void target;
}
