// The lock as a lease row in real Postgres (lease-take.sql, lease-give-back.sql), its fence the
// token; the storage is the documents row in the same database. Expiry is judged by the
// database's clock alone.
import type { OpResult } from '../../sim/run/backend';
import type { Script } from '../../sim/run/script';
import { loadLockSources } from '../lockSources';
import { connectPostgres, parsePostgresUrl, type ShimClockSetting } from '../servers';
import { clockJumpFault, ServerClock, startClocks } from './serverClock';
import { asNumber, PgStorage } from './pgStorage';
import { storageCalls } from './storageCalls';
import {
  ActorCalls,
  busy,
  clientActors,
  extended,
  released,
  type FatalHandler,
  type RealBackend,
} from './realBackend';

/** The database's own wall clock, in ms since the epoch: the clock now() is taken from. */
const CLOCK_SQL = 'SELECT extract(epoch FROM clock_timestamp()) * 1000 AS ms';

export async function createPgLeaseBackend(
  script: Script,
  servers: {
    databaseUrl: string;
    /** Sets the database's clock shim, when it runs under one: then `clocks` and `clock-jump` apply. */
    setClock?: (setting: ShimClockSetting) => Promise<void>;
  },
  fatal: FatalHandler,
): Promise<RealBackend> {
  const calls = new ActorCalls(fatal);
  const storage = await PgStorage.open(servers.databaseUrl, script, clientActors(script));
  const at = { name: 'Postgres', address: storage.address };
  // The database's clock, read through a session of its own, when it runs under the shim. Every
  // session's process is forked from the postmaster and inherits the shim, so this one reads
  // what the clients' sessions read.
  let clock: ServerClock | null = null;
  let zeroWallMs: number | null = null;
  let clockReader: Awaited<ReturnType<typeof connectPostgres>> | null = null;
  if (servers.setClock) {
    try {
      const reader = (clockReader = await connectPostgres(
        { connectionString: servers.databaseUrl },
        parsePostgresUrl(servers.databaseUrl),
      ));
      clock = new ServerClock({
        node: 'postgres',
        write: servers.setClock,
        readMs: async () => Number((await reader.query<{ ms: string }>(CLOCK_SQL)).rows[0]?.ms),
      });
      zeroWallMs = await startClocks([clock], script.clocks);
    } catch (error) {
      await clockReader?.end().catch(() => undefined);
      await clock?.reset().catch(() => undefined);
      await storage.close().catch(() => undefined);
      throw error;
    }
  }
  const sources = loadLockSources();
  const client = (actor: string) => storage.connection(actor).client;

  return {
    name: 'postgres',
    ...(zeroWallMs === null ? {} : { zeroWallMs }),
    acquire(actor, op, done) {
      calls.call(
        actor,
        at,
        async (): Promise<OpResult> => {
          const rows = await client(actor).query<{ fence: string }>(sources.leaseTake, [
            script.resource,
            actor,
            op.ttlMs / 1000,
          ]);
          const row = rows.rows[0];
          return row
            ? { type: 'ok', value: { token: asNumber(row.fence) } }
            : busy('a live lease exists');
        },
        done,
      );
    },
    release(actor, token, _blind, done) {
      calls.call(
        actor,
        at,
        async () =>
          released(
            (await client(actor).query(sources.leaseGiveBack, [script.resource, token])).rowCount ??
              0,
            'the lease has a newer fence',
          ),
        done,
      );
    },
    extend(actor, token, ttlMs, done) {
      calls.call(
        actor,
        at,
        async () =>
          extended(
            (await client(actor).query(sources.leaseExtend, [script.resource, token, ttlMs / 1000]))
              .rowCount === 1,
          ),
        done,
      );
    },
    ...storageCalls(calls, storage),
    fault: clockJumpFault(
      () => clock,
      calls,
      () => at,
    ),
    crash(actor) {
      calls.markCrashed(actor);
      void storage.drop(actor);
    },
    async close() {
      await clockReader?.end().catch(() => undefined);
      clockReader = null;
      await storage.close();
      // The next run on this database starts with a true clock.
      await clock?.reset().catch(() => undefined);
    },
  };
}
