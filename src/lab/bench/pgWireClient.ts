// A minimal Postgres client for the benchmark, speaking the extended query protocol as
// pgbench -M prepared does: each statement is prepared once, then every execution is one
// Bind/Execute/Sync message and one round trip. node-postgres builds and parses far more per
// query than the server spends on a one-row statement, so on a small machine it would measure
// itself; here the messages for constant parameters are encoded once per client, and replies
// are read in place. Supports trust, password, md5 and SCRAM-SHA-256 authentication.
import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import { ServerDownError } from '../servers';
import { connectReadingShared } from './readBuffer';
import { parseIntAt } from './respClient';
import { SCRAM_MECHANISM, ScramClient } from './scram';

export interface PgConfig {
  host: string;
  port: number;
  user: string;
  database: string;
  password?: string;
}

export function parsePgUrl(url: string): PgConfig {
  const parsed = new URL(url);
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 5432),
    user: decodeURIComponent(parsed.username || 'postgres'),
    database: decodeURIComponent(parsed.pathname.slice(1) || 'postgres'),
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
  };
}

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');
const int16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(value);
  return b;
};
const int32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(value);
  return b;
};

export const SYNC = message('S', Buffer.alloc(0));

/** Parse (prepare) a named statement; parameter types are inferred by the server. */
export function encodeParse(name: string, sql: string): Buffer {
  return message('P', Buffer.concat([cstring(name), cstring(sql), int16(0)]));
}

/** Bind + Execute + Sync for a prepared statement, text parameters; one round trip. */
export function encodeExecute(statement: string, params: readonly (string | number)[]): Buffer {
  const values = params.map((param) => Buffer.from(String(param), 'utf8'));
  const bind = message(
    'B',
    Buffer.concat([
      cstring(''),
      cstring(statement),
      int16(0),
      int16(values.length),
      ...values.flatMap((value) => [int32(value.length), value]),
      int16(0),
    ]),
  );
  const execute = message('E', Buffer.concat([cstring(''), int32(0)]));
  return Buffer.concat([bind, execute, SYNC]);
}

export class PgConnection {
  /** First column of the first row of the last statement: its integer value, 1/0 for t/f. */
  value = 0;
  /** Whether the last statement returned a row. */
  hasRow = false;
  /** Rows affected, from the last CommandComplete tag (UPDATE n, INSERT 0 n, SELECT n). */
  rowCount = 0;
  /** The last error's message, or '' when the statement succeeded. */
  errorText = '';

  private onReady: (() => void) | null = null;
  private partial: Buffer | null = null;
  private closedByUs = false;
  /** A setup request's way out when the connection dies under it: it must not wait for ever. */
  private rejectRequest: ((error: Error) => void) | null = null;
  private startup: { resolve: () => void; reject: (error: Error) => void } | null = null;
  /** The SCRAM exchange under way during startup, if the server asked for one. */
  private scram: ScramClient | null = null;

  private constructor(
    private readonly socket: Socket,
    private readonly config: PgConfig,
    private readonly onFatal: (error: Error) => void,
  ) {
    socket.setNoDelay(true);
    const fail = (detail: string, cause?: Error) => {
      if (this.closedByUs) return;
      this.closedByUs = true;
      const error = new ServerDownError(
        'Postgres',
        `${config.host}:${config.port}`,
        detail,
        cause && { cause },
      );
      const reject = this.rejectRequest;
      this.rejectRequest = null;
      reject?.(error);
      if (this.startup) this.startup.reject(error);
      else this.onFatal(error);
    };
    socket.on('error', (error) => fail(error.message, error));
    socket.on('close', () => fail('the connection closed'));
  }

  static connect(config: PgConfig, onFatal: (error: Error) => void): Promise<PgConnection> {
    return new Promise((resolve, reject) =>
      connectReadingShared(
        'Postgres',
        config.host,
        config.port,
        (socket) => {
          const opened = new PgConnection(socket, config, onFatal);
          opened.startup = { resolve: () => resolve(opened), reject };
          const params = Buffer.concat([
            int32(196_608), // protocol 3.0
            cstring('user'),
            cstring(config.user),
            cstring('database'),
            cstring(config.database),
            Buffer.from([0]),
          ]);
          socket.write(Buffer.concat([int32(params.length + 4), params]));
          return opened;
        },
        reject,
      ),
    );
  }

  /** Send prepared messages ending in Sync; onReady runs at ReadyForQuery. */
  send(messages: Buffer, onReady: () => void): void {
    this.value = 0;
    this.hasRow = false;
    this.rowCount = 0;
    this.errorText = '';
    this.onReady = onReady;
    this.socket.write(messages);
  }

  /** Send and wait, for setup steps; rejects on a server error. */
  request(messages: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.rejectRequest = reject;
      this.send(messages, () => {
        this.rejectRequest = null;
        if (this.errorText) reject(new Error(this.errorText));
        else resolve();
      });
    });
  }

  /** Prepare statements by name, as pgbench -M prepared does before its first transaction. */
  async prepare(statements: Record<string, string>): Promise<void> {
    const parses = Object.entries(statements).map(([name, sql]) => encodeParse(name, sql));
    await this.request(Buffer.concat([...parses, SYNC]));
  }

  close(): void {
    this.closedByUs = true;
    // Terminate, so the server ends the backend at once instead of on a broken pipe.
    this.socket.end(message('X', Buffer.alloc(0)));
  }

  receive(chunk: Buffer, chunkLength: number): void {
    let data = chunk;
    let dataEnd = chunkLength;
    if (this.partial) {
      data = Buffer.concat([this.partial, chunk.subarray(0, chunkLength)]);
      dataEnd = data.length;
      this.partial = null;
    }
    let offset = 0;
    while (offset + 5 <= dataEnd) {
      const length = data.readInt32BE(offset + 1);
      const end = offset + 1 + length;
      if (end > dataEnd) break;
      this.handle(data[offset] as number, data, offset + 5, end);
      offset = end;
    }
    // The read buffer is shared and reused: keep a copy of an unfinished message.
    if (offset < dataEnd) this.partial = Buffer.from(data.subarray(offset, dataEnd));
  }

  private handle(type: number, data: Buffer, start: number, end: number): void {
    switch (type) {
      case 68: {
        // 'D' DataRow: keep the first column of the first row.
        if (this.hasRow) return;
        this.hasRow = true;
        const length = data.readInt32BE(start + 2);
        if (length < 0) this.value = 0;
        else if (data[start + 6] === 116)
          this.value = 1; // 't'
        else if (data[start + 6] === 102)
          this.value = 0; // 'f'
        else this.value = parseIntAt(data, start + 6, start + 6 + length);
        return;
      }
      case 67: {
        // 'C' CommandComplete: the row count is the tag's last number.
        let i = end - 2; // skip the terminating zero
        while (i > start && data[i] !== 32) i--;
        this.rowCount = parseIntAt(data, i + 1, end - 1);
        return;
      }
      case 90: {
        // 'Z' ReadyForQuery
        if (this.startup) {
          const { resolve } = this.startup;
          this.startup = null;
          resolve();
          return;
        }
        const callback = this.onReady;
        this.onReady = null;
        callback?.();
        return;
      }
      case 69: {
        // 'E' ErrorResponse: fields of (code byte, cstring); M is the message.
        let i = start;
        let text = 'unknown error';
        while (i < end && data[i] !== 0) {
          const field = data[i];
          const close = data.indexOf(0, i + 1);
          if (field === 77) text = data.toString('utf8', i + 1, close);
          i = close + 1;
        }
        this.errorText = text;
        this.refuseStartup(text);
        return;
      }
      case 82: // 'R' Authentication
        this.authenticate(data.readInt32BE(start), data, start + 4, end);
        return;
      default:
        // ParseComplete, BindComplete, ParameterStatus, BackendKeyData, notices: nothing to keep.
        return;
    }
  }

  private authenticate(kind: number, data: Buffer, at: number, end: number): void {
    const { user, password } = this.config;
    if (kind === 0) return; // AuthenticationOk
    if (kind >= 10 && kind <= 12) {
      this.scramStep(kind, data.toString('utf8', at, end));
      return;
    }
    if (kind === 3 && password !== undefined) {
      this.socket.write(message('p', cstring(password)));
      return;
    }
    if (kind === 5 && password !== undefined) {
      const salt = data.subarray(at, at + 4);
      const inner = createHash('md5')
        .update(password + user)
        .digest('hex');
      const outer = createHash('md5')
        .update(Buffer.concat([Buffer.from(inner), salt]))
        .digest('hex');
      this.socket.write(message('p', cstring(`md5${outer}`)));
      return;
    }
    this.refuseStartup(
      `the server asks for authentication ${kind} and ${password === undefined ? 'no password was given' : 'the benchmark client does not speak it'}`,
    );
  }

  /** AuthenticationSASL (10), SASLContinue (11), SASLFinal (12), with `payload` their body. */
  private scramStep(kind: number, payload: string): void {
    try {
      if (kind === 10) {
        const mechanisms = payload.split('\0').filter(Boolean);
        if (!mechanisms.includes(SCRAM_MECHANISM)) {
          throw new Error(`the server offers ${mechanisms.join(', ')}, not ${SCRAM_MECHANISM}`);
        }
        if (this.config.password === undefined) throw new Error('a password is needed');
        this.scram = new ScramClient(this.config.password);
        const first = Buffer.from(this.scram.firstMessage(), 'utf8');
        // SASLInitialResponse: the mechanism, then the first message with its length.
        this.socket.write(
          message('p', Buffer.concat([cstring(SCRAM_MECHANISM), int32(first.length), first])),
        );
        return;
      }
      if (this.scram === null) throw new Error('SCRAM messages came before the exchange began');
      if (kind === 11) {
        this.socket.write(message('p', Buffer.from(this.scram.finalMessage(payload), 'utf8')));
        return;
      }
      this.scram.verifyServer(payload);
      this.scram = null;
    } catch (error) {
      this.refuseStartup((error as Error).message, error as Error);
    }
  }

  private refuseStartup(reason: string, cause?: Error): void {
    if (this.startup) {
      const { reject } = this.startup;
      this.startup = null;
      this.closedByUs = true;
      this.socket.destroy();
      reject(
        new ServerDownError(
          'Postgres',
          `${this.config.host}:${this.config.port}`,
          reason,
          cause && { cause },
        ),
      );
    }
  }
}
