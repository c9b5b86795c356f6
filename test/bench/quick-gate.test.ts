/** The quick bench's gate judges ours against naive in the measured window and after a start, where the budget binds. */
import { describe, expect, it } from 'vitest';
import { quickVerdict } from '../../bench/quick-gate.ts';
import type { ScenarioResult } from '../../bench/scenario-result.ts';

const p95 = (s: number) => ({ p95: { s, censored: false } });
const row = (sink: number, chat: number) => ({ hotSink: p95(sink), hotTelegram: p95(chat) });
const run = (cold: [number, number], warm: [number, number], measured: [number, number] = [50, 50]) =>
  ({
    latency: { hot: p95(measured[0]) },
    seller: { telegram: { hot: p95(measured[1]) }, startup: { cold: row(...cold), warm: row(...warm) } },
  }) as unknown as ScenarioResult['ours'];
const scenario = (openOrders: number, ours: ReturnType<typeof run>, naive: ReturnType<typeof run>) =>
  ({ spec: { openOrders }, ours, naive }) as unknown as ScenarioResult;

describe('quick bench gate', () => {
  it('passes when ours is at most naive after a cold and a warm start at 100 open orders, whatever happens at 10', () => {
    const verdict = quickVerdict([
      scenario(10, run([40, 40], [40, 40]), run([10, 10], [10, 10])),
      scenario(100, run([80, 140], [40, 45]), run([226, 227], [1000, 1000])),
    ]);
    expect(verdict).toEqual({ judged: [100], failures: [] });
  });

  it('fails when ours is worse than naive after either start, at the sink or in the chat', () => {
    const warmChat = quickVerdict([scenario(100, run([80, 140], [40, 300]), run([226, 227], [90, 100]))]);
    expect(warmChat.failures).toEqual(['100 open orders, warm start, hot → chat p95: ours 300 s > naive 100 s']);
    const coldSink = quickVerdict([scenario(100, run([230, 140], [40, 45]), run([226, 227], [90, 100]))]);
    expect(coldSink.failures).toEqual(['100 open orders, cold start, hot → sink p95: ours 230 s > naive 226 s']);
  });

  it('fails when ours is worse than naive in the measured window', () => {
    const verdict = quickVerdict([scenario(100, run([80, 140], [40, 45], [80, 120]), run([226, 227], [90, 100], [99, 100]))]);
    expect(verdict.failures).toEqual(['100 open orders, measured window, hot → chat p95: ours 120 s > naive 100 s']);
  });

  it('judges nothing when no scenario binds the budget', () => {
    expect(quickVerdict([scenario(10, run([1, 1], [1, 1]), run([2, 2], [2, 2]))]).judged).toBeUndefined();
  });
});
