// Small, dependency-free checks that a server answers, used while waiting for it to start.
// They never throw: a refused or half-open connection just means "not yet".
import { Socket } from 'node:net';

/** Send PING over a raw socket and wait for +PONG (or -LOADING etc.: an answer, but not ready). */
export function redisPing(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let reply = '';
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    // A peer that hangs up without a word (not Redis) must not leave us waiting forever.
    socket.once('close', () => done(false));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
    socket.connect(port, host, () => socket.write('PING\r\n'));
  });
}

/** True if something accepts TCP connections on host:port. */
export function tcpOpen(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

/** GET a JSON document, or undefined when the server does not answer in time. */
export async function getJson(url: string, timeoutMs = 1_000): Promise<unknown> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return undefined;
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** Parse Redis INFO text into a map of field to value. */
export function parseRedisInfo(info: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of info.split('\r\n')) {
    if (!line || line.startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return fields;
}
