// A server that fails under a call fails the run with one line naming it, and keeps what the
// driver said as the error's cause: the line stays short, the driver's error stays whole.
import { describe, expect, inject, it } from 'vitest';
import type { OpResult } from '../../sim/run/backend';
import { story } from '../../sim/scenarios/scenario';
import { startRedis } from '../servers';
import { createRedisBackend } from './redis';
import { ServerFailedError } from './realBackend';

describe('a server that dies under a call', () => {
  it('fails the run with ServerFailedError, the driver error as its cause', async () => {
    const redis = await startRedis({ useEnv: false });
    const script = story(
      'redis',
      true,
      { 'client-1': [{ op: { f: 'acquire', ttlMs: 10_000 } }] },
      { resource: 'server-failed-cause' },
    );
    const fatal: Error[] = [];
    const backend = await createRedisBackend(
      script,
      { redis: { ...redis, server: 'Redis' }, databaseUrl: inject('databaseUrl') },
      (error) => fatal.push(error),
    );
    try {
      const acquired = await new Promise<OpResult>((resolve) =>
        backend.acquire('client-1', { f: 'acquire', ttlMs: 10_000 }, resolve),
      );
      expect(acquired.type).toBe('ok');
      redis.process?.kill('SIGKILL');
      await redis.process?.exited;
      backend.release('client-1', 33, false, () => {});
      await expect.poll(() => fatal.length).toBe(1);

      const error = fatal[0];
      expect(error).toBeInstanceOf(ServerFailedError);
      expect(error?.message).toMatch(/^Redis at 127\.0\.0\.1:\d+ failed: /);
      expect(error?.message).not.toContain('\n');
      const cause = error?.cause;
      expect(cause).toBeInstanceOf(Error);
      expect((cause as Error).message).toBe((error as ServerFailedError).detail);
    } finally {
      await backend.close();
      await redis.stop();
    }
  });
});

describe('a server that refuses a command of the setup', () => {
  it('fails the opening with ServerFailedError naming the server, not the bare driver error', async () => {
    // This Redis has no SCRIPT command, so loading the lock's scripts ahead fails; a server that
    // dies between two setup commands fails there the same way ("Connection is closed.").
    const redis = await startRedis({ useEnv: false, args: ['--rename-command', 'SCRIPT', ''] });
    const script = story(
      'redis',
      true,
      { 'client-1': [{ op: { f: 'acquire', ttlMs: 10_000 } }] },
      { resource: 'server-failed-setup' },
    );
    try {
      const opening = createRedisBackend(
        script,
        { redis: { ...redis, server: 'Redis' }, databaseUrl: inject('databaseUrl') },
        () => {},
      );
      await expect(opening).rejects.toThrow(
        new RegExp(`^Redis at 127\\.0\\.0\\.1:${redis.port} failed: ERR unknown command 'script'`),
      );
      await expect(opening).rejects.toBeInstanceOf(ServerFailedError);
    } finally {
      await redis.stop();
    }
  });
});
