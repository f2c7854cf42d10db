// The two locks Postgres gives: a lease row taken only when expired, its fence the token; and a
// transaction-level advisory lock, with the work written inside the same transaction.
import type { NodeClock } from '../core/clock';
import type { Done, OpResult, WriteRequest } from '../run/backend';
import { busy, extended, ok, released } from '../run/answers';
import type { AcquireOp, SimLock, SimLockContext } from './simLock';

/** lease-take.sql, lease-give-back.sql and the lab's extend, judged by the database's clock. */
export class PgLeaseLock implements SimLock {
  constructor(private readonly ctx: SimLockContext) {
    // The lease row exists before the run: it has given out tokens already.
    ctx.pg.seedLease(ctx.script.resource, ctx.script.initialToken);
  }

  acquire(actor: string, op: AcquireOp, done: Done<OpResult>): void {
    const { wire, pg, script } = this.ctx;
    wire.send(() => {
      const token = pg.leaseTake(script.resource, actor, op.ttlMs, wire.nowMs());
      wire.answer(actor, token === null ? busy('a live lease exists') : ok({ token }), done);
    });
  }

  release(actor: string, token: number | null, _blind: boolean, done: Done<OpResult>): void {
    const { wire, pg, script } = this.ctx;
    wire.send(() =>
      wire.answer(
        actor,
        released(pg.leaseGiveBack(script.resource, token), 'the lease has a newer fence'),
        done,
      ),
    );
  }

  extend(actor: string, token: number | null, ttlMs: number, done: Done<OpResult>): void {
    const { wire, pg, script } = this.ctx;
    wire.send(() =>
      wire.answer(
        actor,
        extended(pg.leaseExtend(script.resource, token, ttlMs, wire.nowMs()) === 1),
        done,
      ),
    );
  }

  /** Its one server is Postgres, whose clock the backend finds itself. */
  clock(): NodeClock | null {
    return null;
  }
}

/**
 * BEGIN and pg_try_advisory_xact_lock; the release is the COMMIT. The lock, the writes and the
 * connection end together: a terminated or dead client's transaction rolls back.
 */
export class PgAdvisoryLock implements SimLock {
  constructor(private readonly ctx: SimLockContext) {}

  acquire(actor: string, _op: AcquireOp, done: Done<OpResult>): void {
    const { wire, pg, script } = this.ctx;
    wire.send(() =>
      wire.answer(
        actor,
        pg.beginWithAdvisoryLock(actor, script.resource)
          ? ok({ token: null }, 'holds the advisory lock in its transaction')
          : busy('another transaction holds the advisory lock'),
        done,
      ),
    );
  }

  release(actor: string, _token: number | null, _blind: boolean, done: Done<OpResult>): void {
    const { wire, pg } = this.ctx;
    wire.send(() =>
      wire.answer(
        actor,
        pg.commit(actor)
          ? ok({ committed: true })
          : {
              type: 'fail',
              value: { committed: false, reason: 'terminated' },
              note: 'the connection was terminated, and the transaction rolled back',
            },
        done,
      ),
    );
  }

  clock(): NodeClock | null {
    return null;
  }

  clientCrashed(actor: string): void {
    this.ctx.pg.terminate(actor);
  }

  /** The UPDATE runs in the client's transaction: it counts only if the COMMIT succeeds. */
  writeInTransaction(actor: string, w: WriteRequest): OpResult {
    const { pg, script } = this.ctx;
    if (!pg.writeInTransaction(actor, script.resource, w.body)) {
      return {
        type: 'fail',
        value: { body: w.body, token: w.token, reason: 'terminated' },
        note: 'the connection was terminated',
      };
    }
    return ok(
      { body: w.body, token: w.token, fence: pg.documents.fence(script.resource), pending: true },
      'inside the transaction',
    );
  }
}
