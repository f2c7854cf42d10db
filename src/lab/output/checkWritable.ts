// Whether the lab can write where it was told to, asked before any server starts: a place that
// cannot take the file, found only at the end, would throw away every run or minute measured.
// The check makes the folder and creates and removes a file in it, which is what the write
// itself will do.
import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeFolders } from './makeFolders';

/** A place the lab cannot write to; the message says why in a few plain words. */
export class NotWritableError extends Error {
  override name = 'NotWritableError';
}

function reasonFor(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a file is in the way';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    // A parent that exists but takes no new folders, such as one under /proc.
    case 'ENOENT':
      return 'no folder can be made there';
    default:
      return (error as Error).message;
  }
}

/** Makes `dir` if need be and checks that a new file can be created in it. */
export function checkWritableFolder(dir: string): void {
  const probe = join(dir, `.fencing-lab-write-check.${process.pid}.tmp`);
  try {
    makeFolders(dir);
    closeSync(openSync(probe, 'wx'));
  } catch (error) {
    throw new NotWritableError(reasonFor(error));
  }
  rmSync(probe, { force: true });
}

/** Checks that `path` can be written as a file: not a folder, in a folder that takes files. */
export function checkWritableFile(path: string): void {
  let isFolder = false;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    // Nothing there yet, or nothing that stat can see: the folder's check says which.
  }
  if (isFolder) throw new NotWritableError('it is a folder (--out needs a file name)');
  checkWritableFolder(dirname(path));
}
