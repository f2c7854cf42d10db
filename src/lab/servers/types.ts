// What every starter returns, so callers handle one shape whether the lab started the server
// or an env variable named one that already runs.

export interface StartedServer {
  host: string;
  port: number;
  /** The server's own version string, as it reports it (INFO, SHOW, /version). */
  version: string;
  /** The settings that change what numbers mean (fsync, persistence), for recordings. */
  settings: Record<string, string>;
  /** True when the server came from an env variable: stop() then leaves it running. */
  external: boolean;
  /** Stop the server and remove its temp folder; does nothing for an external server. */
  stop(): Promise<void>;
}
