// A run that cannot finish fails with one line naming the scenario, the variant and the lock,
// and keeps the error it wraps as its cause, down to the socket's own.
import { describe, expect, inject, it } from 'vitest';
import { ServerPool } from './backends';
import { ScenarioFailedError, runReal } from './runReal';
import { ServerDownError, freePort } from './servers';

describe('a run whose server is down', () => {
  it('fails with ScenarioFailedError, the server error and its socket error as causes', async () => {
    const port = await freePort();
    const pool = new ServerPool({
      redisUrl: `redis://127.0.0.1:${port}`,
      databaseUrl: inject('databaseUrl'),
    });
    try {
      const error = await runReal(
        { scenario: 'paused-client', variant: 'fencing-on', lock: 'redis' },
        pool,
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ScenarioFailedError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^scenario paused-client \\(fencing-on, redis\\) failed: Redis is down at 127\\.0\\.0\\.1:${port}`,
        ),
      );
      const down = (error as Error).cause;
      expect(down).toBeInstanceOf(ServerDownError);
      expect((down as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      await pool.stop();
    }
  });
});
