// The lock as a lease row in real Postgres (lease-take.sql, lease-give-back.sql), its fence the
// token; the storage is the documents row in the same database. Expiry is judged by the
// database's clock alone.
import type { OpResult } from '../../sim/run/backend';
import type { Script } from '../../sim/run/script';
import { loadLockSources } from '../lockSources';
import { asNumber, PgStorage } from './pgStorage';
import { storageCalls } from './storageCalls';
import {
  ActorCalls,
  cannotInject,
  busy,
  clientActors,
  extended,
  released,
  type FatalHandler,
  type RealBackend,
} from './realBackend';

/**
 * Extends a live lease held with this fence. src/locks has no extend for the lease row, so the
 * lab keeps its own here: like lease-take.sql, it judges expiry by the database's clock.
 */
export const LEASE_EXTEND_SQL = `UPDATE leases SET expires_at = now() + make_interval(secs => $3)
WHERE name = $1 AND fence = $2 AND expires_at > now()`;

export async function createPgLeaseBackend(
  script: Script,
  servers: { databaseUrl: string },
  fatal: FatalHandler,
): Promise<RealBackend> {
  const calls = new ActorCalls(fatal);
  const storage = await PgStorage.open(servers.databaseUrl, script, clientActors(script));
  const at = { name: 'Postgres', address: storage.address };
  const sources = loadLockSources();
  const client = (actor: string) => storage.connection(actor).client;

  return {
    name: 'postgres',
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
            (await client(actor).query(LEASE_EXTEND_SQL, [script.resource, token, ttlMs / 1000]))
              .rowCount === 1,
          ),
        done,
      );
    },
    ...storageCalls(calls, storage),
    fault: cannotInject,
    crash(actor) {
      calls.markCrashed(actor);
      void storage.drop(actor);
    },
    close: () => storage.close(),
  };
}
