/** The report's table of realistic messages by topic (message-topics.ts). */
import type { LatencyStats } from './metrics.ts';
import { table } from './report-table.ts';
import type { ScenarioResult } from './scenario-result.ts';
import { show } from './targets.ts';

export function topicTable(results: readonly ScenarioResult[]): string[] {
  if (!results.some((result) => [result.ours, result.naive].some((run) => (run?.latency.byTopic.length ?? 0) > 0))) return [];
  const cell = (stats: LatencyStats | undefined) =>
    stats === undefined || stats.n === 0 ? '–' : `${show(stats.p50)} / ${show(stats.p95)}`;
  return [
    '### Realistic messages by topic (measured window)',
    '',
    'What a message is about (the plan’s texts: just paid, while processed, pre-existing order still waiting, after delivery, and ' +
      'each one’s follow-ups), hot or quiet as above: created at the store → sink and → chat, p50 / p95.',
    '',
    table(
      ['open', 'subject', 'topic', 'kind', 'n', '→ sink p50 / p95', '→ chat p50 / p95'],
      results.flatMap((result) =>
        [result.ours, result.naive].flatMap((run) =>
          (run?.latency.byTopic ?? []).map((row) => [
            String(result.spec.openOrders),
            run?.subject ?? '',
            row.topic,
            row.kind,
            String(row.sink.n),
            cell(row.sink),
            cell(row.telegram),
          ]),
        ),
      ),
    ),
    '',
  ];
}
