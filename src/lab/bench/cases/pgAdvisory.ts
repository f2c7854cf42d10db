// pg-advisory: BEGIN, advisory-lock.sql (pg_try_advisory_xact_lock), COMMIT — the commit
// releases the lock. Three prepared statements, three round trips, as pgbench runs them.
import type pg from 'pg';
import type { OpSink, Worker } from '../driver';
import { AsyncWorker, openPgClients } from './librarySupport';
import { pgbenchCeiling } from '../ceilings/pgbench';
import { PG_NAME_BASE } from '../ceilings/pgbenchScript';
import { loadLockSources } from '../../lockSources';
import { type PgConnection, encodeExecute } from '../pgWireClient';
import { openPgConnections } from './pgSupport';
import { closeAll, sessionPerConnection } from './session';
import type { BenchCase } from './types';

const BEGIN = encodeExecute('begin', []);
const COMMIT = encodeExecute('commit', []);

class AdvisoryWorker implements Worker {
  private readonly lock: Buffer;

  constructor(
    private readonly index: number,
    private readonly connection: PgConnection,
    private readonly sink: OpSink,
  ) {
    // pgbench's :client_id counts from 0, so client i locks the same name on both sides.
    this.lock = encodeExecute('lock', [String(PG_NAME_BASE.advisory + index)]);
  }

  start(): void {
    this.connection.send(BEGIN, this.begun);
  }

  private readonly begun = (): void => {
    if (this.failed('BEGIN')) return;
    this.connection.send(this.lock, this.locked);
  };

  private readonly locked = (): void => {
    if (this.failed('advisory-lock.sql')) return;
    if (this.connection.value !== 1) {
      this.sink.fail(new Error('pg_try_advisory_xact_lock returned false on a free lock'));
      return;
    }
    this.connection.send(COMMIT, this.committed);
  };

  private readonly committed = (): void => {
    if (this.failed('COMMIT')) return;
    this.sink.done(this.index, true);
  };

  private failed(step: string): boolean {
    if (!this.connection.errorText) return false;
    this.sink.fail(new Error(`${step}: ${this.connection.errorText}`));
    return true;
  }
}

/** The same pair through pg: three named prepared statements, awaited one after another. */
class PgAdvisoryWorker extends AsyncWorker {
  private readonly name: string;

  constructor(
    index: number,
    private readonly client: pg.Client,
    sink: OpSink,
    toError: (error: unknown) => Error,
    private readonly sql: string,
  ) {
    super(index, sink, toError);
    this.name = String(PG_NAME_BASE.advisory + index);
  }

  protected async unit(): Promise<boolean> {
    await this.client.query({ name: 'begin', text: 'BEGIN' });
    const locked = await this.client.query<{ pg_try_advisory_xact_lock: boolean }>({
      name: 'lock',
      text: this.sql,
      values: [this.name],
    });
    if (locked.rows[0]?.pg_try_advisory_xact_lock !== true)
      throw new Error('pg_try_advisory_xact_lock returned false on a free lock');
    await this.client.query({ name: 'commit', text: 'COMMIT' });
    return true;
  }
}

export const pgAdvisoryCase: BenchCase = {
  name: 'pg-advisory',
  server: 'postgres',
  kind: 'pairs',
  summary: 'BEGIN; advisory-lock.sql; COMMIT (prepared), one lock name per client',
  async open({ clients, servers }, sink) {
    const { advisoryLock } = loadLockSources();
    const connections = await openPgConnections(
      servers.postgres,
      clients,
      { begin: 'BEGIN', lock: advisoryLock, commit: 'COMMIT' },
      (e) => sink.fail(e),
    );
    return sessionPerConnection(
      connections,
      (connection, i) => new AdvisoryWorker(i, connection, sink),
      () => closeAll(connections),
    );
  },
  ceiling: ({ clients, servers }) =>
    pgbenchCeiling({ postgres: servers.postgres, clients, mode: 'advisory' }),
  library: {
    client: 'pg',
    async open({ clients, servers }, sink) {
      const { advisoryLock } = loadLockSources();
      const pgClients = await openPgClients(servers.postgres, clients, sink);
      return sessionPerConnection(
        pgClients.clients,
        (client, i) => new PgAdvisoryWorker(i, client, sink, pgClients.toError, advisoryLock),
        () => pgClients.close(),
      );
    },
  },
};
