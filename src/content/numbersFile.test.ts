import { describe, expect, it } from 'vitest';
import { caseRate, loadNumbers, validateNumbers } from './numbersFile';

const good = () => ({
  format: 'fencing-lab/numbers',
  version: 1,
  environment: {
    cpuModel: 'AMD EPYC 7B13',
    cpus: 2,
    memoryGb: 7.8,
    os: 'Linux 6.1',
    node: 'v22.11.0',
    redis: '7.0.15',
    postgres: '15.18',
    settings: { fsync: 'off', persistence: 'none' },
    recordedAt: '2026-11-30T10:00:00Z',
  },
  clients: 32,
  seconds: 3,
  cases: [
    {
      name: 'redis-token',
      pairsPerSecond: 18_950,
      p50Ms: 1.6,
      p99Ms: 3.2,
      ceilingPerSecond: 20_000,
      ratio: 0.95,
      connections: 32,
      pipelined: false,
    },
    {
      name: 'redis-hot',
      triesPerSecond: 54_000,
      winsPerSecond: 1_700,
      p50Ms: 0.5,
      p99Ms: 1.1,
      ceilingPerSecond: null,
      ratio: null,
      connections: 32,
      pipelined: false,
      ceilingReason: 'redis-benchmark not found',
    },
  ],
});

describe('validateNumbers', () => {
  it('accepts the file the lab writes', () => {
    const result = validateNumbers(good());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.cases.map((c) => c.kind)).toEqual(['pairs', 'tries']);
    expect(caseRate(result.value.cases[1]!)).toBe(54_000);
    expect(result.value.cases[1]!.ceilingNote).toBe('redis-benchmark not found');
    expect(result.value.environment.settings).toEqual({ fsync: 'off', persistence: 'none' });
  });

  it('refuses another format or version before reading further', () => {
    expect(validateNumbers({ ...good(), format: 'fencing-lab/trace' })).toEqual({
      ok: false,
      problems: ['format: expected "fencing-lab/numbers", found "fencing-lab/trace"'],
    });
    const v2 = validateNumbers({ ...good(), version: 2 });
    expect(v2.ok).toBe(false);
    if (!v2.ok) expect(v2.problems[0]).toMatch(/^version/);
  });

  it('names every wrong field, with the case it belongs to', () => {
    const data = good();
    (data.cases[0] as Record<string, unknown>).p99Ms = 'fast';
    (data.cases[1] as Record<string, unknown>).winsPerSecond = 60_000;
    delete (data.environment as Record<string, unknown>).redis;
    const result = validateNumbers(data);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'cases[0] (redis-token).p99Ms: expected a number ≥ 0, found "fast"',
        'cases[1] (redis-hot).winsPerSecond: 60000 is more than triesPerSecond 54000',
        'environment.redis: expected a non-empty string, found nothing',
      ]),
    );
  });

  it('refuses unknown and repeated case names, and a case with no rate', () => {
    const data = good();
    data.cases.push({ ...data.cases[0]!, name: 'redis-token' });
    data.cases.push({ ...data.cases[0]!, name: 'mysql' });
    const noRate: Record<string, unknown> = { ...data.cases[0]!, name: 'pg-lease' };
    delete noRate.pairsPerSecond;
    data.cases.push(noRate as (typeof data.cases)[0]);
    const result = validateNumbers(data);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.join('\n')).toMatch(/cases\[2\]\.name: redis-token appears twice/);
    expect(result.problems.join('\n')).toMatch(/cases\[3\]\.name: expected one of/);
    expect(result.problems.join('\n')).toMatch(/cases\[4\] \(pg-lease\): expected pairsPerSecond/);
  });

  it('requires the durability settings to be stated', () => {
    const data = good();
    data.environment.settings = { persistence: 'none' } as typeof data.environment.settings;
    const result = validateNumbers(data);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.problems).toContain(
        'environment.settings.fsync: expected a value, found nothing',
      );
  });
});

describe('validateNumbers: the library figure', () => {
  const withLibrary = (library: unknown) => {
    const data = good();
    (data.cases[0] as Record<string, unknown>).library = library;
    return data;
  };
  const ioredis = {
    client: 'ioredis 5.11.1',
    perSecond: 21_000,
    p50Ms: 1.4,
    p99Ms: 3.9,
    ratio: 0.525,
  };

  it('is optional: a file without it reads as before', () => {
    const result = validateNumbers(good());
    expect(result.ok && result.value.cases.every((c) => c.library === undefined)).toBe(true);
  });

  it('is read when present, with wins for the hot lock and a null ratio without a ceiling', () => {
    const data = withLibrary(ioredis);
    (data.cases[1] as Record<string, unknown>).library = {
      ...ioredis,
      perSecond: 60_000,
      winsPerSecond: 1_500,
      ratio: null,
    };
    const result = validateNumbers(data);
    expect(result.ok ? [] : result.problems).toEqual([]);
    if (!result.ok) return;
    expect(result.value.cases[0]!.library).toEqual(ioredis);
    expect(result.value.cases[1]!.library).toMatchObject({ winsPerSecond: 1_500, ratio: null });
  });

  it('names every wrong field inside it, with the case it belongs to', () => {
    const result = validateNumbers(
      withLibrary({ client: '', perSecond: -5, p50Ms: 'fast', p99Ms: 2, winsPerSecond: 9 }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'cases[0] (redis-token).library.client: expected a non-empty string, found ""',
        'cases[0] (redis-token).library.perSecond: expected a number ≥ 0, found -5',
        'cases[0] (redis-token).library.p50Ms: expected a number ≥ 0, found "fast"',
        'cases[0] (redis-token).library.ratio: expected a number ≥ 0 or null, found nothing',
      ]),
    );
  });

  it('refuses a library that is not an object, or wins above its tries', () => {
    const notObject = validateNumbers(withLibrary('ioredis'));
    expect(notObject.ok ? [] : notObject.problems).toEqual([
      'cases[0] (redis-token).library: expected an object, found "ioredis"',
    ]);
    const tooManyWins = validateNumbers(withLibrary({ ...ioredis, winsPerSecond: 30_000 }));
    expect(tooManyWins.ok ? [] : tooManyWins.problems).toEqual([
      'cases[0] (redis-token).library.winsPerSecond: 30000 is more than perSecond 21000',
    ]);
  });
});

describe('loadNumbers', () => {
  it('says the file is missing when the lab has not written it', () => {
    expect(loadNumbers(undefined, 'recordings/numbers.json')).toEqual({
      status: 'missing',
      file: 'recordings/numbers.json',
    });
  });

  it('reports broken JSON with the file name', () => {
    const load = loadNumbers('{"format":', 'recordings/numbers.json');
    expect(load.status).toBe('invalid');
    if (load.status === 'invalid') {
      expect(load.file).toBe('recordings/numbers.json');
      expect(load.problems[0]).toMatch(/^not valid JSON/);
    }
  });

  it('loads a good file', () => {
    expect(loadNumbers(JSON.stringify(good()), 'f').status).toBe('ok');
  });

  it('reads a file that starts with a byte-order mark, as the recordings are read', () => {
    expect(loadNumbers(`\uFEFF${JSON.stringify(good())}`, 'f').status).toBe('ok');
  });
});
