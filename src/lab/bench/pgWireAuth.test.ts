// The benchmark's own Postgres client against a real server that asks for SCRAM-SHA-256, as a
// Postgres of the author's own does by default: the run's server gets one role that must prove
// its password, and the client must get in with the right one and be refused with a wrong one.
import { accessSync, constants, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PgConnection, parsePgUrl } from './pgWireClient';

const databaseUrl = inject('databaseUrl');
const ROLE = 'bench_scram_check';
const PASSWORD = 'correct horse battery';
/** A role whose password SASLprep changes: the server stores its verifier from "PASS word". */
const UNICODE_ROLE = 'bench_scram_unicode';
const UNICODE_PASSWORD = 'ＰＡＳＳ\u00A0word';
/**
 * Roles whose passwords Postgres finds prohibited as it prepares them, so that it stores its
 * verifier from the characters as given: mixed directions (a Hebrew letter among Latin ones), and
 * a character unassigned in Unicode 3.2 (NFKC would make U+1F100 "0.").
 */
const BIDI_ROLE = 'bench_scram_bidi';
const BIDI_PASSWORD = 'ＰＡＳＳ\u00A0\u05D0';
const UNASSIGNED_ROLE = 'bench_scram_unassigned';
const UNASSIGNED_PASSWORD = '\u{1F100}\u00A0pass';
const ROLES: readonly (readonly [string, string])[] = [
  [ROLE, PASSWORD],
  [UNICODE_ROLE, UNICODE_PASSWORD],
  [BIDI_ROLE, BIDI_PASSWORD],
  [UNASSIGNED_ROLE, UNASSIGNED_PASSWORD],
];

async function sql(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const connectAs = (password: string | undefined, user = ROLE) =>
  PgConnection.connect({ ...parsePgUrl(databaseUrl), user, password }, () => {});

let hbaFile = '';
let originalHba = '';
/** Only a server this run started has a pg_hba.conf we may change (not a DATABASE_URL's). */
let canEditHba = false;

beforeAll(async () => {
  hbaFile = String((await sql('SHOW hba_file')).rows[0]?.hba_file ?? '');
  try {
    accessSync(hbaFile, constants.W_OK);
    canEditHba = true;
  } catch {
    return;
  }
  originalHba = readFileSync(hbaFile, 'utf8');
  for (const [role, password] of ROLES) {
    await sql(`DROP ROLE IF EXISTS ${role}`);
    await sql(
      `SET password_encryption = 'scram-sha-256'; CREATE ROLE ${role} LOGIN PASSWORD '${password}'`,
    );
  }
  // The first matching line wins: these roles must use SCRAM over TCP; everyone else keeps trust.
  writeFileSync(
    hbaFile,
    `host all ${ROLES.map(([role]) => role).join(',')} 127.0.0.1/32 scram-sha-256\n${originalHba}`,
  );
  await sql('SELECT pg_reload_conf()');
  // The reload is asynchronous: wait until a wrong password is refused.
  for (let i = 0; i < 50; i++) {
    const refused = await connectAs('wrong').then(
      (c) => (c.close(), false),
      () => true,
    );
    if (refused) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server never started asking for SCRAM after the reload');
});

afterAll(async () => {
  if (!canEditHba) return;
  writeFileSync(hbaFile, originalHba);
  await sql('SELECT pg_reload_conf()');
  for (const [role] of ROLES) await sql(`DROP ROLE IF EXISTS ${role}`);
});

describe('the benchmark client on a server that asks for SCRAM-SHA-256', () => {
  const needOwnServer = () =>
    expect(canEditHba, `cannot change ${hbaFile}: this test needs the run's own Postgres`).toBe(
      true,
    );

  it('gets in with the right password and runs a statement', async () => {
    needOwnServer();
    const connection = await connectAs(PASSWORD);
    try {
      await connection.prepare({ whoami: 'SELECT current_user' });
    } finally {
      connection.close();
    }
  });

  it('gets in with a password that SASLprep changes, as Postgres prepared it', async () => {
    needOwnServer();
    // All three prepare to "PASS word", the password the server stored its verifier from; the
    // first two are refused by a client that hashes the raw characters.
    for (const password of [UNICODE_PASSWORD, 'ＰＡＳＳ word', 'PASS word']) {
      const connection = await connectAs(password, UNICODE_ROLE);
      connection.close();
    }
    await expect(connectAs('PASS\u00A0Word', UNICODE_ROLE)).rejects.toThrow(
      /password authentication failed/,
    );
  });

  it('gets in with a password Postgres found prohibited, as given', async () => {
    needOwnServer();
    // A client that prepared these anyway would hash "PASS \u05D0" and "0. pass", and be refused.
    for (const [role, password] of [
      [BIDI_ROLE, BIDI_PASSWORD],
      [UNASSIGNED_ROLE, UNASSIGNED_PASSWORD],
    ] as const) {
      const connection = await connectAs(password, role);
      connection.close();
    }
    await expect(connectAs('PASS \u05D0', BIDI_ROLE)).rejects.toThrow(
      /password authentication failed/,
    );
  });

  it('is refused with a wrong password or none, saying why', async () => {
    needOwnServer();
    await expect(connectAs('not the password')).rejects.toThrow(
      /password authentication failed for user "bench_scram_check"/,
    );
    await expect(connectAs(undefined)).rejects.toThrow(/a password is needed/);
  });
});
