// A minimal Redis client for the benchmark: one socket, one request in flight, replies parsed
// in place. ioredis spends more CPU per command than redis-server does on a short script, so on
// a small machine it measures the client, not Redis. This client keeps the Node side as lean as
// redis-benchmark's C: commands are encoded once per client and replies become numbers without
// allocating strings. It speaks only what the cases need (RESP2 simple, error, integer, bulk).
import type { Socket } from 'node:net';
import { ServerDownError } from '../servers';
import { connectReadingShared } from './readBuffer';

export const REPLY_OK = 1; // +OK or any simple string
export const REPLY_INT = 2;
export const REPLY_NIL = 3;
export const REPLY_BULK = 4;
export const REPLY_ERROR = 5;

const CR = 13;

/** Encode a command as a RESP array of bulk strings. */
export function encodeCommand(args: readonly (string | number | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = Buffer.isBuffer(arg) ? arg : Buffer.from(String(arg));
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

/** Write a non-negative integer's decimal digits at offset; returns the offset after them. */
export function writeDigits(target: Buffer, offset: number, value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  let rest = value;
  for (let i = offset + digits - 1; i >= offset; i--) {
    target[i] = 48 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return offset + digits;
}

export class RespConnection {
  /** Kind of the last reply: REPLY_OK, REPLY_INT, REPLY_NIL, REPLY_BULK or REPLY_ERROR. */
  kind = 0;
  /** The last integer reply. */
  int = 0;
  /** The last error's text (only errors allocate a string). */
  errorText = '';

  private readonly socket: Socket;
  private onReply: (() => void) | null = null;
  private partial: Buffer | null = null;
  private closedByUs = false;
  /** A setup request's way out when the connection dies under it: it must not wait for ever. */
  private rejectRequest: ((error: Error) => void) | null = null;

  private constructor(
    socket: Socket,
    readonly address: string,
    private readonly onFatal: (error: Error) => void,
  ) {
    this.socket = socket;
    socket.setNoDelay(true);
    const fail = (detail: string, cause?: Error) => {
      if (this.closedByUs) return;
      this.closedByUs = true;
      const error = new ServerDownError('Redis', address, detail, cause && { cause });
      const reject = this.rejectRequest;
      this.rejectRequest = null;
      reject?.(error);
      this.onFatal(error);
    };
    socket.on('error', (error) => fail(error.message, error));
    socket.on('close', () => fail('the connection closed'));
  }

  /** Connect, or reject with ServerDownError naming the address. */
  static connect(
    host: string,
    port: number,
    onFatal: (error: Error) => void,
  ): Promise<RespConnection> {
    const address = `${host}:${port}`;
    return new Promise((resolve, reject) =>
      connectReadingShared(
        'Redis',
        host,
        port,
        (socket) => {
          const connection = new RespConnection(socket, address, onFatal);
          resolve(connection);
          return connection;
        },
        reject,
      ),
    );
  }

  /**
   * Send an encoded command and call onReply once its reply is parsed into kind/int. The caller
   * keeps one request in flight, as redis-benchmark without -P does.
   */
  send(command: Buffer, onReply: () => void): void {
    this.onReply = onReply;
    this.socket.write(command);
  }

  /** Send and wait, for setup steps where speed does not matter. */
  request(command: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.rejectRequest = reject;
      this.send(command, () => {
        this.rejectRequest = null;
        resolve();
      });
    });
  }

  close(): void {
    this.closedByUs = true;
    this.socket.destroy();
  }

  receive(chunk: Buffer, length: number): void {
    let data = chunk;
    let end = length;
    if (this.partial) {
      data = Buffer.concat([this.partial, chunk.subarray(0, length)]);
      end = data.length;
      this.partial = null;
    }
    let offset = 0;
    while (offset < end) {
      const next = this.parse(data, offset, end);
      if (next < 0) {
        // The read buffer is shared and reused: keep a copy of the unfinished reply.
        this.partial = Buffer.from(data.subarray(offset, end));
        return;
      }
      offset = next;
      const callback = this.onReply;
      this.onReply = null;
      callback?.();
    }
  }

  // Parse one reply at offset into kind/int; returns the offset after it, or -1 if incomplete.
  private parse(data: Buffer, offset: number, dataEnd: number): number {
    let lineEnd = offset;
    while (lineEnd < dataEnd && data[lineEnd] !== CR) lineEnd++;
    if (lineEnd + 1 >= dataEnd) return -1;
    const type = data[offset];
    switch (type) {
      case 43: // '+'
        this.kind = REPLY_OK;
        return lineEnd + 2;
      case 45: // '-'
        this.kind = REPLY_ERROR;
        this.errorText = data.toString('utf8', offset + 1, lineEnd);
        return lineEnd + 2;
      case 58: // ':'
        this.kind = REPLY_INT;
        this.int = parseIntAt(data, offset + 1, lineEnd);
        return lineEnd + 2;
      case 36: {
        // '$': bulk string, $-1 is nil
        const length = parseIntAt(data, offset + 1, lineEnd);
        if (length < 0) {
          this.kind = REPLY_NIL;
          return lineEnd + 2;
        }
        const end = lineEnd + 2 + length + 2;
        if (end > dataEnd) return -1;
        this.kind = REPLY_BULK;
        this.int = parseIntAt(data, lineEnd + 2, lineEnd + 2 + length);
        return end;
      }
      default:
        this.kind = REPLY_ERROR;
        this.errorText = `unexpected reply type ${String.fromCharCode(type ?? 32)}`;
        return dataEnd;
    }
  }
}

/** A decimal integer between start and end; NaN-free: non-digits end the number. */
export function parseIntAt(data: Buffer, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (data[i] === 45) {
    negative = true;
    i++;
  }
  let value = 0;
  for (; i < end; i++) {
    const digit = (data[i] as number) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return negative ? -value : value;
}
