// The lock on real etcd: a key created only if absent (a transaction), bound to a lease; the
// key's create revision is the fencing token. Keep-alive is the extend (it renews the lease and
// leaves the key alone), and the release deletes the key only if its revision is still ours. Lease IDs are 64-bit: they stay strings here.
import { Etcd3 } from 'etcd3';
import type { OpResult } from '../../sim/run/backend';
import { lockKey, type Script } from '../../sim/run/script';
import { keepAliveOnce } from './etcdKeepAlive';
import { PgStorage } from './pgStorage';
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

/** etcd grants whole seconds, at least one (its minimum is a few election timeouts). */
export function leaseTtlSeconds(ttlMs: number): number {
  return Math.max(1, Math.ceil(ttlMs / 1000));
}

/** A revision as a JS number: revisions of a lab run are far below 2^53, and we check. */
function revisionNumber(revision: string): number {
  const n = Number(BigInt(revision));
  if (!Number.isSafeInteger(n)) throw new Error(`revision ${revision} does not fit a safe integer`);
  return n;
}

export async function createEtcdBackend(
  script: Script,
  servers: { endpoints: string[]; databaseUrl: string },
  fatal: FatalHandler,
): Promise<RealBackend> {
  const key = lockKey(script);
  const calls = new ActorCalls(fatal);
  const actors = clientActors(script);
  const at = { name: 'etcd', address: servers.endpoints.map((e) => new URL(e).host).join(',') };
  const clients = new Map<string, Etcd3>();
  const leases = new Map<string, string>();
  const connect = () => new Etcd3({ hosts: servers.endpoints, dialTimeout: 2_000 });

  const admin = connect();
  let storage: PgStorage;
  // Closed again if a later step of the setup fails: its connections and proxies would leak.
  let opened: PgStorage | null = null;
  try {
    await admin.delete().key(key);
    storage = opened = await PgStorage.open(servers.databaseUrl, script, actors);
    for (const actor of actors) {
      const client = connect();
      clients.set(actor, client);
      // Connect now, so the run's first request does not pay for the connection.
      await client.get(key).string();
    }
  } catch (error) {
    await opened?.close().catch(() => undefined);
    admin.close();
    for (const c of clients.values()) c.close();
    throw error;
  }
  const client = (actor: string): Etcd3 => {
    const c = clients.get(actor);
    if (!c) throw new Error(`${actor} has no etcd connection`);
    return c;
  };

  async function acquire(actor: string, ttlMs: number): Promise<OpResult> {
    const c = client(actor);
    const grant = await c.leaseClient.leaseGrant({ TTL: leaseTtlSeconds(ttlMs), ID: 0 });
    const leaseId = String(grant.ID);
    const txn = await c
      .if(key, 'Create', '==', 0)
      .then(c.put(key).value(actor).lease(leaseId))
      .commit();
    if (!txn.succeeded) {
      await c.leaseClient.leaseRevoke({ ID: leaseId });
      return busy('the key exists');
    }
    leases.set(actor, leaseId);
    // The put is the transaction's only write, so the revision it made is the key's create
    // revision. Nothing writes the key again while it is held, so its mod revision stays the
    // same number: the release compares that.
    return {
      type: 'ok',
      value: {
        token: revisionNumber(txn.header.revision),
        leaseTtlMs: Number(grant.TTL) * 1000,
        leaseId,
      },
    };
  }

  /** One keep-alive on the actor's lease: a TTL of 0 means etcd already revoked it. */
  async function keepAlive(actor: string): Promise<boolean> {
    const leaseId = leases.get(actor);
    if (leaseId === undefined) return false;
    return (await keepAliveOnce(client(actor).leaseClient, leaseId)) > 0;
  }

  async function release(actor: string, token: number | null): Promise<OpResult> {
    const c = client(actor);
    const txn = await c
      .if(key, 'Mod', '==', token ?? -1)
      .then(c.delete().key(key))
      .commit();
    const leaseId = leases.get(actor);
    if (txn.succeeded && leaseId !== undefined) {
      await c.leaseClient.leaseRevoke({ ID: leaseId }).catch(() => {});
      leases.delete(actor);
    }
    return released(txn.succeeded ? 1 : 0, 'the key has another revision');
  }

  return {
    name: 'etcd+postgres',
    acquire(actor, op, done) {
      calls.call(actor, at, () => acquire(actor, op.ttlMs), done);
    },
    release(actor, token, _blind, done) {
      calls.call(actor, at, () => release(actor, token), done);
    },
    extend(actor, _token, _ttlMs, done) {
      calls.call(actor, at, async () => extended(await keepAlive(actor)), done);
    },
    ...storageCalls(calls, storage),
    fault: cannotInject,
    crash(actor) {
      // The lease is not revoked: it lapses on its own, as a dead client's would.
      calls.markCrashed(actor);
      clients.get(actor)?.close();
      clients.delete(actor);
      void storage.drop(actor);
    },
    async close() {
      admin.close();
      for (const c of clients.values()) c.close();
      clients.clear();
      await storage.close();
    },
  };
}
