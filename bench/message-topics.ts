/**
 * The realistic workload's messages by what they are about (realistic-plan.ts): just after paying, while the order
 * is processed, after delivery, and the follow-ups of each. The scheduler can predict some (an order's own events)
 * and not others, so hot and quiet latencies per topic show where a tail comes from.
 */
import type { MessageEntry } from './collector.ts';
import { latencyStats, type LatencySample, type LatencyStats } from './metrics.ts';
import { table } from './report-table.ts';
import type { RunRecord } from './run-subject.ts';
import type { ScenarioResult } from './scenario-result.ts';
import { show } from './targets.ts';

/** What a buyer's first message is about; a follow-up is named after the message it follows. */
export type Opener = 'paid' | 'processing' | 'waiting' | 'delivered';
export type Topic = Opener | `follow-up ${Opener}`;

const OPENERS: readonly [string, Opener][] = [
  ['just paid', 'paid'],
  ['any news', 'processing'],
  ['still waiting', 'waiting'],
  ['got it', 'delivered'],
];

/** The topic of a realistic buyer text; `lastOpener`: the opener this order's buyer wrote last. */
export function topicOf(text: string, lastOpener: Opener | undefined): Topic | undefined {
  const opener = OPENERS.find(([prefix]) => text.startsWith(prefix))?.[1];
  if (opener !== undefined) return opener;
  return text.startsWith('follow-up') && lastOpener !== undefined ? `follow-up ${lastOpener}` : undefined;
}

export function isOpener(topic: Topic): topic is Opener {
  return !topic.startsWith('follow-up');
}

export interface TopicLatency {
  topic: Topic;
  kind: 'hot' | 'quiet';
  /** Created at the store → the sink call. */
  sink: LatencyStats;
  /** → admitted by the fake Bot API (Telegram model only). */
  telegram: LatencyStats | undefined;
}

/** Measured messages grouped by topic and hot/quiet; empty for a workload without topics. */
export function topicLatencies(run: RunRecord): TopicLatency[] {
  const { scale, times, collector } = run;
  const withTelegram = run.telegram429 !== undefined;
  const sample = (entry: MessageEntry, at: number | undefined): LatencySample => ({
    latencyS: at === undefined ? undefined : scale.toStoreSeconds(at - entry.createdMs),
    waitedS: scale.toStoreSeconds(times.endAt - entry.createdMs),
  });
  const groups = new Map<string, { topic: Topic; kind: 'hot' | 'quiet'; entries: MessageEntry[] }>();
  for (const entry of collector.messages.values()) {
    if (!entry.measured || entry.topic === undefined || (entry.kind !== 'hot' && entry.kind !== 'quiet')) continue;
    const key = `${entry.topic}|${entry.kind}`;
    const group = groups.get(key) ?? { topic: entry.topic, kind: entry.kind, entries: [] };
    group.entries.push(entry);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.topic.localeCompare(b.topic) || a.kind.localeCompare(b.kind))
    .map(({ topic, kind, entries }) => ({
      topic,
      kind,
      sink: latencyStats(entries.map((entry) => sample(entry, entry.deliveries[0]))),
      telegram: withTelegram ? latencyStats(entries.map((entry) => sample(entry, entry.telegram[0]))) : undefined,
    }));
}

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
