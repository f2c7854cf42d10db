import type { World } from './core/world';
import { NodeClock } from './core/clock';
import type { Backend, Done, OpResult, WriteRequest } from './run/backend';
import { fenceKey, lockKey, type Op, type Script } from './run/script';
import { Network } from './models/network';
import { PostgresModel } from './models/postgres';
import { ok, refusedWrite } from './run/answers';
import { createSimLock, type SimLock } from './simLocks/index';
import type { AcquireOp } from './simLocks/simLock';
import { Wire } from './simLocks/wire';
import type { StoredDocument } from './trace/schema';

type FaultOp = Extract<Op, { f: 'clock-jump' | 'failover' | 'terminate' }>;

/**
 * The key names of each script, worked out once: a seed sweep builds a backend per run from one
 * script, and the same string objects keep their hashes for the keyspace maps.
 */
const keysOf = new WeakMap<Script, { lock: string; fence: string }>();

/**
 * The simulated world behind the backend interface: network delays on every request and reply,
 * the lock the script asks for (`simLocks/`, one file per kind, as the lab's real backends are),
 * the documents table as the storage, and the faults. Everything runs on the world's virtual
 * clock and PRNG, so one seed gives one run.
 *
 * It builds only the servers its lock needs, because the benchmark and the property tests build
 * one per run, hundreds of thousands of times.
 */
export class SimBackend implements Backend {
  private readonly wire: Wire;
  /** Postgres is always there: its documents table is the storage every scenario writes to. */
  private readonly pg: PostgresModel;
  private readonly lock: SimLock;

  constructor(
    private readonly script: Script,
    private readonly world: World,
  ) {
    this.wire = new Wire(world, new Network(world.prng));
    this.pg = new PostgresModel(new NodeClock());
    this.pg.documents.create(script.resource, script.initialBody);
    let keys = keysOf.get(script);
    if (keys === undefined) {
      keys = { lock: lockKey(script), fence: fenceKey(script) };
      keysOf.set(script, keys);
    }
    this.lock = createSimLock({ script, wire: this.wire, pg: this.pg, keys });
    if (script.clocks !== undefined) this.setClocks(script.clocks);
  }

  /** The script's offsets and drifts, on servers that exist: a name that matches none is a bug. */
  private setClocks(clocks: NonNullable<Script['clocks']>): void {
    for (const [node, { offsetMs = 0, driftPpm = 0 }] of Object.entries(clocks)) {
      const clock = this.nodeClock(node);
      if (clock === null) {
        throw new Error(
          `the script sets the clock of "${node}", but ${this.script.lock} runs on no node of that name`,
        );
      }
      clock.set(offsetMs, driftPpm);
    }
  }

  private nodeClock(name: string): NodeClock | null {
    return name === 'postgres' ? this.pg.clock : this.lock.clock(name);
  }

  acquire(actor: string, op: AcquireOp, done: Done<OpResult>): void {
    this.lock.acquire(actor, op, done);
  }

  release(actor: string, token: number | null, blind: boolean, done: Done<OpResult>): void {
    this.lock.release(actor, token, blind, done);
  }

  extend(actor: string, token: number | null, ttlMs: number, done: Done<OpResult>): void {
    if (this.lock.extend) {
      this.lock.extend(actor, token, ttlMs, done);
      return;
    }
    // Nothing to ask the servers: the client knows at once that it cannot extend.
    const reply = this.wire.toLive(actor, done);
    reply({ type: 'fail', value: { extended: 0 }, note: `${this.script.lock} has no extend here` });
  }

  write(actor: string, w: WriteRequest, done: Done<OpResult>): void {
    const wire = this.wire;
    wire.send(() => wire.answer(actor, this.storeWrite(actor, w), done), w.heldMs);
  }

  /** The documents table receives a write: fenced (`fence <= token`), plain, or in a transaction. */
  private storeWrite(actor: string, w: WriteRequest): OpResult {
    if (this.lock.writeInTransaction) return this.lock.writeInTransaction(actor, w);
    const documents = this.pg.documents;
    const resource = this.script.resource;
    const rows = w.fencing
      ? documents.fencedWrite(resource, w.body, w.token)
      : documents.plainWrite(resource, w.body);
    const fence = documents.fence(resource);
    if (rows === 1)
      return ok({ body: w.body, token: w.token, fence, seq: documents.writesApplied });
    return refusedWrite(w.body, w.token, fence);
  }

  fault(op: FaultOp, done: Done<OpResult>): void {
    switch (op.f) {
      case 'clock-jump': {
        const clock = this.nodeClock(op.node);
        if (!clock) {
          done({ type: 'fail', value: { node: op.node }, note: `no node named ${op.node}` });
          return;
        }
        clock.step(this.world.nowMs(), op.byMs);
        done({ type: 'info', value: { node: op.node, byMs: op.byMs } });
        return;
      }
      case 'failover': {
        const promoted = this.lock.failover?.(this.world.nowMs()) ?? null;
        if (promoted === null) {
          done({ type: 'fail', note: 'no replica to promote' });
          return;
        }
        done({
          type: 'info',
          // Whether the promoted node has the lock key: the replay frees the lock when it has not.
          value: { promoted: 'redis-replica', lockKept: promoted.lockKept },
          note: promoted.lockKept
            ? 'after it has received the lock'
            : 'before it has received the lock',
        });
        return;
      }
      case 'terminate': {
        const wire = this.wire;
        wire.send(() => {
          this.pg.terminate(op.target);
          wire.answer<OpResult>(null, { type: 'info', value: { target: op.target } }, done);
        });
        return;
      }
    }
  }

  crash(actor: string): void {
    this.wire.crash(actor);
    // A dead client's connection closes: Postgres ends its transaction; etcd's lease lapses.
    this.lock.clientCrashed?.(actor);
  }

  readDocument(done: Done<StoredDocument>): void {
    const wire = this.wire;
    wire.send(() => wire.answer(null, this.pg.documents.read(this.script.resource), done));
  }
}
