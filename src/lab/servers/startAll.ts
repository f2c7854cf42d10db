// Starting several servers at once: every start settles before a failure is acted on. Acting on
// the first failure at once (Promise.all) would stop the lab's servers while another was still
// being made (initdb writing its folder), leaving that one half-made and running. Every failure
// is reported, not just the first: with Redis and etcd both missing, an author who heard only
// of Redis would install it, run again, and only then hear of etcd.
import { failureLine, ServersFailedError } from './errors';

/**
 * The started servers in order, or, once every start has settled, the failure: a lone one as it
 * was thrown, several as one ServersFailedError that names each.
 */
export async function startAll<const T extends readonly unknown[]>(
  starts: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(starts);
  const failures = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  // Two starts that failed the same way (two Redlock node sets with no redis-server) are one.
  const distinct = new Set(failures.map(failureLine));
  if (distinct.size === 1) throw failures[0];
  if (distinct.size > 1) throw new ServersFailedError(failures);
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
