// Throwaway folders for server data, under the OS temp dir, removed when the server stops or
// the process ends.
import { chownSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerTempDir } from './registry';

export interface TempDir {
  path: string;
  /** Remove the folder and everything in it. Safe to call twice. */
  remove(): Promise<void>;
}

/** A new empty folder such as /tmp/fencing-lab-redis-AbC123. */
export function makeTempDir(label: string): TempDir {
  const path = mkdtempSync(join(tmpdir(), `fencing-lab-${label}-`));
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
