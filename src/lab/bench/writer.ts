// Writes a file whole or not at all: the text goes to a temporary file in the same folder and
// is renamed over the target only once complete, so a crash, a full disk or a failed case
// can never leave the page a half-written numbers.json.
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { makeFolders } from '../output/makeFolders';

export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  // Not Node's recursive mkdir, which never returns for a folder under /proc.
  makeFolders(dir);
  // Same folder as the target: rename is atomic only within one file system.
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** JSON with two-space indent and a final newline, written atomically. */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  // Serialise first: a value that cannot be serialised must fail before anything is touched.
  const text = `${JSON.stringify(value, null, 2)}\n`;
  await writeFileAtomic(path, text);
}
