// The storage's write on a real Postgres: one statement for a write the storage takes, as the
// simulator's one round trip, and one more only to read the fence that refused a stale write.
// The statements are counted on the real client (a spy that calls through), so a write that
// grows a BEGIN, a read or a COMMIT again fails here.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import type { Script } from '../../sim/run/script';
import { PgStorage } from './pgStorage';

const ACTORS = ['client-1', 'client-2'];

function scriptFor(fencing: boolean): Script {
  return {
    lock: 'pg-lease',
    fencing,
    resource: `storage-${randomUUID()}`,
    hashTags: false,
    initialToken: 33,
    initialBody: 'v0',
    actors: {},
  };
}

let storage: PgStorage | null = null;

afterEach(async () => {
  await storage?.close();
  storage = null;
});

async function open(fencing: boolean): Promise<PgStorage> {
  storage = await PgStorage.open(inject('databaseUrl'), scriptFor(fencing), ACTORS);
  return storage;
}

/** Counts the statements one client sends to Postgres, passing each through. */
function countStatements(s: PgStorage, actor: string): () => number {
  const spy = vi.spyOn(s.connection(actor).client, 'query');
  return () => spy.mock.calls.length;
}

const write = (body: string, token: number | null, fencing: boolean) => ({
  body,
  token,
  fencing,
  heldMs: 0,
});

describe('the storage write on real Postgres', () => {
  it('takes a fenced write in one statement and reports the fence it left', async () => {
    const s = await open(true);
    const statements = countStatements(s, 'client-2');
    const answer = await s.write('client-2', write('v2', 34, true));
    expect(answer).toMatchObject({ type: 'ok', value: { body: 'v2', token: 34, fence: 34 } });
    expect(statements()).toBe(1);
    expect(await s.readDocument()).toEqual({ body: 'v2', fence: 34 });
  });

  it('refuses a stale write, then reads the fence that refused it: two statements', async () => {
    const s = await open(true);
    await s.write('client-2', write('v2', 34, true));
    const statements = countStatements(s, 'client-1');
    const answer = await s.write('client-1', write('v1', 33, true));
    expect(answer).toMatchObject({
      type: 'fail',
      value: { body: 'v1', token: 33, fence: 34, reason: 'stale-token' },
    });
    expect(statements()).toBe(2);
    expect(await s.readDocument()).toEqual({ body: 'v2', fence: 34 });
  });

  it('refuses a write with no token, which matches no row', async () => {
    const s = await open(true);
    const answer = await s.write('client-1', write('v1', null, true));
    expect(answer).toMatchObject({ type: 'fail', value: { token: null, fence: 0 } });
    expect(await s.readDocument()).toEqual({ body: 'v0', fence: 0 });
  });

  it('takes an unfenced write in one statement and leaves the fence as it was', async () => {
    const s = await open(false);
    const statements = countStatements(s, 'client-1');
    const answer = await s.write('client-1', write('late', 33, false));
    expect(answer).toMatchObject({ type: 'ok', value: { body: 'late', token: 33, fence: 0 } });
    expect(statements()).toBe(1);
    expect(await s.readDocument()).toEqual({ body: 'late', fence: 0 });
  });
});
