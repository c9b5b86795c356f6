/**
 * The quick bench's one timing check (CI, test/bench/quick-bench.test.ts): in the scenario where the budget binds,
 * ours' hot-chat p95 must not be worse than the naive poller's, at the sink and in the chat — a ratio within one
 * run, so a slow or busy machine slows both alike. A censored p95 (a lower bound) on ours' side fails unless the
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

export function hotP95Verdict(results: readonly ScenarioResult[]): GateVerdict {
  const judged = results.filter((result) => result.spec.openOrders >= JUDGED_FROM_OPEN_ORDERS);
  const failures: string[] = [];
  for (const result of judged) {
    const { ours, naive } = result;
    if (!ours || !naive) continue;
    const pairs: [string, Quantile | undefined, Quantile | undefined][] = [
      ['hot → sink', ours.latency.hot.p95, naive.latency.hot.p95],
      ['hot → chat', ours.seller.telegram?.hot.p95, naive.seller.telegram?.hot.p95],
    ];
    for (const [what, mine, theirs] of pairs) {
      if (mine === undefined || theirs === undefined) continue;
      if (mine.s > theirs.s) failures.push(`${result.spec.openOrders} open orders, ${what} p95: ours ${mine.s} s > naive ${theirs.s} s`);
    }
  }
  return { judged: judged.length > 0 ? judged.map((result) => result.spec.openOrders) : undefined, failures };
}
