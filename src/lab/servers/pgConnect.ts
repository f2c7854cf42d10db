// A pg client that fails fast and names the server, so a dead DATABASE_URL reads as
// "Postgres is down at host:port" rather than a driver stack trace.
import pg from 'pg';
import { BadServerUrlError, ServerDownError } from './errors';

export interface PostgresAddress {
  host: string;
  port: number;
}

/** host and port of a postgres:// URL (default port 5432). */
export function parsePostgresUrl(url: string, source = 'the Postgres URL'): PostgresAddress {
  const parsed = URL.parse(url);
  if (parsed === null || (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')) {
    throw new BadServerUrlError(source, url, 'a Postgres URL (postgres://user@host:port/db)');
  }
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 5432) };
}

/** Connect, or throw ServerDownError naming the server. */
export async function connectPostgres(
  config: pg.ClientConfig & { connectionString?: string },
  address: PostgresAddress,
  server = 'Postgres',
): Promise<pg.Client> {
  const client = new pg.Client({ connectionTimeoutMillis: 3_000, ...config });
  // A server that dies later must not crash the process through an unhandled 'error' event.
  client.on('error', () => {});
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    throw new ServerDownError(
      server,
      `${address.host}:${address.port}`,
      error instanceof Error
        ? error.message || String((error as { code?: string }).code)
        : String(error),
      { cause: error },
    );
  }
}

/** Run SQL (one or more statements, no parameters) on the server at url. */
export async function runSql(url: string, sql: string, server = 'Postgres'): Promise<void> {
  const client = await connectPostgres({ connectionString: url }, parsePostgresUrl(url), server);
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
