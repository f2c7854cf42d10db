// pg-lease: lease-take.sql, then lease-give-back.sql with the fence it returned. Each client
// has its own lease row, so every take finds the lease free (given back) and raises the fence.
import type pg from 'pg';
import type { OpSink, Worker } from '../driver';
import { AsyncWorker, openPgClients } from './librarySupport';
import { BENCH_LEASE_TTL_SECONDS, pgbenchCeiling } from '../ceilings/pgbench';
import { PG_NAME_BASE } from '../ceilings/pgbenchScript';
import { loadLockSources } from '../../lockSources';
import { type PgConnection, encodeExecute } from '../pgWireClient';
import { ExecuteWithLastInt, openPgConnections } from './pgSupport';
import { closeAll, sessionPerConnection } from './session';
import type { BenchCase } from './types';

class LeaseWorker implements Worker {
  private readonly take: Buffer;
  private readonly giveBack: ExecuteWithLastInt;

  constructor(
    private readonly index: number,
    private readonly connection: PgConnection,
    private readonly sink: OpSink,
  ) {
    const name = String(PG_NAME_BASE.lease + index);
    this.take = encodeExecute('take', [name, 'bench', BENCH_LEASE_TTL_SECONDS]);
    this.giveBack = new ExecuteWithLastInt('giveBack', [name]);
  }

  start(): void {
    this.connection.send(this.take, this.taken);
  }

  private readonly taken = (): void => {
    const c = this.connection;
    if (c.errorText) {
      this.sink.fail(new Error(`lease-take.sql: ${c.errorText}`));
    } else if (!c.hasRow) {
      this.sink.fail(new Error('lease-take.sql found a live lease on a name given back'));
    } else {
      c.send(this.giveBack.forValue(c.value), this.givenBack);
    }
  };

  private readonly givenBack = (): void => {
    const c = this.connection;
    if (c.errorText || c.rowCount !== 1) {
      this.sink.fail(new Error(`lease-give-back.sql: ${c.errorText || `${c.rowCount} rows`}`));
      return;
    }
    this.sink.done(this.index, true);
  };
}

/** The same pair through pg: lease-take.sql, then lease-give-back.sql with its fence. */
class PgLeaseWorker extends AsyncWorker {
  private readonly name: string;

  constructor(
    index: number,
    private readonly client: pg.Client,
    sink: OpSink,
    toError: (error: unknown) => Error,
    private readonly take: string,
    private readonly giveBack: string,
  ) {
    super(index, sink, toError);
    this.name = String(PG_NAME_BASE.lease + index);
  }

  protected async unit(): Promise<boolean> {
    const taken = await this.client.query<{ fence: string }>({
      name: 'take',
      text: this.take,
      values: [this.name, 'bench', BENCH_LEASE_TTL_SECONDS],
    });
    const fence = taken.rows[0]?.fence;
    if (fence === undefined)
      throw new Error('lease-take.sql found a live lease on a name given back');
    const given = await this.client.query({
      name: 'giveBack',
      text: this.giveBack,
      values: [this.name, fence],
    });
    if (given.rowCount !== 1) throw new Error(`lease-give-back.sql: ${given.rowCount} rows`);
    return true;
  }
}

export const pgLeaseCase: BenchCase = {
  name: 'pg-lease',
  server: 'postgres',
  kind: 'pairs',
  summary: 'lease-take.sql + lease-give-back.sql (prepared), one lease row per client',
  async open({ clients, servers }, sink) {
    const { leaseTake, leaseGiveBack } = loadLockSources();
    const connections = await openPgConnections(
      servers.postgres,
      clients,
      { take: leaseTake, giveBack: leaseGiveBack },
      (e) => sink.fail(e),
    );
    return sessionPerConnection(
      connections,
      (connection, i) => new LeaseWorker(i, connection, sink),
      () => closeAll(connections),
    );
  },
  ceiling: ({ clients, servers }) =>
    pgbenchCeiling({ postgres: servers.postgres, clients, mode: 'lease' }),
  library: {
    client: 'pg',
    async open({ clients, servers }, sink) {
      const { leaseTake, leaseGiveBack } = loadLockSources();
      const pgClients = await openPgClients(servers.postgres, clients, sink);
      return sessionPerConnection(
        pgClients.clients,
        (client, i) =>
          new PgLeaseWorker(i, client, sink, pgClients.toError, leaseTake, leaseGiveBack),
        () => pgClients.close(),
      );
    },
  },
};
