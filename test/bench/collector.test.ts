/**
 * The collector attributes what the fake Bot API admitted to the buyer messages it carries: a Telegram message that
 * packs several buyer messages of one order (the bridge coalesces them) shows each of them, not only the first. And it
 * tells grace which measured status changes are still on their way.
 */
import { describe, expect, it } from 'vitest';
import { createCollector } from '../../bench/collector.ts';

const ORDER = 'ord_00000a0123456789';

describe('collector', () => {
  it('counts a coalesced Telegram message for every buyer message it carries', () => {
    const collector = createCollector();
    collector.messageCreated({ id: 'm1', orderId: ORDER, createdMs: 1_000, kind: 'hot', tag: 'u1' });
    collector.messageCreated({ id: 'm2', orderId: ORDER, createdMs: 2_000, kind: 'hot', tag: 'u2' });
    collector.messageCreated({ id: 'm3', orderId: ORDER, createdMs: 3_000, kind: 'hot', tag: 'u3' });

    collector.takeTelegram({ kind: 'send', chatId: 1, at: 5_000, messageId: 9, tags: ['u1', 'u2'], orderId: ORDER });

    expect(collector.messages.get('m1')?.telegram).toEqual([5_000]);
    expect(collector.messages.get('m2')?.telegram).toEqual([5_000]);
    expect(collector.messages.get('m3')?.telegram).toEqual([]);
    // A relayed message is not a card.
    expect(collector.orders.get(ORDER)).toBeUndefined();
  });

  it('counts a measured status change as pending until it reached the sink, and the card when the chat counts', () => {
    const collector = createCollector();
    collector.phase = 'warmup';
    collector.statusChanged({ orderId: 'ord_warm', status: 'processing', at: 500 });
    collector.phase = 'measure';
    collector.statusChanged({ orderId: ORDER, status: 'awaiting_confirmation', at: 1_000 });
    expect(collector.pendingStatusChanges(false)).toBe(1);

    collector.takeBatch({
      type: 'batch',
      deliveries: [{ kind: 'status', orderId: ORDER, status: 'awaiting_confirmation', at: 2_000 }],
      reads: [],
      usage: USAGE,
    });
    expect(collector.pendingStatusChanges(false)).toBe(0);
    expect(collector.pendingStatusChanges(true)).toBe(1);

    collector.takeTelegram({ kind: 'edit', chatId: 1, at: 3_000, messageId: 7, tags: [], orderId: ORDER });
    expect(collector.pendingStatusChanges(true)).toBe(0);
  });
});

const USAGE = { at: 0, cpuMicros: 0, rssBytes: 0, heapUsedBytes: 0, dbBytes: 0 };
