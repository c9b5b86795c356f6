/**
 * The idle-budget verdict (issue 15): judged only where ours left the store's limit half unspent, on the card in a
 * private chat and at the sink in a group; a p95 still censored under the limit is no verdict either way.
 */
import { describe, expect, it } from 'vitest';
import type { LatencyStats, Quantile } from '../../bench/metrics.ts';
import type { RunSummary } from '../../bench/summarise.ts';
import { idleStatusVerdicts } from '../../bench/targets.ts';

const LIMIT = 1_200;

const stats = (p95: Quantile): LatencyStats => ({ n: 12, delivered: 12, p50: p95, p95, p99: p95, mean: p95, max: p95 });

function run(perMinute: number, sink: Quantile, card: Quantile): RunSummary {
  return { requests: { perMinute }, seller: { statusChange: { sink: stats(sink), telegram: stats(card) } } } as unknown as RunSummary;
}

describe('idle-budget verdict', () => {
  it('judges the card in a private chat where ours spent under half the limit', () => {
    const [verdict] = idleStatusVerdicts(run(360, { s: 9, censored: false }, { s: 35, censored: false }), 10, LIMIT, 'private');
    expect(verdict?.target).toContain('card');
    expect(verdict?.met).toBe(false);
    expect(verdict?.value).toContain('30% of the limit spent');
  });

  it('judges the sink in a group, where a card edit waits behind buyer messages', () => {
    const [verdict] = idleStatusVerdicts(run(360, { s: 9, censored: false }, { s: 97, censored: false }), 10, LIMIT, 'group');
    expect(verdict?.target).toContain('sink');
    expect(verdict?.met).toBe(true);
  });

  it('only reports where the budget was full', () => {
    const [verdict] = idleStatusVerdicts(run(1_180, { s: 45, censored: false }, { s: 47, censored: false }), 10, LIMIT, 'private');
    expect(verdict?.met).toBeUndefined();
    expect(verdict?.by).toContain('budget was full');
  });

  it('gives no verdict for a p95 still censored under the limit, and a miss at or over it', () => {
    const under = idleStatusVerdicts(run(360, { s: 9, censored: false }, { s: 24, censored: true }), 10, LIMIT, 'private')[0];
    expect(under?.met).toBeUndefined();
    const over = idleStatusVerdicts(run(360, { s: 9, censored: false }, { s: 30, censored: true }), 10, LIMIT, 'private')[0];
    expect(over?.met).toBe(false);
  });
});
