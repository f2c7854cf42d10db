// Throwaway folders for server data, under the OS temp dir, removed when the server stops or
// the process ends, or, if the process was killed outright, by the next lab to start.
import { chownSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerTempDir } from './registry';
import { formatTag, removeStaleTempDirs, thisProcessTag } from './staleTempDirs';

export interface TempDir {
  path: string;
  /** Remove the folder and everything in it. Safe to call twice. */
  remove(): Promise<void>;
}

/** Whether this process has cleared what killed labs left behind. */
let staleRemoved = false;

/**
 * A new empty folder such as /tmp/fencing-lab-redis-4242.123456-AbC123, named for the process
 * that made it (its pid and start time) so that a later lab can tell when it is left over.
 */
export function makeTempDir(label: string): TempDir {
  const root = tmpdir();
  if (!staleRemoved) {
    staleRemoved = true;
    removeStaleTempDirs(root);
  }
  const path = mkdtempSync(join(root, `fencing-lab-${label}-${formatTag(thisProcessTag())}-`));
  const forget = registerTempDir(path);
  return {
    path,
    async remove() {
      await rm(path, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
      forget();
    },
  };
}

/** Hand a folder to another user (the unprivileged user Postgres runs as). */
export function chownTo(path: string, uid: number, gid: number): void {
  chownSync(path, uid, gid);
}
