// An author may read the lab's progress through a pipe that closes before the command ends:
// `npm run lab:record | head -3`, a `grep -m1`, a `tee` that is stopped. Node then reports EPIPE
// as an 'error' event on stdout or stderr, and with no listener that is an uncaught exception:
// the command died with a stack trace in the middle of its runs. The lines are only progress;
// the recordings and numbers.json are what was asked for, so the command carries on without
// them, and its exit code still says how the runs went.

const CLOSED_CODES = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

/** From now on, a closed stdout or stderr only loses the lines written to it. */
export function carryOnWhenOutputCloses(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      // Any other failure to write is news, and ends the command as before.
      if (!CLOSED_CODES.has(error.code ?? '')) throw error;
    });
  }
}
