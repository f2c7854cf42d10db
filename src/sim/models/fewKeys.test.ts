import { describe, expect, it } from 'vitest';
import { FewKeys } from './fewKeys';

describe('a store for a few keys', () => {
  it('keeps, replaces and deletes keys as a Map does, past the three it holds in fields', () => {
    const store = new FewKeys<number>();
    const map = new Map<string, number>();
    // Keys made at run time, so identity is not what finds them.
    const names = ['lock', 'fence', 'doc', 'extra', 'more'].map((n) => `${n}:${n.length}`);
    const steps: [op: 'set' | 'delete', key: number, value: number][] = [
      ['set', 0, 1],
      ['set', 1, 2],
      ['set', 2, 3],
      ['set', 3, 4],
      ['set', 4, 5],
      ['set', 0, 6],
      ['delete', 1, 0],
      ['set', 3, 7],
      ['set', 1, 8],
      ['delete', 3, 0],
      ['delete', 4, 0],
      ['delete', 0, 0],
      ['delete', 0, 0],
      ['set', 4, 9],
      ['set', 0, 10],
    ];
    for (const [op, k, value] of steps) {
      const key = names[k]!;
      if (op === 'set') {
        store.set(key, value);
        map.set(key, value);
      } else {
        store.delete(key);
        map.delete(key);
      }
      for (const name of [...names, 'absent'])
        expect(store.get(`${name}`), `${op} ${key}: ${name}`).toBe(map.get(name));
    }
  });
});
