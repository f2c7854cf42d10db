// etcd-lease: the etcd3 client's lock — grant a lease, create the key with it if absent —
// then release (revoke the lease). Every step is a Raft write, so expect far fewer pairs a
// second than Redis. The lab has no C client for etcd, so this case has no ceiling.
import { Etcd3 } from 'etcd3';
import type { OpSink, Worker } from '../driver';
import { closeAll, sessionPerConnection } from './session';
import type { BenchCase } from './types';

const LEASE_TTL_SECONDS = 10;

class EtcdWorker implements Worker {
  constructor(
    private readonly index: number,
    private readonly client: Etcd3,
    private readonly sink: OpSink,
  ) {}

  start(): void {
    const lock = this.client.lock(`bench-etcd-${this.index}`).ttl(LEASE_TTL_SECONDS);
    lock
      .acquire()
      .then(() => lock.release())
      .then(
        () => this.sink.done(this.index, true),
        (error: unknown) =>
          this.sink.fail(
            new Error(`etcd lock: ${error instanceof Error ? error.message : error}`, {
              cause: error,
            }),
          ),
      );
  }
}

export const etcdLeaseCase: BenchCase = {
  name: 'etcd-lease',
  server: 'etcd',
  kind: 'pairs',
  summary: 'etcd3 lock with a lease (grant, create-if-absent) + release (revoke), a client each',
  async open({ clients, servers }, sink) {
    const etcd = servers.etcd;
    if (!etcd) throw new Error('This case needs an etcd server');
    // One client (one gRPC channel) per benchmark client, like the Redis and Postgres cases.
    const etcdClients = Array.from({ length: clients }, () => new Etcd3({ hosts: etcd.endpoints }));
    await Promise.all(etcdClients.map((client) => client.get('bench-etcd-ping')));
    return sessionPerConnection(
      etcdClients,
      (client, i) => new EtcdWorker(i, client, sink),
      () => closeAll(etcdClients),
    );
  },
  noCeilingReason:
    'no C client for etcd lock pairs in this lab (etcdctl spawns a process per call)',
};
