/**
 * The chat burst's figures tell the store side from the Telegram side: "all in chat" spans from the first burst
 * message written to the last one shown, while sink → chat is each message's own wait on the Telegram side, so a
 * store side that hands the burst over slowly does not count against Telegram (and a message never shown makes the
 * figures lower bounds).
 */
import { describe, expect, it } from 'vitest';
import { chatBurstStats } from '../../bench/chat-burst-stats.ts';
import type { MessageEntry } from '../../bench/collector.ts';
import type { RunRecord } from '../../bench/run-subject.ts';
import { createTimeScale } from '../../bench/time-scale.ts';

/** A burst message written at `created`, handed to the sink at `sink`, shown at `chat` (real ms). */
const entry = (orderId: string, created: number, sink?: number, chat?: number): MessageEntry => ({
  orderId,
  createdMs: created,
  kind: 'chat-burst',
  measured: true,
  due: true,
  deliveries: sink === undefined ? [] : [sink],
  seenAt: sink,
  telegram: chat === undefined ? [] : [chat],
  telegramMessageIds: chat === undefined ? [] : [orderId === 'a' ? 1 : 2],
  topic: undefined,
});

const runOf = (entries: MessageEntry[], endAt = 10_000): RunRecord =>
  ({
    scale: createTimeScale(1),
    times: { chatBurstAt: 0, endAt },
    collector: { messages: new Map(entries.map((e, i) => [`m${i}`, e])) },
    telegram429At: [500, 20_000],
  }) as unknown as RunRecord;

describe('chat burst stats', () => {
  it('counts the Telegram side per message, apart from a store side that trickled', () => {
    // Order b's messages reach the sink 6 s after a's: all in chat spans it, sink → chat does not.
    const stats = chatBurstStats(runOf([entry('a', 0, 1000, 2000), entry('a', 100, 1000, 2000), entry('b', 200, 7000, 7500)]));
    expect(stats?.messages).toBe(3);
    expect(stats?.orders).toBe(2);
    expect(stats?.allAtSink).toEqual({ s: 7, censored: false });
    expect(stats?.telegram?.allInChat).toEqual({ s: 7.5, censored: false });
    expect(stats?.telegram?.drain).toEqual({ s: 6.5, censored: false });
    expect(stats?.telegram?.sinkToChat.max).toEqual({ s: 1, censored: false });
    expect(stats?.telegram?.telegramMessages).toBe(2);
    // Only the 429 answered while the burst was under way counts.
    expect(stats?.telegram?.status429).toBe(1);
  });

  it('makes a message handed over but never shown a lower bound on the Telegram side', () => {
    const stats = chatBurstStats(runOf([entry('a', 0, 1000, 2000), entry('b', 0, 3000)], 9000));
    expect(stats?.telegram?.sinkToChat.max).toEqual({ s: 6, censored: true });
    expect(stats?.telegram?.allInChat).toEqual({ s: 9, censored: true });
  });
});
