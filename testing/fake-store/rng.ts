// Small deterministic PRNG (mulberry32). Generated products are rebuilt from (seed, index) on
// every request, so the same product must come out identical each time: no Math.random here.

export interface Rng {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** Mixes several integers into one 32-bit seed (order matters). */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    // Split so that numbers above 2^32 (product ids) still contribute all their bits.
    const low = part >>> 0;
    const high = Math.floor(part / 2 ** 32) >>> 0;
    h = Math.imul(h ^ low, 0x01000193);
    h = Math.imul(h ^ high, 0x01000193);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (probability) => next() < probability,
  };
}
