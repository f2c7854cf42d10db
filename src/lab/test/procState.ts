// Processes as Linux sees them in /proc: whether one still runs, which ones a process started,
// which ones name a folder. kill(pid, 0) is not enough for the first: a zombie that nobody has
// reaped yet still "exists", though it holds no port and runs no code.
import { readFileSync, readdirSync } from 'node:fs';

export function isProcessRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state letter follows the command name in parentheses, which may contain spaces.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** The live processes whose parent is parentPid, with their command names as /proc has them. */
export function childProcesses(parentPid: number): { pid: number; name: string }[] {
  const children: { pid: number; name: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      // After the name: state, then the parent's pid.
      const [state, ppid] = stat.slice(close + 2).split(' ');
      if (Number(ppid) !== parentPid || state === 'Z' || state === 'X') continue;
      children.push({ pid: Number(entry), name: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return children;
}

/** The live processes whose command line mentions text (a data folder, say). */
export function processesMentioning(text: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(text) && isProcessRunning(Number(entry))) pids.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return pids;
}
