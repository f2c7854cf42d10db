// Ctrl-C, a SIGTERM from whoever started the command, or a SIGHUP from the terminal closing
// under it (an ssh session that drops): stop every server the lab started, say what was kept,
// and exit with the signal's code. The run that then fails, as its servers go
// away under it, is not a server failure, so the command asks `interrupted` before reporting one.
import { stopAll } from './servers';

export interface Interruption {
  readonly interrupted: boolean;
}

/** Installs the handlers; `kept` says what survives, e.g. "recordings already written stay". */
export function stopOnInterrupt(say: (line: string) => void, kept: string): Interruption {
  const state = { interrupted: false };
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.once(signal, () => {
      state.interrupted = true;
      say(`interrupted: stopping the servers; ${kept}`);
      void stopAll().finally(() => process.exit(code));
    });
  }
  return state;
}
