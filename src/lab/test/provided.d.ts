// What the lab's global setup hands to every lab test through vitest's provide/inject.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** redis://127.0.0.1:PORT of the run's one Redis (or REDIS_URL). */
    redisUrl: string;
    /** postgres://… of the run's one Postgres, with src/locks/schema.sql applied. */
    databaseUrl: string;
    /** Client URLs of the run's one etcd member (or ETCD_ENDPOINTS). */
    etcdEndpoints: string[];
  }
}
