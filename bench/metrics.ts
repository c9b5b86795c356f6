/**
 * Statistics of the benchmark. Latencies are censored: an event not delivered by the end of the run still
 * counts, as "at least as long as it waited", so a slow subject cannot look fast by leaving its slowest events
 * out. A percentile that falls among undelivered events is reported as a lower bound (`censored: true`).
 */

export interface LatencySample {
  /** Store seconds from creation to delivery; undefined when never delivered. */
  latencyS: number | undefined;
  /** Store seconds from creation to the end of the run (what an undelivered event waited at least). */
  waitedS: number;
}

export interface Quantile {
  /** Store seconds; for a censored quantile, a lower bound. */
  s: number;
  censored: boolean;
}

export interface LatencyStats {
  n: number;
  delivered: number;
  p50: Quantile | undefined;
  p95: Quantile | undefined;
  p99: Quantile | undefined;
  /** Mean over all events, undelivered ones counted at what they waited (then a lower bound). */
  mean: Quantile | undefined;
  max: Quantile | undefined;
}

/** Nearest-rank quantile (the smallest value with at least q of the samples at or below it). */
export function quantile(samples: readonly LatencySample[], q: number): Quantile | undefined {
  if (samples.length === 0) return undefined;
  const delivered = samples.flatMap((sample) => (sample.latencyS === undefined ? [] : [sample.latencyS])).sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * samples.length));
  if (rank <= delivered.length) return { s: delivered[rank - 1] as number, censored: false };
  // Among the undelivered: the k-th shortest wait is a lower bound of the k-th undelivered latency.
  const waits = samples.flatMap((sample) => (sample.latencyS === undefined ? [sample.waitedS] : [])).sort((a, b) => a - b);
  const lower = Math.max(waits[rank - delivered.length - 1] as number, delivered.at(-1) ?? 0);
  return { s: lower, censored: true };
}

export function latencyStats(samples: readonly LatencySample[]): LatencyStats {
  const delivered = samples.filter((sample) => sample.latencyS !== undefined).length;
  const censored = delivered < samples.length;
  const total = samples.reduce((sum, sample) => sum + (sample.latencyS ?? sample.waitedS), 0);
  return {
    n: samples.length,
    delivered,
    p50: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    p99: quantile(samples, 0.99),
    mean: samples.length === 0 ? undefined : { s: total / samples.length, censored },
    max: quantile(samples, 1),
  };
}

export interface BudgetLowerBound {
  /** Chats the round covers. */
  chats: number;
  /** Chat reads a second spent on them. */
  requestsPerSecond: number;
  /** Every chat read once per K/B seconds, at the very best. */
  readEveryS: number;
  /** A message waits on average half a read period... */
  meanS: number;
  /** ...and at p95 about 0.95 of it. */
  p95S: number;
}

/**
 * The best any scheduler can do for K chats with B requests a second: reading them round-robin, each chat is read
 * every K/B seconds; a message written at a uniformly random moment waits K/(2B) on average, 0.95·K/B at p95.
 */
export function budgetLowerBound(chats: number, requestsPerSecond: number): BudgetLowerBound {
  const readEveryS = chats / requestsPerSecond;
  return { chats, requestsPerSecond, readEveryS, meanS: readEveryS / 2, p95S: 0.95 * readEveryS };
}
