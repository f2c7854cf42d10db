import type { StoredDocument } from '../trace/schema';
import { FewKeys } from './fewKeys';

/**
 * The storage the lock protects: the `documents` table of `src/locks/schema.sql`, each row a
 * body and the highest fence that wrote it. It is the one place that can refuse a stale write,
 * because it keeps the fence: `fenced-write.sql` updates only where `fence <= token`.
 * It lives in the Postgres model's database, as the lab's documents row lives in real Postgres.
 */
export class DocumentStorage {
  private readonly rows = new FewKeys<{ body: string; fence: number }>();
  /** How many writes the table has applied: the storage's own order of writes. */
  writesApplied = 0;

  create(name: string, body: string): void {
    this.rows.set(name, { body, fence: 0 });
  }

  /** The row as a reader sees it; a missing row reads as an empty body with no fence. */
  read(name: string): StoredDocument {
    const d = this.rows.get(name);
    return d ? { body: d.body, fence: d.fence } : { body: '', fence: null };
  }

  /** The row's fence alone, as a write's answer reports it (null when there is no row). */
  fence(name: string): number | null {
    return this.rows.get(name)?.fence ?? null;
  }

  /** fenced-write.sql: rows updated; 0 when a newer token has written. */
  fencedWrite(name: string, body: string, token: number | null): 0 | 1 {
    const d = this.rows.get(name);
    // SQL's `fence <= NULL` is NULL, never true: a write with no token changes no row.
    if (d === undefined || token === null || !(d.fence <= token)) return 0;
    d.body = body;
    d.fence = token;
    this.writesApplied++;
    return 1;
  }

  /** plain-write.sql: the token is not checked, and the fence stays as it was. */
  plainWrite(name: string, body: string): 0 | 1 {
    const d = this.rows.get(name);
    if (d === undefined) return 0;
    d.body = body;
    this.writesApplied++;
    return 1;
  }
}
