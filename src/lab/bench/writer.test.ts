import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeJsonAtomic } from './writer';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fencing-lab-writer-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('writeJsonAtomic', () => {
  it('writes the whole JSON with a final newline, creating the folder', () => {
    const path = join(dir, 'deeper', 'numbers.json');
    writeJsonAtomic(path, { a: 1, b: [2, 3] });
    expect(readFileSync(path, 'utf8')).toBe('{\n  "a": 1,\n  "b": [\n    2,\n    3\n  ]\n}\n');
  });

  it('replaces an old file', () => {
    const path = join(dir, 'numbers.json');
    writeFileSync(path, '{"old":true}\n');
    writeJsonAtomic(path, { old: false });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ old: false });
    expect(readdirSync(dir)).toEqual(['numbers.json']);
  });

  it('leaves the old file untouched when the value cannot be serialised', () => {
    const path = join(dir, 'numbers.json');
    writeFileSync(path, '{"old":true}\n');
    expect(() => writeJsonAtomic(path, { big: 1n })).toThrow(/BigInt/);
    expect(readFileSync(path, 'utf8')).toBe('{"old":true}\n');
    expect(readdirSync(dir)).toEqual(['numbers.json']);
  });

  it('leaves no temporary file behind when the final rename fails', () => {
    // A folder where the file should go: the rename fails after the temp file was written.
    const path = join(dir, 'numbers.json');
    mkdirSync(path);
    writeFileSync(join(path, 'keep'), 'x');
    expect(() => writeJsonAtomic(path, { fresh: true })).toThrow();
    expect(readdirSync(dir)).toEqual(['numbers.json']);
    expect(readFileSync(join(path, 'keep'), 'utf8')).toBe('x');
  });
});
