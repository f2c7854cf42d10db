import type { Scenario } from './scenario';
import { pausedClient } from './pausedClient';
import { delayedWrite } from './delayedWrite';
import { redisFailover } from './redisFailover';
import { holderCrash } from './holderCrash';
import { slowRelease } from './slowRelease';
import { longJob } from './longJob';
import { serverClockJump } from './serverClockJump';
import { redlockClockJump } from './redlockClockJump';
import { redlockGcPause } from './redlockGcPause';
import { advisoryDisconnect } from './advisoryDisconnect';
import { etcdLease } from './etcdLease';
import { clusterHashTags } from './clusterHashTags';

export type { Scenario, Expected, Params } from './scenario';

/** Every scenario, in the order the page tells them. */
export const scenarios: readonly Scenario[] = [
  pausedClient,
  delayedWrite,
  redisFailover,
  holderCrash,
  slowRelease,
  longJob,
  serverClockJump,
  redlockClockJump,
  redlockGcPause,
  advisoryDisconnect,
  etcdLease,
  clusterHashTags,
];

export function findScenario(name: string): Scenario | undefined {
  return scenarios.find((s) => s.name === name);
}
