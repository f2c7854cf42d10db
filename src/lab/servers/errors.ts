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
