// Processes as Linux sees them in /proc: whether one still runs, which ones a process started,
// which ones name a folder. kill(pid, 0) is not enough for the first: a zombie that nobody has
// reaped yet still "exists", though it holds no port and runs no code.
import { readFileSync, readdirSync } from 'node:fs';

/** The process's state letter (R, S, T, Z…), or null when it is gone. */
function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state letter follows the command name in parentheses, which may contain spaces.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return null;
  }
}

export function isProcessRunning(pid: number): boolean {
  const state = processState(pid);
  return state !== null && state !== 'Z' && state !== 'X';
}

/**
 * Waits until the kernel has stopped the process (state T) after a SIGSTOP. kill() only queues
 * the signal: on a busy machine the process was seen still running after it returned, and etcd
 * once answered a request the test sent after its SIGSTOP.
 */
export async function waitUntilStopped(pid: number, limitMs = 5_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const state = processState(pid);
    if (state === 'T') return;
    if (state === null || state === 'Z' || state === 'X')
      throw new Error(`process ${pid} ended instead of stopping`);
    if (Date.now() > deadline)
      throw new Error(`process ${pid} was still in state ${state} ${limitMs} ms after SIGSTOP`);
    await new Promise((resolve) => setTimeout(resolve, 2));
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
