/**
 * The quick bench's timing check (CI, test/bench/quick-bench.test.ts): in the scenario where the budget binds, ours'
 * hot-chat p95 over the first 10 minutes after a start — cold (empty database) and warm (restarted on its own) — must
 * not be worse than the naive poller's, at the sink and in the chat. A ratio within one run, so a slow or busy machine
 * slows both alike. A censored p95 (a lower bound) on ours' side fails unless the naive one is censored at least as high.
 *
 * The measured window's hot p95 is reported, not judged: in the quick run ours and naive are within a few seconds of
 * each other there (bench/README.md, "The CI gate"), so judging it would make CI a coin toss.
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

export function startupVerdict(results: readonly ScenarioResult[]): GateVerdict {
  const judged = results.filter((result) => result.spec.openOrders >= JUDGED_FROM_OPEN_ORDERS);
  const failures: string[] = [];
  for (const result of judged) {
    const { ours, naive } = result;
    if (!ours || !naive) continue;
    for (const start of ['cold', 'warm'] as const) {
      const mine = ours.seller.startup[start];
      const theirs = naive.seller.startup[start];
      const pairs: [string, Quantile | undefined, Quantile | undefined][] = [
        ['hot → sink', mine.hotSink.p95, theirs.hotSink.p95],
        ['hot → chat', mine.hotTelegram?.p95, theirs.hotTelegram?.p95],
      ];
      for (const [what, a, b] of pairs) {
        if (a === undefined || b === undefined) continue;
        if (a.s > b.s) failures.push(`${result.spec.openOrders} open orders, ${start} start, ${what} p95: ours ${a.s} s > naive ${b.s} s`);
      }
    }
  }
  return { judged: judged.length > 0 ? judged.map((result) => result.spec.openOrders) : undefined, failures };
}
