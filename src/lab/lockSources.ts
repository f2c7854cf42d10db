// The Node side's view of src/locks: the lab runs exactly the files the page shows, read from
// disk at run time, so there is never a second copy to drift out of date.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Every file in src/locks that the lab runs, by a short name. */
export const LOCK_FILES = {
  acquire: 'acquire.lua',
  release: 'release.lua',
  extend: 'extend.lua',
  blindRelease: 'blind-release.lua',
  schema: 'schema.sql',
  fencedWrite: 'fenced-write.sql',
  plainWrite: 'plain-write.sql',
  leaseTake: 'lease-take.sql',
  leaseExtend: 'lease-extend.sql',
  leaseGiveBack: 'lease-give-back.sql',
  advisoryLock: 'advisory-lock.sql',
} as const;

export type LockFileName = keyof typeof LOCK_FILES;
export type LockSources = Record<LockFileName, string>;

/** Absolute path of one lock file. */
export function lockFilePath(name: LockFileName): string {
  return fileURLToPath(new URL(`../locks/${LOCK_FILES[name]}`, import.meta.url));
}

/** The text of one lock file, exactly as committed. */
export function readLockSource(name: LockFileName): string {
  return readFileSync(lockFilePath(name), 'utf8');
}

let cached: LockSources | undefined;

/** All lock files, read once per process. */
export function loadLockSources(): LockSources {
  if (!cached) {
    const entries = Object.keys(LOCK_FILES).map((name) => [
      name,
      readLockSource(name as LockFileName),
    ]);
    cached = Object.fromEntries(entries) as LockSources;
  }
  return cached;
}

/** The SHA1 that Redis gives a script: what EVALSHA and redis-benchmark's EVALSHA need. */
export function scriptSha1(source: string): string {
  return createHash('sha1').update(source).digest('hex');
}
