// A loopback TCP proxy in front of a server that can hold one client's bytes for a while: a
// real held packet (a queue, a retransmit), so a "delayed write" reaches Postgres late on the
// wire instead of being a sleep in the client. Each actor gets its own proxy, so a hold delays
// that client's traffic and nobody else's.
import { createServer, Socket, type AddressInfo } from 'node:net';
import { LOOPBACK_HOST } from './servers';

export interface HeldProxy {
  host: string;
  /** The port clients connect to instead of the server's. */
  port: number;
  /**
   * Holds the next bytes a client sends, and everything behind them on that connection, until
   * heldMs after the first of them arrived; then they go on in order and bytes pass straight again.
   */
  holdNextMs(heldMs: number): void;
  /** What the last hold did, for the trace's note: bytes held and for how long, in ms. */
  lastHold(): { bytes: number; heldMs: number } | null;
  /** Client connections open right now. */
  openConnections(): number;
  close(): Promise<void>;
}

export async function startHeldProxy(target: { host: string; port: number }): Promise<HeldProxy> {
  const clients = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let armedMs = 0;
  let last: { bytes: number; heldMs: number } | null = null;

  // Half-open on both sides: each direction ends on its own, once what it carried has gone through.
  const server = createServer({ allowHalfOpen: true }, (client) => {
    const upstream = new Socket({ allowHalfOpen: true });
    // pg turns Nagle's algorithm off on its socket; the proxy does the same on both of its own,
    // or a reply that comes in two pieces can wait on the kernel for the first one's ACK.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    clients.add(client);
    // Bytes that arrive before the upstream connection is up wait here, in order.
    let early: Buffer[] | null = [];
    let held: Buffer[] | null = null;
    // The client has finished sending; bytes of its still held or waiting go first.
    let clientDone = false;
    const finishUpstream = () => {
      if (clientDone && early === null && held === null) upstream.end();
    };
    const toServer = (chunk: Buffer) => {
      if (early) early.push(chunk);
      else if (!upstream.write(chunk)) {
        client.pause();
        upstream.once('drain', () => client.resume());
      }
    };
    // An error on either side ends both at once; nothing more can be delivered.
    const drop = () => {
      client.destroy();
      upstream.destroy();
      clients.delete(client);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', () => clients.delete(client));
    // A reader that falls behind slows the server, rather than everything piling up here.
    upstream.on('data', (chunk: Buffer) => {
      if (!client.write(chunk)) {
        upstream.pause();
        client.once('drain', () => upstream.resume());
      }
    });
    // The server has finished: the client gets all it sent, then the end (a FATAL before a
    // terminated session closes, say).
    upstream.on('end', () => client.end());
    client.on('end', () => {
      clientDone = true;
      finishUpstream();
    });
    client.on('data', (chunk: Buffer) => {
      if (held) {
        held.push(chunk);
        return;
      }
      if (armedMs > 0) {
        const forMs = armedMs;
        armedMs = 0;
        const queue: Buffer[] = [chunk];
        held = queue;
        const startedMs = performance.now();
        const timer = setTimeout(() => {
          timers.delete(timer);
          held = null;
          last = {
            bytes: queue.reduce((n, c) => n + c.length, 0),
            heldMs: Math.round(performance.now() - startedMs),
          };
          if (!upstream.destroyed) for (const c of queue) toServer(c);
          finishUpstream();
        }, forMs);
        timers.add(timer);
        return;
      }
      toServer(chunk);
    });
    upstream.connect(target.port, target.host, () => {
      const waiting = early ?? [];
      early = null;
      for (const c of waiting) upstream.write(c);
      finishUpstream();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK_HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    host: LOOPBACK_HOST,
    port,
    holdNextMs(heldMs) {
      armedMs = heldMs;
    },
    lastHold: () => last,
    openConnections: () => clients.size,
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const c of clients) c.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
