import { describe, expect, it, vi } from 'vitest';
import { buildOptions, createRunLoader, hasFencingSwitch, resolveChoice } from './catalog';
import type { ScenarioInfo } from './catalog';
import { pausedClientTrace } from './fixtures';
import type { RecordingSet } from './recordings';

const scenarios: ScenarioInfo[] = [
  {
    name: 'paused-client',
    title: 'The paused client',
    summary: '',
    variants: ['fencing-off', 'fencing-on'],
    locks: ['redis', 'pg-lease', 'etcd'],
  },
  {
    name: 'holder-crash',
    title: 'The holder crashes',
    summary: '',
    variants: ['default'],
    locks: ['redis'],
  },
];

const recordedOn = pausedClientTrace(true, { backend: 'redis+postgres' });
const set: RecordingSet = {
  recordings: [
    { file: 'paused-client.fencing-on.redis+postgres.json', trace: recordedOn, lock: 'redis' },
    {
      file: 'delayed-write.fencing-on.redis+postgres.json',
      trace: { ...recordedOn, scenario: 'delayed-write' },
      lock: 'redis',
    },
  ],
  invalid: [],
};

describe('catalog', () => {
  const options = buildOptions(scenarios, set);

  it('offers every scenario × variant × lock, and recordings of scenarios the engine lacks', () => {
    expect(options.map((o) => o.id)).toEqual([
      'paused-client/fencing-off/redis',
      'paused-client/fencing-off/pg-lease',
      'paused-client/fencing-off/etcd',
      'paused-client/fencing-on/redis',
      'paused-client/fencing-on/pg-lease',
      'paused-client/fencing-on/etcd',
      'holder-crash/default/redis',
      'delayed-write/fencing-on/redis',
    ]);
    expect(
      options.find((o) => o.id === 'paused-client/fencing-on/redis')?.recording,
    ).not.toBeNull();
    expect(options.find((o) => o.id === 'paused-client/fencing-off/redis')?.recording).toBeNull();
  });

  it('resolves a full request exactly and falls back with a notice for unknown parts', () => {
    expect(
      resolveChoice(options, { scenario: 'paused-client', variant: 'fencing-on', lock: 'etcd' }),
    ).toMatchObject({ option: { id: 'paused-client/fencing-on/etcd' }, notices: [] });
    expect(resolveChoice(options, {}).option.id).toBe('paused-client/fencing-off/redis');
    const bad = resolveChoice(options, { scenario: 'nope', variant: 'x', lock: 'y' });
    expect(bad.option.scenario).toBe('paused-client');
    expect(bad.notices).toHaveLength(3);
    // Named as the replay's selects name them, not by their names in the URL.
    expect(bad.notices).toEqual([
      'There is no scenario called “nope”; the replay shows “The paused client” instead.',
      '“The paused client” has no variant “x”; the replay shows “fencing off” instead.',
      '“The paused client” does not run on “y”; the replay shows it on Redis + Postgres storage.',
    ]);
    expect(
      resolveChoice(options, { scenario: 'holder-crash', variant: 'fencing-on' }).option.id,
    ).toBe('holder-crash/default/redis');
  });

  it('prefers a recorded lock when none is asked for', () => {
    expect(
      resolveChoice(options, { scenario: 'paused-client', variant: 'fencing-on' }).option.lock,
    ).toBe('redis');
  });

  it('knows which scenarios have a fencing switch', () => {
    expect(hasFencingSwitch(options, 'paused-client')).toBe(true);
    expect(hasFencingSwitch(options, 'holder-crash')).toBe(false);
  });

  it('plays a recording as it is, runs the engine once per choice, and reports engine errors', () => {
    const simulate = vi.fn(() => pausedClientTrace(false));
    const load = createRunLoader(simulate);
    const recorded = options.find((o) => o.id === 'paused-client/fencing-on/redis')!;
    expect(load(recorded).trace).toBe(recordedOn);
    const live = options.find((o) => o.id === 'paused-client/fencing-off/pg-lease')!;
    load(live);
    load(live);
    expect(simulate).toHaveBeenCalledTimes(1);
    expect(simulate).toHaveBeenCalledWith({
      scenario: 'paused-client',
      variant: 'fencing-off',
      lock: 'pg-lease',
      seed: 1,
    });
    const failing = createRunLoader(() => {
      throw new Error('unknown scenario');
    });
    expect(failing(live)).toMatchObject({ trace: null, error: 'unknown scenario' });
  });
});
