/**
 * Time compression. The benchmark runs the store, the engine and the buyers S times faster than real life:
 * every store-time duration (poll interval, rate-limit window, hot window, buyer gaps) is divided by S before it
 * reaches a timer, and every measured real duration is multiplied by S before it is reported. Results are thus in
 * "store time": what a seller would see with a real store and the same rate limit.
 */
export interface TimeScale {
  /** S: how many store milliseconds pass per real millisecond. */
  readonly factor: number;
  /** A store-time duration as the real duration the benchmark waits. */
  toReal(storeMs: number): number;
  /** A measured real duration in store milliseconds. */
  toStoreMs(realMs: number): number;
  /** A measured real duration in store seconds (what the report shows). */
  toStoreSeconds(realMs: number): number;
}

export function createTimeScale(factor: number): TimeScale {
  if (!(factor >= 1) || !Number.isFinite(factor)) throw new RangeError(`time scale must be a finite number >= 1, got ${factor}`);
  return {
    factor,
    toReal: (storeMs) => storeMs / factor,
    toStoreMs: (realMs) => realMs * factor,
    toStoreSeconds: (realMs) => (realMs * factor) / 1000,
  };
}

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
