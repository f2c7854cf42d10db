// Polling with a deadline, for conditions a server reaches on its own time (a replica's link,
// a cluster's state), so a test never sleeps a guessed number of milliseconds.

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Poll check until it returns true; throw `describe()` after timeoutMs. */
export async function waitFor(
  check: () => Promise<boolean>,
  options: { timeoutMs: number; pollMs?: number; describe: () => string },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(options.describe());
    await sleep(options.pollMs ?? 20);
  }
}
