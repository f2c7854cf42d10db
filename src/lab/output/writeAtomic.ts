// A file the lab writes (a recording, numbers.json) is written whole or not at all: into a
// temporary file in the same folder (so the rename stays on one file system), flushed, then
// renamed over the old one in one step. Synchronous on purpose: an interrupt handler that exits
// the process cannot land between the write and the rename and leave the temporary file behind.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { makeFolders } from './makeFolders';

export function writeFileAtomic(path: string, text: string): void {
  const dir = dirname(path);
  // Not Node's recursive mkdir, which never returns for a folder under /proc.
  makeFolders(dir);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const fd = openSync(temp, 'wx');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
