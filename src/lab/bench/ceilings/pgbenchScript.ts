// Turns the lab's SQL files into pgbench scripts, so pgbench runs the very statements the Node
// side runs: $n parameters become pgbench variables (sent as parameters under -M prepared),
// comments go, and a statement whose result feeds the next ends in \gset instead of ';'.
import { loadLockSources } from '../../lockSources';

/** One statement from a lab SQL file, with $1..$n replaced by the named pgbench variables. */
export function toPgbenchStatement(
  sql: string,
  variables: readonly string[],
  options: { gset?: boolean } = {},
): string {
  const body = sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .trim()
    .replace(/;\s*$/, '');
  // Replace higher numbers first so $1 never eats the start of $10.
  let statement = body;
  for (let n = variables.length; n >= 1; n--) {
    statement = statement.replaceAll(`$${n}`, `:${variables[n - 1]}`);
  }
  const left = statement.match(/\$\d+/);
  if (left) throw new Error(`No pgbench variable for ${left[0]} in: ${statement}`);
  return options.gset ? `${statement} \\gset` : `${statement};`;
}

/** Each client's lock or lease name, as the Node side names them: a number per client. */
export const PG_NAME_BASE = { advisory: 100_000, lease: 200_000 } as const;

/** BEGIN; advisory-lock.sql; COMMIT; — the pg-advisory pair. */
export function advisoryScript(): string {
  const { advisoryLock } = loadLockSources();
  return [
    `\\set name ${PG_NAME_BASE.advisory} + :client_id`,
    'BEGIN;',
    toPgbenchStatement(advisoryLock, ['name']),
    'COMMIT;',
    '',
  ].join('\n');
}

/** lease-take.sql (its fence kept with \gset), then lease-give-back.sql — the pg-lease pair. */
export function leaseScript(): string {
  const { leaseTake, leaseGiveBack } = loadLockSources();
  return [
    `\\set name ${PG_NAME_BASE.lease} + :client_id`,
    toPgbenchStatement(leaseTake, ['name', 'owner', 'ttl'], { gset: true }),
    toPgbenchStatement(leaseGiveBack, ['name', 'fence']),
    '',
  ].join('\n');
}
