// Real servers keep their own clocks: a script that offsets or drifts one is the simulator's alone,
// and the lab refuses it before it touches a server rather than record a run that ignored it.
import { describe, expect, it } from 'vitest';
import { story } from '../../sim/scenarios/scenario';
import { openRealBackend, type ServerPool } from './index';

describe('a script that sets a server clock', () => {
  it('is refused on real servers, naming the clock', async () => {
    const script = story(
      'redis',
      true,
      { 'client-1': [{ op: { f: 'acquire', ttlMs: 300 } }] },
      { clocks: { redis: { driftPpm: 20_000 } } },
    );
    let asked = false;
    const pool = new Proxy({} as ServerPool, {
      get() {
        asked = true;
        throw new Error('the pool was asked for a server');
      },
    });
    await expect(openRealBackend(script, pool, () => {})).rejects.toThrow(
      "the script sets the clock of redis; only the simulator can offset or drift a server's clock",
    );
    expect(asked).toBe(false);
  });
});
