/**
 * The latency targets are ratios to the floors: within 1.5 × (quiet messages 2 ×), judged at 100 and 1000 open
 * orders, on what reached the chat with the Telegram model; a p95 still censored under its limit is no verdict.
 */
import { describe, expect, it } from 'vitest';
import type { ScenarioFloors } from '../../bench/floor-inputs.ts';
import type { LatencyStats, Quantile } from '../../bench/metrics.ts';
import type { ScenarioResult } from '../../bench/scenario-result.ts';
import { floorVerdicts, judgeTargets } from '../../bench/targets.ts';

const q = (s: number, censored = false): Quantile => ({ s, censored });
const stats = (p95: Quantile): LatencyStats => ({ n: 20, delivered: 20, p50: p95, p95, p99: p95, mean: p95, max: p95 });
const none: LatencyStats = { n: 0, delivered: 0, p50: undefined, p95: undefined, p99: undefined, mean: undefined, max: undefined };

const floors = {
  hot: { sinkS: 30, chatS: 31 },
  quiet: { sinkS: 500, chatS: 501 },
  newOrder: { sinkS: 9.5, chatS: 10.5 },
  statusChange: { sinkS: 9.5, chatS: 10.5 },
  chatBurst: undefined,
} as unknown as ScenarioFloors;

function result(openOrders: number, hotChat: Quantile, quietChat: Quantile): ScenarioResult {
  const run = {
    latency: { hot: stats(q(hotChat.s - 1)), quiet: stats(q(quietChat.s - 1)), newOrders: stats(q(9)), chatBurst: undefined },
    seller: {
      telegram: { hot: stats(hotChat), quiet: stats(quietChat), newOrderCard: stats(q(20)) },
      statusChange: { sink: none, telegram: none },
    },
    requests: { status429: { wholeRun: 0 } },
    correctness: { undelivered: 0, droppedAfterRead: 0, neverRead: 0, duplicateMessages: 0, duplicateOrders: 0 },
    resources: { peakRssMB: 100, baselineRssMB: 90 },
    db: { bytesAtEnd: 0, diskBytesAtEnd: 0, growthBytesPerHour: 0, rows: {} },
  };
  return { spec: { openOrders }, floors, ours: run, naive: undefined } as unknown as ScenarioResult;
}

const verdict = (verdicts: ReturnType<typeof floorVerdicts>, what: string) => verdicts.find((v) => v.target.includes(what));

describe('floor targets', () => {
  it('judges the chat against the floor in the chat: hot within 1.5 ×, quiet within 2 ×', () => {
    const verdicts = floorVerdicts(result(1000, q(46), q(1000)), 'private');
    expect(verdict(verdicts, 'hot → chat')).toMatchObject({ met: true, limit: '≤ 1.5×' });
    expect(verdict(verdicts, 'hot → chat')?.value).toContain('1.48×');
    expect(verdict(verdicts, 'quiet → chat')).toMatchObject({ met: true, limit: '≤ 2×' });
    // 20 s against 10.5 s: 1.9 × its floor.
    expect(verdict(verdicts, 'new order → card')).toMatchObject({ met: false });
    // No status change measured: no verdict on it.
    expect(verdict(verdicts, 'status change')).toBeUndefined();
  });

  it('misses just past the ratio, and gives no verdict on a censored p95 still under it', () => {
    expect(verdict(floorVerdicts(result(1000, q(47), q(1003)), 'private'), 'hot → chat')?.met).toBe(false);
    expect(verdict(floorVerdicts(result(1000, q(47), q(1003)), 'private'), 'quiet → chat')?.met).toBe(false);
    expect(verdict(floorVerdicts(result(100, q(40, true), q(100)), 'private'), 'hot → chat')?.met).toBeUndefined();
    expect(verdict(floorVerdicts(result(100, q(50, true), q(100)), 'private'), 'hot → chat')?.met).toBe(false);
  });

  it('judges the sink against the store-side floor without the Telegram model', () => {
    // hot → sink 45 s against 30 s.
    expect(verdict(floorVerdicts(result(1000, q(46), q(1000)), 'sink'), 'hot → sink')).toMatchObject({ met: true });
  });

  it('judges only at 100 and 1000 open orders', () => {
    const at = (n: number) => judgeTargets([result(n, q(200), q(5000))], 'private').filter((v) => v.target.includes('floor'));
    expect(at(10)).toEqual([]);
    expect(at(5000)).toEqual([]);
    expect(at(100).length).toBeGreaterThan(0);
  });
});
