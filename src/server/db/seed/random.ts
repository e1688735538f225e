/**
 * A small seeded pseudo-random generator (mulberry32) so the demo organisation is the same on every
 * run: tests and README may rely on names, departments and counts. Never used for anything secret.
 */

/** Deterministic random source: `next()` in [0, 1), helpers for integers, picks and chances. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** One element of a non-empty array. */
  pick<T>(list: readonly T[]): T;
  /** One element chosen with the given positive weights (same length as `list`). */
  weighted<T>(list: readonly T[], weights: readonly number[]): T;
  /** True with probability `p` (0–1). */
  chance(p: number): boolean;
}

/** Creates a generator from a 32-bit seed; the same seed always gives the same sequence. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    weighted(list, weights) {
      const total = weights.reduce((s, w) => s + w, 0);
      let r = next() * total;
      for (let i = 0; i < list.length; i++) {
        r -= weights[i];
        if (r < 0) return list[i];
      }
      return list[list.length - 1];
    },
    chance: (p) => next() < p,
  };
}
