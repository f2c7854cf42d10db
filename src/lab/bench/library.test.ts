// The pure parts of the library side: slice order, the ratio spread, error naming, the table.
import { describe, expect, it } from 'vitest';
import { ServerDownError } from '../servers';
import { libraryError, libraryLabel } from './cases/librarySupport';
import type { NumbersCase } from './numbers';
import { describeSpread, sliceOrder } from './runCase';
import { formatTable } from './table';

describe('sliceOrder', () => {
  it('mirrors every other slice, so each side sits at the same mean position', () => {
    expect(sliceOrder(1)).toEqual(['node', 'ceiling', 'library']);
    expect(sliceOrder(2)).toEqual(['library', 'ceiling', 'node']);
    expect(sliceOrder(3)).toEqual(sliceOrder(1));
    const mean = (side: string) =>
      [1, 2].reduce((sum, slice) => sum + sliceOrder(slice).indexOf(side as never), 0) / 2;
    expect(mean('node')).toBe(mean('library'));
    expect(mean('node')).toBe(mean('ceiling'));
  });

  it('without a library side is the ABBA order of Node and the C tool', () => {
    const withoutLibrary = (slice: number) => sliceOrder(slice).filter((s) => s !== 'library');
    expect(withoutLibrary(1)).toEqual(['node', 'ceiling']);
    expect(withoutLibrary(2)).toEqual(['ceiling', 'node']);
  });
});

describe('describeSpread', () => {
  it('gives the lowest, highest and median ratio', () => {
    expect(describeSpread([1.1, 0.9, 1.0])).toBe('0.90 to 1.10, median 1.00');
  });

  it('takes the median of an even count halfway between the two middle ratios', () => {
    expect(describeSpread([1.5, 0.9])).toBe('0.90 to 1.50, median 1.20');
    expect(describeSpread([1.0, 1.2, 0.8, 1.4])).toBe('0.80 to 1.40, median 1.10');
  });

  it('says nothing for fewer than two slices', () => {
    expect(describeSpread([])).toBeUndefined();
    expect(describeSpread([1])).toBeUndefined();
  });
});

describe('libraryError', () => {
  it('turns a lost connection into the ServerDownError the lean clients raise', () => {
    const lost = new Error('Connection is closed.');
    const error = libraryError('ioredis', 'Redis', '127.0.0.1:6390', lost);
    expect(error).toBeInstanceOf(ServerDownError);
    expect(error.cause).toBe(lost);
    expect(error.message).toBe(
      'Redis is down at 127.0.0.1:6390: no new work starts (ioredis: Connection is closed.)',
    );
    expect(
      libraryError('pg', 'Postgres', 'h:5432', new Error('Connection terminated unexpectedly')),
    ).toBeInstanceOf(ServerDownError);
  });

  it('names the library for any other failure', () => {
    const missing = new Error('relation "leases" does not exist');
    const error = libraryError('pg', 'Postgres', 'h:5432', missing);
    expect(error).not.toBeInstanceOf(ServerDownError);
    expect(error.cause).toBe(missing);
    expect(error.message).toBe('pg: relation "leases" does not exist');
  });
});

describe('libraryLabel', () => {
  it('names the installed version', () => {
    expect(libraryLabel('ioredis')).toMatch(/^ioredis 5\.\d+\.\d+$/);
    expect(libraryLabel('pg')).toMatch(/^pg 8\.\d+\.\d+$/);
  });
});

describe('formatTable', () => {
  const base = {
    p50Ms: 0.5,
    p99Ms: 1.2,
    ceilingPerSecond: 40_000,
    ratio: 1.25,
    connections: 32,
    pipelined: false,
  };
  it('has a library column, with a dash where there is none', () => {
    const cases: NumbersCase[] = [
      {
        ...base,
        name: 'redis-token',
        pairsPerSecond: 50_000,
        library: { client: 'ioredis 5.11.1', perSecond: 21_000, p50Ms: 1, p99Ms: 3, ratio: 0.525 },
      },
      { ...base, name: 'etcd-lease', pairsPerSecond: 1_100, ceilingPerSecond: null, ratio: null },
    ];
    const [header, , token, etcd] = formatTable(cases).split('\n');
    expect(header).toMatch(/ratio\s+library\/s\s+lib ratio\s+conns/);
    expect(token).toMatch(/1\.25\s+21,000 ioredis\s+0\.53\s+32/);
    expect(etcd).toMatch(/—\s+—\s+—\s+32/);
  });
});
