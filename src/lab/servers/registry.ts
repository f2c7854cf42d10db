// One place that knows every server and temp folder this process started, so nothing outlives
// the process: not on a normal exit, not on Ctrl-C or SIGTERM, not on an uncaught error.
import { rmSync } from 'node:fs';

export interface Cleanup {
  /** A label for messages, e.g. "Redis at 127.0.0.1:6390". */
  label: string;
  /** The graceful way: used by stopAll() on signals. */
  stop(): Promise<void>;
  /** The last resort on process exit, where only synchronous code runs. */
  killNow(): void;
}

const cleanups = new Set<Cleanup>();
const tempDirs = new Set<string>();
let hooksInstalled = false;
let stopping: Promise<void> | undefined;

/** Remember a running server. Returns the function that forgets it once it has stopped. */
export function registerCleanup(cleanup: Cleanup): () => void {
  installHooks();
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

/** Remember a temp folder to remove on exit even if the code that made it never gets to. */
export function registerTempDir(dir: string): () => void {
  installHooks();
  tempDirs.add(dir);
  return () => {
    tempDirs.delete(dir);
  };
}

/** How many servers are still registered: tests use it to prove that stop() forgets them. */
export function registeredCount(): number {
  return cleanups.size;
}

/** Stop every registered server gracefully, all at once, and remove the leftover temp folders. */
export function stopAll(): Promise<void> {
  stopping ??= (async () => {
    await Promise.allSettled([...cleanups].map((cleanup) => cleanup.stop()));
    removeTempDirsNow();
  })().finally(() => {
    stopping = undefined;
  });
  return stopping;
}

function killAllNow(): void {
  for (const cleanup of cleanups) {
    try {
      cleanup.killNow();
    } catch {
      // Exiting anyway: a process that is already gone is the outcome we want.
    }
  }
  cleanups.clear();
  removeTempDirsNow();
}

function removeTempDirsNow(): void {
  for (const dir of tempDirs) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Best effort at exit; the folder lives under the OS temp dir.
    }
  }
  tempDirs.clear();
}

const signalExitCodes: Record<'SIGINT' | 'SIGTERM' | 'SIGHUP', number> = {
  SIGINT: 130,
  SIGTERM: 143,
  SIGHUP: 129,
};

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // 'exit' runs only synchronous code, so it kills with SIGKILL; signals get a graceful stop.
  // An uncaught error or rejection that ends the process ends it through 'exit' too. No hook on
  // the error itself: where something handles it and carries on (a test runner does), killing
  // every server there would fail everything that runs after it.
  process.on('exit', killAllNow);
  for (const signal of Object.keys(signalExitCodes) as (keyof typeof signalExitCodes)[]) {
    const onSignal = (): void => {
      void stopAll().finally(() => {
        // Installing a listener removes Node's default exit on this signal. If ours is the only
        // one, restore that behaviour; otherwise the other listener (vitest, say) decides.
        if (process.listenerCount(signal) <= 1) process.exit(signalExitCodes[signal]);
      });
    };
    process.on(signal, onSignal);
  }
}
