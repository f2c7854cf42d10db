// What every benchmark case provides, so the runner treats Redis, Postgres and etcd alike.
import type { EtcdServer, PostgresServer, RedisServer } from '../../servers';
import type { OpSink, Worker } from '../driver';
import type { CaseName } from '../numbers';
import type { Ceiling } from '../ceilings/types';
import type { LibraryName } from './librarySupport';

export interface BenchServers {
  redis?: RedisServer;
  postgres?: PostgresServer;
  etcd?: EtcdServer;
}

export interface CaseContext {
  clients: number;
  servers: BenchServers;
}

/** A case's clients, connected and ready: the workers and how to close them. */
export interface CaseSession {
  workers: Worker[];
  /** Open connections to the server: one per client (etcd's too: a client, a channel, each). */
  connections: number;
  /** Whether a client sends a request before the previous reply came back. */
  pipelined: boolean;
  close(): Promise<void>;
}

export interface BenchCase {
  name: CaseName;
  server: keyof BenchServers;
  /** 'pairs': lock and release pairs a second; 'tries': tries and wins a second on one lock. */
  kind: 'pairs' | 'tries';
  /** One line for the progress output: what a unit of work is. */
  summary: string;
  open(context: CaseContext, sink: OpSink): Promise<CaseSession>;
  /** The same work from a C tool; undefined when the lab has none for this server. */
  ceiling?(context: CaseContext): Ceiling;
  /** Why there is no ceiling, when ceiling is undefined. */
  noCeilingReason?: string;
  /** The same work through the lab's library client (ioredis, pg); undefined for etcd. */
  library?: {
    client: LibraryName;
    open(context: CaseContext, sink: OpSink): Promise<CaseSession>;
  };
}
