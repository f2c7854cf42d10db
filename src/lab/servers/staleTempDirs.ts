// A lab killed outright (`kill -9`, the OOM killer, a CI timeout) takes its servers with it
// (parentDeath.ts), but nothing of it runs to remove their folders. So every folder's name says
// which process made it, and the next lab to start removes the folders whose maker is gone.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A process as the kernel knows it: its pid and its start time (in clock ticks since boot, field
 * 22 of /proc/PID/stat). A pid alone is not enough: the kernel hands out a dead process's pid
 * again, and a folder must not outlive its maker only because a stranger got the same number.
 * The start time is null where /proc is missing (not Linux): then a live pid counts as its maker.
 */
export interface ProcessTag {
  pid: number;
  startTicks: number | null;
}

/** The start time of a live process, null if it is gone or /proc cannot say. */
export function processStartTicks(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) sits in parentheses and may hold spaces and ')', so count the
  // fields from the last ')': field 3 comes right after it, field 22 is the 20th from there.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]);
  return Number.isSafeInteger(ticks) ? ticks : null;
}

/** This process's tag, worked out once. */
let ownTag: ProcessTag | undefined;
export function thisProcessTag(): ProcessTag {
  ownTag ??= { pid: process.pid, startTicks: processStartTicks(process.pid) };
  return ownTag;
}

/** The tag as it goes into a folder's name: `4242.123456`, or `4242` without a start time. */
export function formatTag(tag: ProcessTag): string {
  return tag.startTicks === null ? String(tag.pid) : `${tag.pid}.${tag.startTicks}`;
}

/**
 * The maker of a lab folder named `fencing-lab-LABEL-PID[.TICKS]-RANDOM`, or null for any other
 * name (other programs' folders, and the page-size benchmark's, which remove themselves).
 */
export function makerOf(folderName: string): ProcessTag | null {
  const m = /^fencing-lab-[a-z-]+?-(\d+)(?:\.(\d+))?-[A-Za-z0-9]{6}$/.exec(folderName);
  if (m === null) return null;
  return { pid: Number(m[1]), startTicks: m[2] === undefined ? null : Number(m[2]) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user. Only ESRCH says it is gone.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that made a folder has ended (its pid is free, or now someone else's). */
export function makerIsGone(maker: ProcessTag): boolean {
  if (!isAlive(maker.pid)) return true;
  if (maker.startTicks === null) return false;
  const ticks = processStartTicks(maker.pid);
  return ticks !== null && ticks !== maker.startTicks;
}

/**
 * Removes the lab folders under `root` whose maker has ended, and returns their names. Folders of
 * a lab still running (this one, or another started beside it) stay, and so does anything that
 * is not a lab folder. Best effort: a folder that cannot be removed is left for next time.
 */
export function removeStaleTempDirs(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const maker = makerOf(name);
    if (maker === null || !makerIsGone(maker)) continue;
    try {
      rmSync(join(root, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Someone else's permissions or a busy file system: not worth failing a lab start for.
    }
  }
  return removed;
}
