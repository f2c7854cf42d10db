// Every backend but pg-advisory keeps the document in Postgres apart from its lock, so its
// writes and the final read reach the storage the same way, named as Postgres in any failure.
import type { ActorCalls, RealBackend } from './realBackend';
import type { PgStorage } from './pgStorage';

/** The backend's `write` and `readDocument`, each a call on `storage` through `calls`. */
export function storageCalls(
  calls: ActorCalls,
  storage: PgStorage,
): Pick<RealBackend, 'write' | 'readDocument'> {
  const at = { name: 'Postgres', address: storage.address };
  return {
    write(actor, request, done) {
      calls.call(actor, at, () => storage.write(actor, request), done);
    },
    readDocument(done) {
      calls.call(null, at, () => storage.readDocument(), done);
    },
  };
}
