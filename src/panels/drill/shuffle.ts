// A seeded shuffle for interview practice. The seed comes from the caller, so a test (or a reader
// sharing an order) gets the same order back; only the panel picks a random seed.

/** mulberry32: small, fast, and good enough to deal eight cards. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with a seeded generator; returns a new array. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  const next = mulberry32(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/**
 * The practice order: a shuffle that never hands back the explainer's own order, because a
 * "shuffled" drill that looks unshuffled reads as a broken button.
 */
export function practiceOrder<T>(items: readonly T[], seed: number): T[] {
  if (items.length < 2) return [...items];
  for (let attempt = 0; attempt < 16; attempt++) {
    const order = seededShuffle(items, seed + attempt);
    if (order.some((item, i) => item !== items[i])) return order;
  }
  // Sixteen identity shuffles in a row cannot happen with eight items; rotate to be certain.
  return [...items.slice(1), items[0] as T];
}

/** A fresh seed for a new practice round. Outside the engine, so Math.random is allowed here. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 32);
}

/** FNV-1a over a string: turns a question's id into a number to mix with the visit's seed. */
function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The order a question's choices are shown in. Written in a fixed order, the right choice sat in
 * the same place on every visit and a reader could learn the place instead of the answer; so the
 * page draws one seed per visit and each question mixes its own id into it. The same seed always
 * gives the same order, so a re-render, a reveal or a trip through practice never reorders them.
 * Only the display moves: saved picks are choice ids.
 */
export function choiceOrder<T extends { id: string }>(
  questionId: string,
  choices: readonly T[],
  seed: number,
): T[] {
  return seededShuffle(choices, (seed ^ hashId(questionId)) >>> 0);
}
