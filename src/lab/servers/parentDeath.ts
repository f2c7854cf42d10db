// Cleanup handlers stop the lab's servers on an exit, a signal or an error, but nothing runs when
// the lab itself is killed with SIGKILL (`kill -9`, the OOM killer, a CI timeout): its servers
// would live on as orphans, a dozen Redis nodes, etcd and Postgres among them. On Linux the kernel
// can signal a child when its parent dies; util-linux's `setpriv --pdeathsig KILL` asks for that
// and then execs the server in its own place, so the pid the lab holds is still the server's.
import { accessSync, constants } from 'node:fs';
import { basename, delimiter, join } from 'node:path';

const SETPRIV = '/usr/bin/setpriv';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether `command` would be found as spawn finds it: a path as given, or a name on PATH. */
function commandExists(command: string, env: NodeJS.ProcessEnv): boolean {
  if (command.includes('/')) return isExecutable(command);
  return (env.PATH ?? '')
    .split(delimiter)
    .some((dir) => dir !== '' && isExecutable(join(dir, command)));
}

/**
 * The command and arguments to spawn so that the server dies with the lab. Unchanged where
 * setpriv is missing (not Linux) and where the command is: a missing server must still fail as
 * spawn reports it (ENOENT), not as setpriv's exit code.
 */
export function dieWithParent(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): { command: string; args: string[] } {
  if (process.platform !== 'linux' || !isExecutable(SETPRIV) || !commandExists(command, env))
    return { command, args: [...args] };
  // Postgres as root already starts through setpriv, to drop to its own user. The kernel clears
  // the parent-death signal when the user changes, so that setpriv must ask for it itself (it
  // does so after the change): a second setpriv around it would be forgotten.
  if (basename(command) === 'setpriv') return { command, args: ['--pdeathsig', 'KILL', ...args] };
  return { command: SETPRIV, args: ['--pdeathsig', 'KILL', '--', command, ...args] };
}
