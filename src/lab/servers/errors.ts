// Errors a person can act on: one line that names the server and its address, so a failed
// run says which server to look at instead of dumping a stack of connection retries. Where one
// wraps a driver's or a child process's error, that error is its `cause`: the line stays short,
// and the code, errno and stack are still there for whoever needs more.

/** Squeeze a detail into one short line: log lines and driver messages may span many. */
export function oneLine(detail: string, maxChars = 200): string {
  const flat = detail.replace(/\s+/g, ' ').trim();
  return flat.length > maxChars ? `${flat.slice(0, maxChars - 1)}…` : flat;
}

/** A server that should be there (started or named in an env variable) does not answer. */
export class ServerDownError extends Error {
  override name = 'ServerDownError';
  constructor(
    readonly server: string,
    readonly address: string,
    readonly detail?: string,
    options?: ErrorOptions,
  ) {
    super(
      `${server} is down at ${address}: no new work starts${detail ? ` (${oneLine(detail)})` : ''}`,
      options,
    );
  }
}

/** The lab tried to start a server and it exited or never became ready. */
export class ServerStartError extends Error {
  override name = 'ServerStartError';
  constructor(
    readonly server: string,
    readonly address: string,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(`${server} could not start at ${address}: ${oneLine(detail)}`, options);
  }
}

/**
 * Several servers failed at once (Redis and etcd both missing, say). Each is named on its own line,
 * so an author fixes them all in one go rather than meeting the next only after the first is fixed.
 */
export class ServersFailedError extends AggregateError {
  override name = 'ServersFailedError';
  constructor(errors: readonly unknown[]) {
    const lines = [...new Set(errors.map(failureLine))];
    super(
      errors,
      `${lines.length} servers failed:\n${lines.map((line) => `  ${line}`).join('\n')}`,
    );
  }
}

/** One server's failure in one line: the starters' errors already name the server and why. */
export function failureLine(error: unknown): string {
  return oneLine(error instanceof Error ? error.message : String(error));
}

/** A server address a person gave (REDIS_URL, DATABASE_URL, ETCD_ENDPOINTS) that is not one. */
export class BadServerUrlError extends Error {
  override name = 'BadServerUrlError';
  constructor(source: string, value: string, expected: string) {
    super(`${source} is not ${expected}: "${oneLine(value, 80)}"`);
  }
}

/** Something the machine lacks (gcc, a binary): the caller skips, with this message as reason. */
export class SkippedError extends Error {
  override name = 'SkippedError';
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`skipped: ${reason}`, options);
  }
}

/** The Debian packages that hold each program the lab starts; scripts/setup.sh installs them. */
const PACKAGES: Record<string, string> = {
  'redis-server': 'redis-server',
  etcd: 'etcd-server etcd-client',
  initdb: 'postgresql',
  postgres: 'postgresql',
  setpriv: 'util-linux',
};

/**
 * The detail for a program that is not there (spawn's ENOENT): which program, where it was looked
 * for (on PATH for a bare name, its folder for a path) and what installs it, e.g. "redis-server
 * is not installed (not on PATH): apt-get install -y redis-server, or bash scripts/setup.sh for
 * all the lab's servers".
 */
export function missingProgram(command: string): string {
  const slash = command.lastIndexOf('/');
  const program = command.slice(slash + 1);
  const where = slash < 0 ? 'on PATH' : `in ${command.slice(0, slash) || '/'}`;
  const packages = PACKAGES[program];
  return (
    `${program} is not installed (not ${where}): ` +
    `${packages ? `apt-get install -y ${packages}, or ` : ''}bash scripts/setup.sh for all the lab's servers`
  );
}

/** Whether an error is spawn's "no such program" (ENOENT). */
export function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
