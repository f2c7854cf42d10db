// How the lab stops a process it started: SIGINT first, so a server shuts down cleanly and
// initdb ends its step and removes its folder; SIGKILL only if it has not ended in time.
import type { ChildProcess } from 'node:child_process';

/** Unref: a stop that has already ended must not hold the process open for the rest of the wait. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export async function interruptThenKill(
  child: ChildProcess,
  exited: Promise<unknown>,
  isRunning: () => boolean,
  stopTimeoutMs: number,
): Promise<void> {
  if (!isRunning()) return;
  child.kill('SIGINT');
  const timedOut = await Promise.race([
    exited.then(() => false),
    sleep(stopTimeoutMs).then(() => true),
  ]);
  if (timedOut && isRunning()) {
    child.kill('SIGKILL');
    await exited;
  }
}
