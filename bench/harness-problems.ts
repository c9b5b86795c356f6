/** What makes a run's result meaningless: the harness is broken (not slow) when a run measured nothing at all. */
import type { RunRecord } from './run-subject.ts';

/** The problems of one run (one store's record), each naming the scenario, the subject and (`--stores`) the store. */
export function harnessProblems(run: RunRecord): string[] {
  const problems: string[] = [];
  const entries = [...run.collector.messages.values()];
  const delivered = entries.filter((entry) => entry.deliveries.length > 0).length;
  const orders = [...run.collector.orders.values()].filter((entry) => entry.appeared.length > 0).length;
  if (delivered + orders === 0) problems.push('the subject delivered nothing at all');
  if (run.spec.chatting > 0 && !entries.some((entry) => entry.kind === 'hot' && entry.measured))
    problems.push('no chatting message was created in the measured window');
  if (run.stats.atEnd.total === 0) problems.push('the store received no request');
  const store = run.store === 'main' ? '' : `, store ${run.store}`;
  return problems.map((problem) => `${run.spec.openOrders} open orders, ${run.subject}${store}: ${problem}`);
}
