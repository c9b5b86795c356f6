/**
 * The quick bench's timing check (CI, test/bench/quick-bench.test.ts): in the scenario where the budget binds, ours'
 * hot-chat p95 must not be worse than the naive poller's, at the sink and in the chat, over the measured window and
 * over the first 10 minutes after a start — cold (empty database) and warm (restarted on its own). A ratio within
 * one run, so a slow or busy machine slows both alike. A censored p95 (a lower bound) on ours' side fails unless the
 * naive one is censored at least as high.
 */
import type { Quantile } from './metrics.ts';
import type { ScenarioResult } from './scenario-result.ts';

/** The budget binds from here: naive's round over every chat takes longer than a poll interval. */
const JUDGED_FROM_OPEN_ORDERS = 100;

export interface GateVerdict {
  /** Open orders of the scenarios judged; undefined when none ran. */
  judged: number[] | undefined;
  failures: string[];
}

type Run = NonNullable<ScenarioResult['ours']>;

/** What is judged: a name, and ours' and naive's p95 from a run. */
const JUDGED: [string, (run: Run) => Quantile | undefined][] = [
  ['measured window, hot → sink', (run) => run.latency.hot.p95],
  ['measured window, hot → chat', (run) => run.seller.telegram?.hot.p95],
  ['cold start, hot → sink', (run) => run.seller.startup.cold.hotSink.p95],
  ['cold start, hot → chat', (run) => run.seller.startup.cold.hotTelegram?.p95],
  ['warm start, hot → sink', (run) => run.seller.startup.warm.hotSink.p95],
  ['warm start, hot → chat', (run) => run.seller.startup.warm.hotTelegram?.p95],
];

export function quickVerdict(results: readonly ScenarioResult[]): GateVerdict {
  const judged = results.filter((result) => result.spec.openOrders >= JUDGED_FROM_OPEN_ORDERS);
  const failures: string[] = [];
  for (const result of judged) {
    const { ours, naive } = result;
    if (!ours || !naive) continue;
    for (const [what, p95] of JUDGED) {
      const a = p95(ours);
      const b = p95(naive);
      if (a === undefined || b === undefined) continue;
      if (a.s > b.s) failures.push(`${result.spec.openOrders} open orders, ${what} p95: ours ${a.s} s > naive ${b.s} s`);
    }
  }
  return { judged: judged.length > 0 ? judged.map((result) => result.spec.openOrders) : undefined, failures };
}
