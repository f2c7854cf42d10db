// Free loopback ports, asked of the kernel rather than guessed, so two runs (or two engineers'
// test runs on one machine) never fight over a fixed port.
import { createServer } from 'node:net';

export const LOOPBACK_HOST = '127.0.0.1';

// Ports handed out by this process. The kernel may offer a port again once the probe socket is
// closed and before the server binds it; remembering them keeps one run from colliding with
// itself when it starts several servers at once.
const handedOut = new Set<number>();

function probe(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, LOOPBACK_HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A loopback port nothing listens on right now. `below` keeps room above the port: Redis
 * Cluster's default bus port is port + 10000, and some tools reject ports above 65535.
 */
export async function freePort(options: { below?: number } = {}): Promise<number> {
  const below = options.below ?? 65536;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = await probe();
    if (port > 0 && port < below && !handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`No free loopback port below ${below} after 200 tries`);
}

/** Several distinct free ports. */
export async function freePorts(
  count: number,
  options: { below?: number } = {},
): Promise<number[]> {
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort(options));
  return ports;
}
