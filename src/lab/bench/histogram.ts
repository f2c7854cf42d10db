// A latency histogram in the HdrHistogram style: fixed log-linear buckets with under 1% error,
// so recording a sample is two integer operations and never allocates, and percentiles come
// from counts rather than a sorted array of millions of samples.

// 2^SUB_BITS buckets per power of two: a recorded value is off by less than 1/128 (0.8%).
const SUB_BITS = 7;
const SUB_COUNT = 1 << SUB_BITS;
// Values are whole microseconds up to 2^31 µs (about 36 minutes); larger ones are clamped.
const MAX_MICROS = 2 ** 31 - 1;
const BUCKET_COUNT = (31 - SUB_BITS + 1) * SUB_COUNT;

/** The bucket a value in microseconds falls in. Exported for tests. */
export function bucketOf(micros: number): number {
  const v = Math.min(MAX_MICROS, Math.max(0, Math.round(micros)));
  if (v < SUB_COUNT) return v;
  const exponent = 31 - Math.clz32(v);
  const shift = exponent - SUB_BITS;
  return ((shift + 1) << SUB_BITS) + ((v >>> shift) - SUB_COUNT);
}

/** The value a bucket stands for: its midpoint, in microseconds. */
export function bucketValue(bucket: number): number {
  if (bucket < SUB_COUNT) return bucket;
  const shift = (bucket >>> SUB_BITS) - 1;
  const sub = bucket & (SUB_COUNT - 1);
  return (SUB_COUNT + sub) * 2 ** shift + (2 ** shift - 1) / 2;
}

export class LatencyHistogram {
  private readonly counts = new Float64Array(BUCKET_COUNT);
  private total = 0;
  private maxMicros = 0;

  /** Record one latency given in milliseconds (what performance.now() differences are). */
  recordMs(ms: number): void {
    const micros = ms * 1000;
    this.counts[bucketOf(micros)]! += 1;
    this.total += 1;
    if (micros > this.maxMicros) this.maxMicros = micros;
  }

  get count(): number {
    return this.total;
  }

  /** Add another histogram's samples (e.g. the slices of one case). */
  add(other: LatencyHistogram): void {
    for (let i = 0; i < BUCKET_COUNT; i++) this.counts[i]! += other.counts[i]!;
    this.total += other.total;
    this.maxMicros = Math.max(this.maxMicros, other.maxMicros);
  }

  reset(): void {
    this.counts.fill(0);
    this.total = 0;
    this.maxMicros = 0;
  }

  /**
   * The p-th percentile in ms by nearest rank: the smallest recorded value with at least p% of
   * samples at or below it. NaN when nothing was recorded.
   */
  percentileMs(p: number): number {
    if (this.total === 0) return Number.NaN;
    if (p >= 100) return this.maxMicros / 1000;
    const rank = Math.max(1, Math.ceil((p / 100) * this.total));
    let seen = 0;
    for (let i = 0; i < BUCKET_COUNT; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return Math.min(bucketValue(i), this.maxMicros) / 1000;
    }
    return this.maxMicros / 1000;
  }
}
