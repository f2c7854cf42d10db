// One thing, one name. On this page the fence is what the storage keeps with each document (the
// highest token that has written to it), so the Redis key the acquire script counts tokens with is
// the token counter (fence:{name}), never the "fence counter": a reader who meets both names
// takes them for two things, or takes the storage's fence for a counter in Redis.
import { beforeAll, describe, expect, it } from 'vitest';
import { allStrings } from './allStrings';
import * as capabilities from './capabilities';
import * as consensus from './consensus';
import * as drill from './drill';
import * as failureCases from './failureCases';
import * as fencedPath from './fencedPath';
import * as fencingStorage from './fencingStorage';
import * as pausedClient from './pausedClient';
import * as postgresLocks from './postgresLocks';
import * as redisLock from './redisLock';
import * as redlock from './redlock';
import * as scaleLadder from './scaleLadder';
import * as seeIt from './seeIt';
import * as top from './top';
import * as whichLock from './whichLock';
import { STEPS } from '../panels/fenced-path/steps';
import { lockSources } from '../panels/code/lockSources';
import { ReplayCursor } from '../panels/replay/cursor';
import { runEnding } from '../panels/replay/runEnding';
import { loadRun, replayOptions, runsReady } from '../panels/replay/runs';

beforeAll(() => runsReady);

const prose = {
  capabilities,
  consensus,
  drill,
  failureCases,
  fencedPath,
  fencingStorage,
  pausedClient,
  postgresLocks,
  redisLock,
  redlock,
  scaleLadder,
  seeIt,
  top,
  whichLock,
  steps: STEPS,
};

describe('the Redis key that hands out tokens', () => {
  it('is the token counter in the sections’ prose', () => {
    const all = allStrings(prose);
    expect(all.some((s) => /token counter/.test(s))).toBe(true);
    for (const s of all) expect(s).not.toMatch(/fence counter/i);
  });

  it('is the token counter in the tested Lua and SQL the page shows', () => {
    // The page prints these files as they are, so their comments and error text are prose too.
    for (const source of Object.values(lockSources))
      expect(source.code, source.file).not.toMatch(/fence counter/i);
    expect(lockSources.acquire.code).toMatch(/token counter/);
  });

  it('is the token counter in every closing line the replay gives a run', () => {
    let said = 0;
    for (const o of replayOptions()) {
      const ending = runEnding(new ReplayCursor(loadRun(o).trace!));
      if (!ending) continue;
      expect(`${ending.title} ${ending.body}`, o.id).not.toMatch(/fence counter/i);
      if (/token counter/.test(ending.body)) said++;
    }
    // The Redis Cluster runs name it (the script's two keys and their slots).
    expect(said).toBeGreaterThan(0);
  });
});

describe('the fence', () => {
  // The paused client's timeline, the first figure on the page, already says "stores v2, fence
  // 34"; Fencing at the storage, which explains the word, comes six sections later.
  it('is named in the key points, before the first figure shows one', () => {
    expect(top.keyPoints.join(' ')).toMatch(/highest token[^.]*\bthe fence\b/);
  });
});
