// The storage every real backend writes to: the `documents` row in Postgres, written with
// fenced-write.sql when fencing is on and plain-write.sql otherwise. Each client reaches
// Postgres through its own held proxy, so a write the scenario delays is held on the wire.
import type pg from 'pg';
import { refusedWrite } from '../../sim/run/answers';
import type { OpResult, WriteRequest } from '../../sim/run/backend';
import type { Script } from '../../sim/run/script';
import type { StoredDocument } from '../../sim/trace/schema';
import { startHeldProxy, type HeldProxy } from '../heldProxy';
import { loadLockSources } from '../lockSources';
import { connectPostgres, parsePostgresUrl } from '../servers';
import { failedOn } from './realBackend';

export interface PgConnection {
  client: pg.Client;
  proxy: HeldProxy;
  /** The server process behind this connection: what pg_terminate_backend takes. */
  backendPid: number;
}

/** The fence column is a bigint, which pg hands back as a string: tokens here stay small. */
export const asNumber = (x: unknown): number => {
  const n = Number(x);
  if (!Number.isSafeInteger(n))
    throw new Error(`expected a whole number from Postgres, got ${String(x)}`);
  return n;
};

/** A URL for the same server and database, reached through a proxy on another port. */
function throughProxy(databaseUrl: string, proxy: HeldProxy): string {
  const url = new URL(databaseUrl);
  url.hostname = proxy.host;
  url.port = String(proxy.port);
  return url.toString();
}

export class PgStorage {
  readonly address: string;
  private readonly connections = new Map<string, PgConnection>();
  private closed = false;

  private constructor(
    readonly databaseUrl: string,
    readonly script: Script,
    /** A direct connection for setup, faults and the final read: never held, never crashed. */
    readonly admin: pg.Client,
  ) {
    const { host, port } = parsePostgresUrl(databaseUrl);
    this.address = `${host}:${port}`;
  }

  /** Resets the document (and the lease row) for a clean run and connects every client. */
  static async open(databaseUrl: string, script: Script, actors: string[]): Promise<PgStorage> {
    const admin = await connectPostgres(
      { connectionString: databaseUrl },
      parsePostgresUrl(databaseUrl),
    );
    const storage = new PgStorage(databaseUrl, script, admin);
    try {
      await admin.query(
        `INSERT INTO documents (name, body, fence) VALUES ($1, $2, 0)
         ON CONFLICT (name) DO UPDATE SET body = EXCLUDED.body, fence = 0`,
        [script.resource, script.initialBody],
      );
      // A lease row that has given out initialToken tokens and expired long ago, so the first
      // holder's fence is initialToken + 1, as the simulator seeds it.
      await admin.query(
        `INSERT INTO leases (name, owner, fence, expires_at) VALUES ($1, 'nobody', $2, '-infinity')
         ON CONFLICT (name) DO UPDATE SET owner = 'nobody', fence = $2, expires_at = '-infinity'`,
        [script.resource, script.initialToken],
      );
      for (const actor of actors) await storage.connect(actor);
    } catch (error) {
      await storage.close();
      const { host, port } = parsePostgresUrl(databaseUrl);
      // Named after the server: a bare driver error ("Connection terminated") says not which.
      throw failedOn('Postgres', `${host}:${port}`, error);
    }
    return storage;
  }

  private async connect(actor: string): Promise<PgConnection> {
    const { host, port } = parsePostgresUrl(this.databaseUrl);
    const proxy = await startHeldProxy({ host, port });
    try {
      const client = await connectPostgres(
        { connectionString: throughProxy(this.databaseUrl, proxy), application_name: actor },
        { host, port },
      );
      const pid = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const connection = { client, proxy, backendPid: pid.rows[0]!.pid };
      this.connections.set(actor, connection);
      return connection;
    } catch (error) {
      await proxy.close();
      throw error;
    }
  }

  connection(actor: string): PgConnection {
    const c = this.connections.get(actor);
    if (!c) throw new Error(`${actor} has no Postgres connection`);
    return c;
  }

  /**
   * One write as the scenario asks for it: one statement, which Postgres runs as its own
   * transaction (or, inside the client's open transaction, `pending`, as a write that counts only
   * at COMMIT). The statement returns the fence it left; a fenced write that matched no row reads
   * the fence that refused it, so only a refusal costs a second round trip.
   */
  async write(
    actor: string,
    w: WriteRequest,
    options: { pending?: boolean } = {},
  ): Promise<OpResult> {
    const { client, proxy } = this.connection(actor);
    const sources = loadLockSources();
    const name = this.script.resource;
    if (w.heldMs > 0) proxy.holdNextMs(w.heldMs);
    // With no token the fenced write still runs: `fence <= NULL` matches no row, as on the page.
    const result = w.fencing
      ? await client.query<{ fence: string }>(sources.fencedWrite, [name, w.body, w.token])
      : await client.query<{ fence: string }>(sources.plainWrite, [name, w.body]);
    const hold = w.heldMs > 0 ? proxy.lastHold() : null;
    const heldNote = hold ? `; the proxy held its ${hold.bytes} bytes for ${hold.heldMs} ms` : '';
    const written = result.rows[0];
    if (written !== undefined) {
      const fence = asNumber(written.fence);
      return options.pending
        ? {
            type: 'ok',
            value: { body: w.body, token: w.token, fence, pending: true },
            note: `inside the transaction${heldNote}`,
          }
        : {
            type: 'ok',
            value: { body: w.body, token: w.token, fence },
            ...(heldNote ? { note: `accepted${heldNote}` } : {}),
          };
    }
    const refusing = await client.query<{ fence: string }>(
      'SELECT fence FROM documents WHERE name = $1',
      [name],
    );
    return refusedWrite(w.body, w.token, asNumber(refusing.rows[0]?.fence), heldNote);
  }

  async readDocument(): Promise<StoredDocument> {
    const row = await this.admin.query<{ body: string; fence: string }>(
      'SELECT body, fence FROM documents WHERE name = $1',
      [this.script.resource],
    );
    const doc = row.rows[0];
    return doc ? { body: doc.body, fence: asNumber(doc.fence) } : { body: '', fence: null };
  }

  /** The client process died: its connection closes with it, mid-whatever it was doing. */
  async drop(actor: string): Promise<void> {
    const c = this.connections.get(actor);
    if (!c) return;
    this.connections.delete(actor);
    c.client.end().catch(() => {});
    await c.proxy.close();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.connections.keys()].map((actor) => this.drop(actor)));
    await this.admin.end().catch(() => {});
  }
}
