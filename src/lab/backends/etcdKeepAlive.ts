// One keep-alive on an etcd lease: the etcd lock's extend. It opens a stream, sends the lease ID
// and waits for etcd's one answer. The stream can end before that answer comes: etcd or the
// connection went away, or the stream was closed. Waiting on only the answer then waits for
// ever, and the run learns of it at its timeout as "a server stopped answering" instead of what
// happened; so the end of the stream, clean or with an error, fails the keep-alive at once.
import type { Etcd3 } from 'etcd3';

/** The part of etcd3's lease client a keep-alive uses. */
export type KeepAliveClient = Pick<Etcd3['leaseClient'], 'leaseKeepAlive'>;

/** Resolves with the lease's TTL in seconds as etcd answered it: 0 means etcd already revoked it. */
export async function keepAliveOnce(leases: KeepAliveClient, leaseId: string): Promise<number> {
  const stream = await leases.leaseKeepAlive();
  try {
    const answer = await new Promise<{ TTL: string }>((resolve, reject) => {
      // Whichever comes first settles it: an answer followed by the end is an answer.
      stream.on('data', resolve);
      stream.on('error', (error: Error) =>
        reject(
          new Error(`the keep-alive stream ended before etcd answered: ${error.message}`, {
            cause: error,
          }),
        ),
      );
      // 'end' when etcd ends the call cleanly; 'close', which every Node stream comes to, also
      // when it is destroyed without either. etcd3's type leaves 'close' out; grpc-js emits it.
      const ended = () => reject(new Error('the keep-alive stream ended before etcd answered'));
      stream.on('end', ended);
      (stream as unknown as NodeJS.EventEmitter).on('close', ended);
      stream.write({ ID: leaseId });
    });
    return Number(answer.TTL);
  } finally {
    stream.end();
  }
}
