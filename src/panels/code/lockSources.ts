// The tested lock scripts and SQL, imported as text from the one place they live. The lab runs
// these very files against real servers, so what the reader sees is what was tested.
import acquireLua from '../../locks/acquire.lua?raw';
import releaseLua from '../../locks/release.lua?raw';
import extendLua from '../../locks/extend.lua?raw';
import blindReleaseLua from '../../locks/blind-release.lua?raw';
import schemaSql from '../../locks/schema.sql?raw';
import fencedWriteSql from '../../locks/fenced-write.sql?raw';
import plainWriteSql from '../../locks/plain-write.sql?raw';
import leaseTakeSql from '../../locks/lease-take.sql?raw';
import leaseExtendSql from '../../locks/lease-extend.sql?raw';
import leaseGiveBackSql from '../../locks/lease-give-back.sql?raw';
import advisoryLockSql from '../../locks/advisory-lock.sql?raw';
import type { Language } from '../../viz/highlight';

export interface LockSource {
  file: string;
  title: string;
  language: Language;
  code: string;
}

const lua = (file: string, title: string, code: string): LockSource => ({
  file,
  title,
  language: 'lua',
  code,
});
const sql = (file: string, title: string, code: string): LockSource => ({
  file,
  title,
  language: 'sql',
  code,
});

export const lockSources = {
  acquire: lua('acquire.lua', 'Acquire with a token', acquireLua),
  release: lua('release.lua', 'Release, only your own lock', releaseLua),
  extend: lua('extend.lua', 'Extend, only your own lock', extendLua),
  blindRelease: lua('blind-release.lua', 'The wrong release', blindReleaseLua),
  schema: sql('schema.sql', 'The documents and leases tables', schemaSql),
  fencedWrite: sql('fenced-write.sql', 'The fenced write', fencedWriteSql),
  plainWrite: sql('plain-write.sql', 'The unfenced write', plainWriteSql),
  leaseTake: sql('lease-take.sql', 'Take a lease row', leaseTakeSql),
  leaseExtend: sql('lease-extend.sql', 'Extend the lease, only your own', leaseExtendSql),
  leaseGiveBack: sql('lease-give-back.sql', 'Give the lease back', leaseGiveBackSql),
  advisoryLock: sql('advisory-lock.sql', 'Advisory lock for this transaction', advisoryLockSql),
} satisfies Record<string, LockSource>;
