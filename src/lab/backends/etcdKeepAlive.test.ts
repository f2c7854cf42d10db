// A keep-alive whose stream ends before etcd answers fails the extend at once and says so. A
// stream that ended or was closed with neither an answer nor an error used to leave the extend
// waiting until the run's timeout (30 s), which then blamed "a server stopped answering".
import { Etcd3 } from 'etcd3';
import { describe, expect, inject, it } from 'vitest';
import type { OpResult } from '../../sim/run/backend';
import { story } from '../../sim/scenarios/scenario';
import { startEtcd, type EtcdServer } from '../servers';
import { waitUntilStopped } from '../test/procState';
import { createEtcdBackend } from './etcd';
import { keepAliveOnce, type KeepAliveClient } from './etcdKeepAlive';
import { ServerFailedError } from './realBackend';

/** Far below the run's 30 s timeout, and far above a keep-alive's few ms. */
const PROMPT_MS = 3_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How a promise settled within limitMs, and after how long. */
async function settleWithin(promise: Promise<unknown>, limitMs: number) {
  const startedAt = Date.now();
  const outcome = await Promise.race([
    promise.then(
      (value) => ({ settled: 'resolved' as const, value }),
      (error: unknown) => ({ settled: 'rejected' as const, error }),
    ),
    sleep(limitMs).then(() => ({ settled: 'still waiting' as const })),
  ]);
  return { ...outcome, afterMs: Date.now() - startedAt };
}

/** The one member's process: the tests pause it (so no answer can come) and kill it. */
function member(etcd: EtcdServer) {
  const process = etcd.processes[0];
  if (!process) throw new Error('etcd started no process');
  return process;
}

describe('a keep-alive stream that ends before etcd answers', () => {
  it('closed on this side: the keep-alive fails at once, saying the stream ended', async () => {
    const etcd = await startEtcd({ useEnv: false });
    const client = new Etcd3({ hosts: etcd.endpoints, dialTimeout: 2_000 });
    try {
      const lease = await client.leaseClient.leaseGrant({ TTL: 10, ID: 0 });
      // The real lease client; the test only keeps a hand on the stream it opens.
      let opened: (stream: { destroy(): void }) => void = () => {};
      const streamOpened = new Promise<{ destroy(): void }>((resolve) => (opened = resolve));
      const leases: KeepAliveClient = {
        async leaseKeepAlive() {
          const stream = await client.leaseClient.leaseKeepAlive();
          opened(stream as unknown as { destroy(): void });
          return stream;
        },
      };
      // Paused, etcd cannot answer: the keep-alive is sent and waits.
      member(etcd).kill('SIGSTOP');
      await waitUntilStopped(member(etcd).pid);
      const pending = keepAliveOnce(leases, String(lease.ID));
      const stream = await streamOpened;
      await sleep(100);
      stream.destroy();

      const result = await settleWithin(pending, PROMPT_MS);
      expect(result.settled).toBe('rejected');
      expect(String((result as { error?: unknown }).error)).toBe(
        'Error: the keep-alive stream ended before etcd answered',
      );
    } finally {
      member(etcd).kill('SIGCONT');
      client.close();
      await etcd.stop();
    }
  });

  it('etcd stopped under it: the extend fails the run at once, naming etcd and the stream', async () => {
    const etcd = await startEtcd({ useEnv: false });
    const script = story(
      'etcd',
      true,
      { 'client-1': [{ op: { f: 'acquire', ttlMs: 5_000 } }] },
      { resource: 'keep-alive-ended' },
    );
    let failRun: (error: Error) => void = () => {};
    const runFailed = new Promise<Error>((resolve) => (failRun = resolve));
    const backend = await createEtcdBackend(
      script,
      { endpoints: etcd.endpoints, databaseUrl: inject('databaseUrl') },
      (error) => failRun(error),
    );
    try {
      const acquired = await new Promise<OpResult>((resolve) =>
        backend.acquire('client-1', { f: 'acquire', ttlMs: 5_000 }, resolve),
      );
      expect(acquired.type).toBe('ok');
      // The keep-alive goes out to a paused etcd, which is then stopped for good before it answers.
      member(etcd).kill('SIGSTOP');
      await waitUntilStopped(member(etcd).pid);
      let answered: OpResult | undefined;
      backend.extend('client-1', null, 5_000, (result) => (answered = result));
      await sleep(200);
      member(etcd).kill('SIGKILL');

      const result = await settleWithin(runFailed, PROMPT_MS);
      expect(answered).toBeUndefined();
      expect(result.settled).toBe('resolved');
      const error = (result as { value?: unknown }).value as Error;
      expect(error).toBeInstanceOf(ServerFailedError);
      expect(error.message).toMatch(
        /^etcd at 127\.0\.0\.1:\d+ failed: the keep-alive stream ended before etcd answered: 14 UNAVAILABLE/,
      );
      expect(error.message).not.toContain('\n');
      // The gRPC status stays behind the line: ServerFailedError -> the keep-alive's -> gRPC's.
      expect((error.cause as Error).cause).toMatchObject({ code: 14 });
    } finally {
      await backend.close();
      await etcd.stop();
    }
  });
});
