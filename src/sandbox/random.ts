/**
 * A small seedable random generator for the simulated buyers: the same seed must give the same
 * orders and texts on every machine, which `Math.random` cannot promise.
 */

/** Uniform in [0, 1). */
export type Random = () => number;

/** mulberry32: tiny, fast, and good enough for test data (not for secrets). */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Independent streams from one seed, so that e.g. the order stream stays the same whatever
 * happens to the message stream (a client acting on orders must not change which orders arrive).
 */
export function deriveRandom(seed: number, stream: string): Random {
  let hash = 2166136261 ^ (seed >>> 0);
  for (const char of stream) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return mulberry32(hash >>> 0);
}

/** Waiting time of a Poisson process with `perMinute` events per minute, in ms. */
export function exponentialDelayMs(random: Random, perMinute: number): number {
  return (-Math.log(1 - random()) * 60_000) / perMinute;
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new RangeError('pick from an empty list');
  return item;
}

/** Integer in [min, max]. */
export function integerBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
