// One seeded generator per run, passed to everything that needs chance (TigerBeetle's rule):
// the same seed gives the same run, byte for byte. sfc32 is small, fast and well distributed.

export interface Prng {
  /** A float in [0, 1). */
  float(): number;
  /** An integer in [lo, hi], both included. */
  int(lo: number, hi: number): number;
  /** A short lowercase hex string, for lock values that must be unique per client. */
  hex(length: number): string;
}

export function createPrng(seed: number): Prng {
  // Spread the seed over four words so that nearby seeds start far apart.
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88 ^ Math.imul(seed, 0x85ebca6b);
  let c = 0xb7e15162 ^ Math.imul(seed, 0xc2b2ae35);
  let d = seed | 0;

  function next(): number {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  for (let i = 0; i < 12; i++) next();

  return {
    float: next,
    int(lo, hi) {
      return lo + Math.floor(next() * (hi - lo + 1));
    },
    hex(length) {
      let out = '';
      while (out.length < length) out += Math.floor(next() * 16).toString(16);
      return out;
    },
  };
}
