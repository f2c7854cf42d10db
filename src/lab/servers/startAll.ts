// Starting several servers at once: every start settles before a failure is acted on. Acting on
// the first failure at once (Promise.all) would stop the lab's servers while another was still
// being made (initdb writing its folder), leaving that one half-made and running.

/** The started servers in order, or the first failure once every start has settled. */
export async function startAll<const T extends readonly unknown[]>(
  starts: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
