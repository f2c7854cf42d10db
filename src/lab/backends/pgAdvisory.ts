// The lock as a transaction-level advisory lock in real Postgres (BEGIN, then
// advisory-lock.sql). The work happens in the same transaction, so the lock and the work end
// together: COMMIT is the release, and a terminated backend rolls both back.
import type { Done, OpResult } from '../../sim/run/backend';
import type { Script } from '../../sim/run/script';
import type { StoredDocument } from '../../sim/trace/schema';
import { loadLockSources } from '../lockSources';
import { PgStorage } from './pgStorage';
import {
  ActorCalls,
  cannotInject,
  busy,
  clientActors,
  type FatalHandler,
  type RealBackend,
} from './realBackend';

export async function createPgAdvisoryBackend(
  script: Script,
  servers: { databaseUrl: string },
  fatal: FatalHandler,
): Promise<RealBackend> {
  const calls = new ActorCalls(fatal);
  const storage = await PgStorage.open(servers.databaseUrl, script, clientActors(script));
  const at = { name: 'Postgres', address: storage.address };
  const sources = loadLockSources();
  const terminated = new Set<string>();
  const inTransaction = new Set<string>();
  const client = (actor: string) => storage.connection(actor).client;

  /** A call on a session the nemesis ended: Postgres closed it, so the call fails, as it should. */
  async function unlessTerminated(
    actor: string,
    work: () => Promise<OpResult>,
    gone: OpResult,
  ): Promise<OpResult> {
    if (terminated.has(actor)) return gone;
    try {
      return await work();
    } catch (error) {
      if (terminated.has(actor)) return gone;
      throw error;
    }
  }

  return {
    name: 'postgres',
    acquire(actor, _op, done) {
      calls.call(
        actor,
        at,
        () =>
          unlessTerminated(
            actor,
            async () => {
              const c = client(actor);
              await c.query('BEGIN');
              // The file runs as it is; its one column says whether the lock was taken.
              const rows = await c.query(sources.advisoryLock, [script.resource]);
              const row = rows.rows[0] as Record<string, unknown> | undefined;
              const locked = row !== undefined && Object.values(row)[0] === true;
              if (!locked) {
                await c.query('ROLLBACK');
                return busy('another transaction holds the advisory lock');
              }
              inTransaction.add(actor);
              return {
                type: 'ok',
                value: { token: null },
                note: 'holds the advisory lock in its transaction',
              };
            },
            busy('the session was terminated'),
          ),
        done,
      );
    },
    release(actor, _token, _blind, done) {
      const gone: OpResult = {
        type: 'fail',
        value: { committed: false, reason: 'terminated' },
        note: 'the connection was terminated, and the transaction rolled back',
      };
      calls.call(
        actor,
        at,
        () =>
          unlessTerminated(
            actor,
            async () => {
              if (!inTransaction.has(actor))
                return { type: 'fail', value: { committed: false }, note: 'no transaction' };
              await client(actor).query('COMMIT');
              inTransaction.delete(actor);
              return { type: 'ok', value: { committed: true } };
            },
            gone,
          ),
        done,
      );
    },
    extend(_actor, _token, _ttlMs, done) {
      done({ type: 'fail', value: { extended: 0 }, note: 'pg-advisory has no extend here' });
    },
    write(actor, request, done) {
      calls.call(
        actor,
        at,
        () =>
          unlessTerminated(actor, () => storage.write(actor, request, { pending: true }), {
            type: 'fail',
            value: { body: request.body, token: request.token, reason: 'terminated' },
            note: 'the connection was terminated',
          }),
        done,
      );
    },
    fault(op, done: Done<OpResult>) {
      if (op.f !== 'terminate') {
        cannotInject(op, done);
        return;
      }
      calls.call(
        null,
        at,
        async (): Promise<OpResult> => {
          const pid = storage.connection(op.target).backendPid;
          terminated.add(op.target);
          const rows = await storage.admin.query<{ ok: boolean }>(
            'SELECT pg_terminate_backend($1) AS ok',
            [pid],
          );
          return {
            type: 'info',
            value: { target: op.target, backendPid: pid, terminated: rows.rows[0]?.ok === true },
            note: `pg_terminate_backend(${pid}): its transaction rolls back and its advisory lock ends`,
          };
        },
        done,
      );
    },
    crash(actor) {
      calls.markCrashed(actor);
      void storage.drop(actor);
    },
    readDocument(done: Done<StoredDocument>) {
      calls.call(null, at, () => storage.readDocument(), done);
    },
    close: () => storage.close(),
  };
}
