// The demo team's seeded randomness: the same numbers on every machine and every first start.

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
export const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));
export function weighted<T>(random: Random, items: readonly [T, number][]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return (items.at(-1) as [T, number])[0];
}
