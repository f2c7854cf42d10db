// The benchmark's own clients, when the connection dies under a setup request: the request must
// fail with the server named, not wait for ever (a Redis dying while the C tool's keys are being
// filled used to hang lab:bench).
import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { ServerDownError, freePort } from '../servers';
import { PgConnection, encodeExecute, encodeParse, parsePgUrl, SYNC } from './pgWireClient';
import { RespConnection, encodeCommand } from './respClient';

describe('a setup request whose connection dies', () => {
  it('RESP: fails with ServerDownError', async () => {
    // Something that speaks no RESP: it takes the request and hangs up.
    const server = createServer((socket: Socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const fatal: Error[] = [];
      const redis = await RespConnection.connect('127.0.0.1', port, (e) => fatal.push(e));
      const error = await redis.request(encodeCommand(['PING'])).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerDownError);
      expect(String(error)).toMatch(/Redis is down at 127\.0\.0\.1:\d+/);
      expect(fatal).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it('Postgres: fails with ServerDownError when its backend is terminated mid-request', async () => {
    const databaseUrl = inject('databaseUrl');
    const conn = await PgConnection.connect(parsePgUrl(databaseUrl), () => {});
    await conn.request(Buffer.concat([encodeParse('who', 'SELECT pg_backend_pid()'), SYNC]));
    await conn.request(encodeExecute('who', []));
    const pid = conn.value;
    await conn.request(Buffer.concat([encodeParse('sleep', 'SELECT pg_sleep(30)'), SYNC]));
    const pending = conn.request(encodeExecute('sleep', [])).catch((e: unknown) => e);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    // The server says FATAL and hangs up, with no ReadyForQuery to end the request.
    const error = await pending;
    expect(error).toBeInstanceOf(ServerDownError);
    expect(String(error)).toMatch(/Postgres is down at/);
  });
});

describe('a connection that is refused', () => {
  it('keeps the socket error as the cause of the one-line ServerDownError', async () => {
    const port = await freePort();
    const resp = await RespConnection.connect('127.0.0.1', port, () => {}).catch((e: unknown) => e);
    const wire = await PgConnection.connect(
      parsePgUrl(`postgres://postgres@127.0.0.1:${port}/postgres`),
      () => {},
    ).catch((e: unknown) => e);
    for (const error of [resp, wire]) {
      expect(error).toBeInstanceOf(ServerDownError);
      expect((error as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
    }
  });
});
