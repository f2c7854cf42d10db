import { describe, expect, it } from 'vitest';
import { loadLockSources } from '../lockSources';
import { advisoryScript, leaseScript, toPgbenchStatement } from './ceilings/pgbenchScript';

describe('toPgbenchStatement', () => {
  it('turns $n into pgbench variables and drops comments', () => {
    expect(toPgbenchStatement('-- why\nSELECT $1, $2;\n', ['a', 'b'])).toBe('SELECT :a, :b;');
  });

  it('does not let $1 eat the start of $10', () => {
    const sql = `SELECT ${Array.from({ length: 10 }, (_, i) => `$${i + 1}`).join(', ')};`;
    const names = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    expect(toPgbenchStatement(sql, names)).toBe(
      'SELECT :v1, :v2, :v3, :v4, :v5, :v6, :v7, :v8, :v9, :v10;',
    );
  });

  it('ends with \\gset instead of a semicolon when asked', () => {
    expect(toPgbenchStatement('SELECT $1 AS fence;', ['x'], { gset: true })).toBe(
      'SELECT :x AS fence \\gset',
    );
  });

  it('refuses a parameter with no variable', () => {
    expect(() => toPgbenchStatement('SELECT $1, $2;', ['a'])).toThrow('No pgbench variable for $2');
  });
});

describe('the pgbench scripts', () => {
  const sql = loadLockSources();
  const statementLines = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.trim() && !line.trim().startsWith('--'))
      .map((line) => line.replace(/\$(\d)/g, '§$1'));

  it('run advisory-lock.sql inside BEGIN and COMMIT', () => {
    const script = advisoryScript();
    expect(script).toBe(
      '\\set name 100000 + :client_id\nBEGIN;\nSELECT pg_try_advisory_xact_lock(hashtext(:name));\nCOMMIT;\n',
    );
    expect(statementLines(sql.advisoryLock)).toEqual([
      'SELECT pg_try_advisory_xact_lock(hashtext(§1));',
    ]);
  });

  it('run lease-take.sql and lease-give-back.sql line for line', () => {
    const script = leaseScript();
    // Every line of the two SQL files is in the script, with only $n replaced.
    const expected = [...statementLines(sql.leaseTake), ...statementLines(sql.leaseGiveBack)].map(
      (line) =>
        line
          .replace('§1', ':name')
          .replace('§2', line.includes('fence = §2') ? ':fence' : ':owner')
          .replace('§3', ':ttl'),
    );
    const lines = script.split('\n').filter(Boolean);
    expect(lines[0]).toBe('\\set name 200000 + :client_id');
    const body = lines.slice(1).map((line) => line.replace(' \\gset', ';'));
    expect(body).toEqual(expected);
    expect(script).toContain('RETURNING fence \\gset');
  });
});
