/**
 * The realistic workload's messages by what they are about (message-topic-kind.ts). The scheduler can predict some
 * (an order's own events) and not others, so hot and quiet latencies per topic show where a tail comes from.
 */
import type { MessageEntry } from './collector.ts';
import { latencyStats, type LatencySample, type LatencyStats } from './metrics.ts';
import type { Topic } from './message-topic-kind.ts';
import type { RunRecord } from './run-subject.ts';

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
