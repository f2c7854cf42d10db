// The held proxy must delay the bytes on the wire, in order, for one client only, and must be
// a transparent pipe otherwise, including for a real Postgres session.
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startHeldProxy, type HeldProxy } from './heldProxy';
import { LOOPBACK_HOST, parsePostgresUrl } from './servers';

let echo: Server;
let echoPort: number;
const proxies: HeldProxy[] = [];

beforeAll(async () => {
  // Echoes every chunk back, so a round trip shows when the bytes reached the server.
  echo = createServer((socket) => socket.on('data', (chunk) => socket.write(chunk)));
  await new Promise<void>((resolve) => echo.listen(0, LOOPBACK_HOST, () => resolve()));
  echoPort = (echo.address() as AddressInfo).port;
});

afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  await new Promise((resolve) => echo.close(resolve));
});

async function proxy(): Promise<HeldProxy> {
  const p = await startHeldProxy({ host: LOOPBACK_HOST, port: echoPort });
  proxies.push(p);
  return p;
}

/** A server that treats each connection as `onConnection` says, and a proxy in front of it. */
async function proxiedServer(
  onConnection: (socket: Socket) => void,
): Promise<{ p: HeldProxy; close: () => Promise<unknown> }> {
  const server = createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK_HOST, () => resolve()));
  const p = await startHeldProxy({
    host: LOOPBACK_HOST,
    port: (server.address() as AddressInfo).port,
  });
  proxies.push(p);
  return { p, close: () => new Promise((resolve) => server.close(resolve)) };
}

function connect(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    socket.once('error', reject);
    socket.connect(port, LOOPBACK_HOST, () => resolve(socket));
  });
}

/** Sends text and resolves with the reply and how long it took, in ms. */
function roundTrip(socket: Socket, text: string): Promise<{ reply: string; tookMs: number }> {
  return new Promise((resolve) => {
    const startedMs = performance.now();
    let reply = '';
    const onData = (chunk: Buffer) => {
      reply += chunk.toString();
      if (reply.length >= text.length) {
        socket.off('data', onData);
        resolve({ reply, tookMs: performance.now() - startedMs });
      }
    };
    socket.on('data', onData);
    socket.write(text);
  });
}

/**
 * What "not held" allows, in ms: half the shortest hold below, so it tells held from not held
 * without asking a loaded machine for speed (these are behaviour checks, not timings).
 */
const NOT_HELD_MS = 125;

describe('held proxy', () => {
  it('passes bytes straight through when nothing is held', async () => {
    const p = await proxy();
    const socket = await connect(p.port);
    const { reply, tookMs } = await roundTrip(socket, 'hello');
    expect(reply).toBe('hello');
    expect(tookMs).toBeLessThan(NOT_HELD_MS);
    socket.destroy();
  });

  it('holds the next bytes for heldMs, keeps their order, then passes straight again', async () => {
    const p = await proxy();
    const socket = await connect(p.port);
    p.holdNextMs(300);
    const replies: string[] = [];
    socket.on('data', (chunk: Buffer) => replies.push(chunk.toString()));
    const startedMs = performance.now();
    socket.write('first;');
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.write('second;');
    await new Promise<void>((resolve) => {
      const check = () => (replies.join('') === 'first;second;' ? resolve() : setTimeout(check, 5));
      check();
    });
    const heldMs = performance.now() - startedMs;
    expect(heldMs).toBeGreaterThanOrEqual(295);
    expect(heldMs).toBeLessThan(600);
    expect(p.lastHold()).toMatchObject({ bytes: 13 });
    const after = await roundTrip(socket, 'later');
    expect(after.reply).toBe('later');
    expect(after.tookMs).toBeLessThan(NOT_HELD_MS);
    socket.destroy();
  });

  it("holds one client's bytes only: another proxy's client goes straight through", async () => {
    const held = await proxy();
    const free = await proxy();
    const a = await connect(held.port);
    const b = await connect(free.port);
    held.holdNextMs(300);
    const [slow, fast] = await Promise.all([roundTrip(a, 'slow'), roundTrip(b, 'fast')]);
    expect(slow.tookMs).toBeGreaterThanOrEqual(295);
    expect(fast.tookMs).toBeLessThan(NOT_HELD_MS);
    a.destroy();
    b.destroy();
  });

  it('delays a real Postgres query by the hold, and the session goes on afterwards', async () => {
    const url = inject('databaseUrl');
    const target = parsePostgresUrl(url);
    const p = await startHeldProxy(target);
    proxies.push(p);
    const through = new URL(url);
    through.port = String(p.port);
    const client = new pg.Client({ connectionString: through.toString() });
    await client.connect();
    try {
      p.holdNextMs(250);
      const startedMs = performance.now();
      const row = await client.query<{ one: number }>('SELECT 1 AS one');
      expect(row.rows[0]?.one).toBe(1);
      expect(performance.now() - startedMs).toBeGreaterThanOrEqual(245);
      const again = performance.now();
      await client.query('SELECT 1');
      expect(performance.now() - again).toBeLessThan(NOT_HELD_MS);
    } finally {
      await client.end();
    }
  });

  it('delivers everything a server sent before it closed, to a reader that is slow', async () => {
    const sizeBytes = 16 * 1024 * 1024;
    const { p, close } = await proxiedServer((socket) => socket.end(Buffer.alloc(sizeBytes, 7)));
    const socket = await connect(p.port);
    let received = 0;
    socket.pause();
    await new Promise((r) => setTimeout(r, 200)); // the reader lags: the server is done by now
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.resume();
    await new Promise((resolve) => socket.once('end', resolve));
    expect(received).toBe(sizeBytes);
    socket.destroy();
    await close();
  });

  it('still delivers held bytes when the client hangs up before the hold ends', async () => {
    let got = '';
    const { p, close } = await proxiedServer((socket) =>
      socket.on('data', (c: Buffer) => (got += c.toString())),
    );
    const socket = await connect(p.port);
    p.holdNextMs(150);
    socket.end('a late write;');
    await vi.waitFor(() => expect(got).toBe('a late write;'), { timeout: 2000 });
    expect(p.lastHold()).toMatchObject({ bytes: 13 });
    await close();
  });

  it('closes the client side when the server side goes away', async () => {
    const { p, close } = await proxiedServer((socket) => socket.destroy());
    const socket = await connect(p.port);
    await new Promise((resolve) => socket.once('close', resolve));
    // The proxy's own side closes as the client's end reaches it, a moment later.
    await vi.waitFor(() => expect(p.openConnections()).toBe(0), { timeout: 2000 });
    await close();
  });
});
