/** The quick bench's gate judges ours against naive where the budget binds, and only there. */
import { describe, expect, it } from 'vitest';
import { hotP95Verdict } from '../../bench/quick-gate.ts';
import type { ScenarioResult } from '../../bench/scenario-result.ts';

const run = (sinkP95: number, chatP95: number) =>
  ({
    latency: { hot: { p95: { s: sinkP95, censored: false } } },
    seller: { telegram: { hot: { p95: { s: chatP95, censored: false } } } },
  }) as unknown as ScenarioResult['ours'];
const scenario = (openOrders: number, ours: [number, number], naive: [number, number]) =>
  ({ spec: { openOrders }, ours: run(...ours), naive: run(...naive) }) as unknown as ScenarioResult;

describe('quick bench gate', () => {
  it('passes when ours is at most naive at 100 open orders, whatever happens at 10', () => {
    expect(hotP95Verdict([scenario(10, [40, 40], [10, 10]), scenario(100, [30, 35], [80, 82])])).toEqual({ judged: [100], failures: [] });
  });

  it('fails when ours is worse than naive at the sink or in the chat', () => {
    const verdict = hotP95Verdict([scenario(100, [30, 90], [80, 82])]);
    expect(verdict.failures).toHaveLength(1);
    expect(verdict.failures[0]).toContain('hot → chat');
    expect(hotP95Verdict([scenario(100, [81, 20], [80, 82])]).failures[0]).toContain('hot → sink');
  });

  it('judges nothing when no scenario binds the budget', () => {
    expect(hotP95Verdict([scenario(10, [1, 1], [2, 2])]).judged).toBeUndefined();
  });
});
