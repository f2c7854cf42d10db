// One read buffer for every benchmark socket. Node's onread option hands each read to a
// callback in this buffer instead of allocating a new Buffer per read; the callback parses it
// before the next read, so all sockets can share it.
import { type Socket, connect } from 'node:net';
import { ServerDownError } from '../servers';

export const sharedReadBuffer = Buffer.allocUnsafe(256 * 1024);

/** What parses a socket's reads, straight out of the shared buffer. */
export interface SharedBufferReader {
  receive(buffer: Buffer, length: number): void;
}

/**
 * Opens a benchmark client's socket, its reads going to the shared buffer. Once connected,
 * `opened` makes the client that parses them. Until then a failure rejects with ServerDownError
 * naming the server and its address; after, errors are the client's own to report.
 */
export function connectReadingShared(
  server: 'Redis' | 'Postgres',
  host: string,
  port: number,
  opened: (socket: Socket) => SharedBufferReader,
  reject: (error: Error) => void,
): void {
  const address = `${host}:${port}`;
  let reader: SharedBufferReader | undefined;
  const socket = connect({
    host,
    port,
    onread: {
      buffer: sharedReadBuffer,
      callback: (length: number, buffer: Uint8Array) => {
        reader?.receive(buffer as Buffer, length);
        return true;
      },
    },
  });
  const refuse = (error: Error) =>
    reject(new ServerDownError(server, address, error.message, { cause: error }));
  socket.once('error', refuse);
  socket.once('connect', () => {
    socket.off('error', refuse);
    reader = opened(socket);
  });
}
