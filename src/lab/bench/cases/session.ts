// Every case, lean or library, runs one connection per benchmark client with one request in
// flight at a time, so its session is built the same way wherever the connections come from.
import type { Worker } from '../driver';
import type { CaseSession } from './types';

/** A worker on each connection, none pipelined; `close` ends them all. */
export function sessionPerConnection<C>(
  connections: readonly C[],
  worker: (connection: C, index: number) => Worker,
  close: () => Promise<void>,
): CaseSession {
  return {
    workers: connections.map((connection, i) => worker(connection, i)),
    connections: connections.length,
    pipelined: false,
    close,
  };
}

/** Closes connections whose close is synchronous (the lean clients, etcd3's). */
export async function closeAll(connections: readonly { close(): void }[]): Promise<void> {
  for (const connection of connections) connection.close();
}
