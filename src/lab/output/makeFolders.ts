// `mkdir -p` that always returns. Node's own (`mkdirSync(dir, { recursive: true })`) reads ENOENT
// as "the parent is missing", makes the parent, gets EEXIST and tries the child again: under
// Linux's /proc, whose folders take no new entries and answer ENOENT, it spins at full CPU
// forever. Here each missing folder is made once, top down, and the first refusal is thrown.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Makes `dir` and any missing parents. Throws the first refusal, with its errno code. */
export function makeFolders(dir: string): void {
  const missing: string[] = [];
  let at = resolve(dir);
  for (;;) {
    let isFolder: boolean;
    try {
      isFolder = statSync(at).isDirectory();
    } catch (error) {
      const parent = dirname(at);
      if (codeOf(error) !== 'ENOENT' || parent === at) throw error;
      missing.push(at);
      at = parent;
      continue;
    }
    if (isFolder) break;
    throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${at}'`), {
      code: 'ENOTDIR',
      path: at,
    });
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      // Made by someone else in the meantime is as good as made here.
      if (codeOf(error) !== 'EEXIST' || !statSync(folder).isDirectory()) throw error;
    }
  }
}
