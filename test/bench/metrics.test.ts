/** The benchmark's statistics: censored percentiles must not let undelivered events make a subject look fast. */
import { describe, expect, it } from 'vitest';
import { budgetLowerBound, latencyStats, quantile, type LatencySample } from '../../bench/metrics.ts';

const delivered = (...latencies: number[]): LatencySample[] => latencies.map((latencyS) => ({ latencyS, waitedS: 1_000 }));
const lost = (...waits: number[]): LatencySample[] => waits.map((waitedS) => ({ latencyS: undefined, waitedS }));

describe('quantile', () => {
  it('is the nearest-rank value when everything arrived', () => {
    const samples = delivered(5, 1, 4, 2, 3, 10, 9, 8, 7, 6);
    expect(quantile(samples, 0.5)).toEqual({ s: 5, censored: false });
    expect(quantile(samples, 0.95)).toEqual({ s: 10, censored: false });
    expect(quantile(samples, 0.1)).toEqual({ s: 1, censored: false });
  });

  it('becomes a lower bound once it falls among undelivered events', () => {
    // 8 delivered, 2 undelivered: p50 is still known, p95 is only "at least" the shorter wait.
    const samples = [...delivered(1, 2, 3, 4, 5, 6, 7, 8), ...lost(300, 50)];
    expect(quantile(samples, 0.5)).toEqual({ s: 5, censored: false });
    expect(quantile(samples, 0.9)).toEqual({ s: 50, censored: true });
    expect(quantile(samples, 1)).toEqual({ s: 300, censored: true });
  });

  it('never reports a censored quantile below the slowest delivered one', () => {
    const samples = [...delivered(100, 200), ...lost(20)];
    expect(quantile(samples, 1)).toEqual({ s: 200, censored: true });
  });

  it('has nothing to say about no samples', () => {
    expect(quantile([], 0.5)).toBeUndefined();
    expect(latencyStats([]).p95).toBeUndefined();
  });
});

describe('latencyStats', () => {
  it('counts undelivered events at what they waited, and says the mean is then a lower bound', () => {
    const stats = latencyStats([...delivered(10, 20), ...lost(60)]);
    expect(stats).toMatchObject({ n: 3, delivered: 2, mean: { s: 30, censored: true } });
    expect(latencyStats(delivered(10, 20)).mean).toEqual({ s: 15, censored: false });
  });
});

describe('budgetLowerBound', () => {
  it('reads K chats round-robin at B requests a second: K/(2B) on average, 0.95·K/B at p95', () => {
    const bound = budgetLowerBound(50, 1.9);
    expect(bound.readEveryS).toBeCloseTo(26.316, 3);
    expect(bound.meanS).toBeCloseTo(13.158, 3);
    expect(bound.p95S).toBeCloseTo(25, 3);
  });
});
