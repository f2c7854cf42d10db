// Redis with a replica, and a failover before replication, as in SERVERS.md: the replica is
// paused for writes (CLIENT PAUSE WRITE) so it holds the primary's stream without applying it;
// the acquire's WAIT 1 100 on the acquiring connection returns 0; the primary is killed with
// SIGKILL; the replica is promoted (REPLICAOF NO ONE) and unpaused. It never saw the lock, and
// its counter is one lower: the next client gets the same token again.
import type { Redis } from 'ioredis';
import type { Script } from '../../sim/run/script';
import { fenceKey } from '../../sim/run/script';
import { connectRedis, replicaLinkStatus, waitFor, type RedisReplication } from '../servers';
import { createRedisParts, type RedisTarget } from './redis';
import type { FatalHandler, RealBackend } from './realBackend';

/** How long the replica stops applying writes: far longer than any run that uses it. */
const REPLICA_PAUSE_MS = 10_000;

export async function createRedisReplicatedBackend(
  script: Script,
  servers: { pair: RedisReplication; databaseUrl: string },
  fatal: FatalHandler,
): Promise<RealBackend> {
  const { pair } = servers;
  const primary: RedisTarget = { ...pair.primary, server: 'Redis primary' };
  const replica: RedisTarget = { ...pair.replica, server: 'Redis replica' };
  let current = primary;
  const parts = await createRedisParts(
    script,
    { target: () => current, databaseUrl: servers.databaseUrl },
    fatal,
    'redis-replicated+postgres',
  );
  let primaryAdmin: Redis | undefined;
  let replicaAdmin: Redis | undefined;
  try {
    primaryAdmin = await connectRedis(primary, { server: primary.server });
    replicaAdmin = await connectRedis(replica, { server: replica.server });
    // The counter must reach the replica before the run: WAIT counts this connection's writes
    // only, so write it here and wait for the replica's acknowledgement.
    await primaryAdmin.set(fenceKey(script), String(script.initialToken));
    const acked = Number(await primaryAdmin.call('WAIT', '1', '2000'));
    if (acked !== 1)
      throw new Error(`the replica did not acknowledge the counter (WAIT returned ${acked})`);
    await replicaAdmin.call('CLIENT', 'PAUSE', String(REPLICA_PAUSE_MS), 'WRITE');
  } catch (error) {
    primaryAdmin?.disconnect();
    replicaAdmin?.disconnect();
    await parts.backend.close();
    throw error;
  } finally {
    primaryAdmin?.disconnect();
  }
  const admin = replicaAdmin;
  const replicaAt = { name: replica.server, address: `${replica.host}:${replica.port}` };

  return {
    ...parts.backend,
    fault(op, done) {
      if (op.f !== 'failover') {
        parts.backend.fault(op, done);
        return;
      }
      parts.calls.call(
        null,
        replicaAt,
        async () => {
          if (current !== primary) return { type: 'fail' as const, note: 'no replica to promote' };
          // Asked on the connection that acquired: a fresh connection's WAIT has nothing to wait for.
          const last = parts.lastAcquire();
          const replicasAcked = last ? Number(await last.redis.call('WAIT', '1', '100')) : null;
          pair.primary.process?.kill('SIGKILL');
          await pair.primary.process?.exited;
          await waitFor(async () => (await replicaLinkStatus(admin)) === 'down', {
            timeoutMs: 5_000,
            describe: () => 'the replica did not notice that the primary died',
          });
          await admin.call('REPLICAOF', 'NO', 'ONE');
          await admin.call('CLIENT', 'UNPAUSE');
          current = replica;
          await parts.reconnectAll();
          return {
            type: 'info' as const,
            value: { promoted: 'redis-replica', replicasAcked },
            note:
              last === null || replicasAcked === null
                ? 'with no lock taken yet'
                : replicasAcked === 0
                  ? `before it has received the lock (WAIT 1 100, sent after ${inWords(last.actor)}’s acquire to wait up to 100 ms for one replica’s copy, found none)`
                  : `after it has received the lock (WAIT 1 100, sent after ${inWords(last.actor)}’s acquire to wait up to 100 ms for one replica’s copy, counted ${replicasAcked})`,
          };
        },
        done,
      );
    },
    async close() {
      admin.disconnect();
      await parts.backend.close();
    },
  };
}

/** A note is prose a reader sees in the replay: `client-1` is "client 1" there. */
function inWords(actor: string): string {
  return actor.replace(/-/g, ' ');
}
