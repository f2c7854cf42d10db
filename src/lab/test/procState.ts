// Whether a process still runs, as Linux sees it. kill(pid, 0) is not enough: a zombie that
// nobody has reaped yet still "exists", though it holds no port and runs no code.
import { readFileSync } from 'node:fs';

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
