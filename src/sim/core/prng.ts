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

/**
 * The largest seed. The generator reads a seed as 32 bits, so 2^32 + 1 would replay seed 1 and
 * -1 seed 2^32 - 1 under another name: seeds are the whole numbers 0 to this, each its own run.
 */
export const MAX_SEED = 0xffff_ffff;

export function createPrng(seed: number): Prng {
  return new Sfc32(seed);
}

/** sfc32 with its four words as fields: a class, since every simulated run makes one. */
class Sfc32 implements Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    // Spread the seed over four words so that nearby seeds start far apart, then throw the first
    // dozen outputs away. The warm-up steps local copies: it runs once per simulated run.
    let a = (0x9e3779b9 ^ seed) | 0;
    let b = (0x243f6a88 ^ Math.imul(seed, 0x85ebca6b)) | 0;
    let c = (0xb7e15162 ^ Math.imul(seed, 0xc2b2ae35)) | 0;
    let d = seed | 0;
    for (let i = 0; i < 12; i++) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
  }

  /** One sfc32 step: the same arithmetic as the warm-up above, on the fields. */
  float(): number {
    const { a, b, c, d } = this;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += Math.floor(this.float() * 16).toString(16);
    return out;
  }
}
