/**
 * The chat burst's figures (chat-burst.ts), in store seconds: how long until every burst message was in the chat
 * (the seller's view, what the target judges), each message's created → chat, the drain (first burst message handed
 * to the sink → last one in the chat), the Telegram side alone (each message's sink → chat), the Telegram 429s meanwhile, and how many Telegram
 * messages the burst became (ours packs an order's waiting buyer messages together). A burst message never shown
 * makes its span a lower bound (censored), as every latency here.
 */
import type { MessageEntry } from './collector.ts';
import { latencyStats, type LatencyStats, type Quantile } from './metrics.ts';
import type { RunRecord } from './run-subject.ts';

export interface ChatBurstStats {
  messages: number;
  orders: number;
  /** First burst message created → last one handed to the sink (the store side). */
  allAtSink: Quantile | undefined;
  perMessageSink: LatencyStats;
  /** Undefined without the Telegram model. */
  telegram:
    | {
        /** First burst message created → last one admitted by the fake Bot API. */
        allInChat: Quantile | undefined;
        perMessage: LatencyStats;
        /** First burst message handed to the sink → last one admitted. */
        drain: Quantile | undefined;
        /** Each message handed to the sink → admitted: the Telegram side alone, however the store side trickled. */
        sinkToChat: LatencyStats;
        /** 429s the fake answered from the first burst message created until the last one was in the chat. */
        status429: number;
        /** Distinct Telegram messages that carried the burst's messages. */
        telegramMessages: number;
      }
    | undefined;
}

export function chatBurstStats(run: RunRecord): ChatBurstStats | undefined {
  const { scale, times, collector } = run;
  const entries = [...collector.messages.values()].filter((entry) => entry.kind === 'chat-burst');
  if (times.chatBurstAt === undefined || entries.length === 0) return undefined;
  const firstCreated = Math.min(...entries.map((entry) => entry.createdMs));
  const storeS = (from: number, to: number) => scale.toStoreSeconds(to - from);
  const sample = (entry: MessageEntry, at: number | undefined) => ({
    latencyS: at === undefined ? undefined : storeS(entry.createdMs, at),
    waitedS: storeS(entry.createdMs, times.endAt),
  });
  /** From `from` until every entry's `at`; a lower bound when one never came. */
  const span = (from: number | undefined, at: (entry: MessageEntry) => number | undefined): Quantile | undefined => {
    if (from === undefined) return undefined;
    const all = entries.map(at);
    const censored = all.some((value) => value === undefined);
    return { s: storeS(from, censored ? times.endAt : Math.max(...(all as number[]))), censored };
  };
  const firstAtSink = entries.flatMap((entry) => entry.deliveries.slice(0, 1));
  const withTelegram = run.telegram429At !== undefined;
  const lastInChat = Math.max(...entries.map((entry) => entry.telegram[0] ?? times.endAt));

  return {
    messages: entries.length,
    orders: new Set(entries.map((entry) => entry.orderId)).size,
    allAtSink: span(firstCreated, (entry) => entry.deliveries[0]),
    perMessageSink: latencyStats(entries.map((entry) => sample(entry, entry.deliveries[0]))),
    telegram: withTelegram
      ? {
          allInChat: span(firstCreated, (entry) => entry.telegram[0]),
          perMessage: latencyStats(entries.map((entry) => sample(entry, entry.telegram[0]))),
          drain: span(firstAtSink.length > 0 ? Math.min(...firstAtSink) : undefined, (entry) => entry.telegram[0]),
          sinkToChat: latencyStats(
            entries.flatMap((entry) => {
              const atSink = entry.deliveries[0];
              if (atSink === undefined) return [];
              const atChat = entry.telegram[0];
              return [{ latencyS: atChat === undefined ? undefined : storeS(atSink, atChat), waitedS: storeS(atSink, times.endAt) }];
            }),
          ),
          status429: (run.telegram429At ?? []).filter((at) => at >= firstCreated && at <= lastInChat).length,
          telegramMessages: new Set(entries.flatMap((entry) => entry.telegramMessageIds.slice(0, 1))).size,
        }
      : undefined,
  };
}
