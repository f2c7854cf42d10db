// The lab's own `mkdir -p`: makes what is missing, accepts what is there, and fails at once where
// Node's recursive mkdir would spin forever (a folder under Linux's /proc).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFolders } from './makeFolders';

const scratch = mkdtempSync(join(tmpdir(), 'fencing-lab-make-folders-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('makeFolders', () => {
  it('makes every missing folder and accepts one that is already there', () => {
    const deep = join(scratch, 'a', 'b', 'c');
    makeFolders(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(() => makeFolders(deep)).not.toThrow();
  });

  it('throws ENOTDIR for a file in the way, itself or above', () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, 'x');
    expect(() => makeFolders(file)).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
    expect(() => makeFolders(join(file, 'below'))).toThrow(
      expect.objectContaining({ code: 'ENOTDIR' }),
    );
  });

  it.runIf(process.platform === 'linux')('fails at once under /proc', () => {
    // In a child, with a deadline: a call that spins would otherwise hold this worker forever.
    const module = fileURLToPath(new URL('./makeFolders.ts', import.meta.url));
    const child = spawnSync(
      process.execPath,
      [
        ...['--import', 'tsx', '--input-type=module', '-e'],
        `import { makeFolders } from ${JSON.stringify(module)};
         try { makeFolders('/proc/fencing-lab-no-such-folder/below'); }
         catch (error) { console.log(error.code); }`,
      ],
      { timeout: 15_000, encoding: 'utf8' },
    );
    expect(child.signal).toBeNull();
    expect(child.stdout.trim()).toBe('ENOENT');
  });
});
