import type { LockKind, Script, Step } from '../run/script';
import type { Verdict } from '../trace/schema';

export type Params = Record<string, number>;

/** What the explainer says must happen; tests hold every seed to it. */
export interface Expected {
  verdict: Verdict;
  holdersOverlap: boolean;
  /** The document's body at the end. */
  finalBody?: string;
}

export interface Scenario<P extends Params = Params> {
  name: string;
  title: string;
  /**
   * A name for the replay's scenario select where the title is longer than a 320 px phone's
   * select shows (27 characters): a native select cannot wrap its text.
   */
  short?: string;
  /** One or two sentences: the story the run tells. */
  summary: string;
  variants: readonly string[];
  /** The locks it can run on; the first is the default. */
  locks: readonly LockKind[];
  defaults: P;
  script(params: P, variant: string, lock: LockKind): Script;
  expected(variant: string, lock: LockKind): Expected;
}

/** The script fields most scenarios share: one document `report`, tokens from 33 on. */
export function story(
  lock: LockKind,
  fencing: boolean,
  actors: Record<string, Step[]>,
  extra: Partial<Script> = {},
): Script {
  return {
    lock,
    fencing,
    resource: 'report',
    hashTags: true,
    initialToken: 32,
    initialBody: 'v0',
    actors,
    ...extra,
  };
}

export const FENCING_VARIANTS = ['fencing-off', 'fencing-on'] as const;
export const fencingOn = (variant: string): boolean => variant === 'fencing-on';

/**
 * Declares a scenario whose script reads exactly the parameters its defaults name. Callers fill
 * every default in before `script` runs (see `resolveRun`), so the narrower type is safe.
 */
export function defineScenario<P extends Params>(scenario: Scenario<P>): Scenario {
  return scenario as unknown as Scenario;
}
