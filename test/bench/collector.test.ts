/**
 * The collector attributes what the fake Bot API admitted to the buyer messages it carries: a Telegram message that
 * packs several buyer messages of one order (the bridge coalesces them) shows each of them, not only the first.
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

    collector.takeTelegram({ kind: 'send', at: 5_000, messageId: 9, tags: ['u1', 'u2'], orderId: ORDER });

    expect(collector.messages.get('m1')?.telegram).toEqual([5_000]);
    expect(collector.messages.get('m2')?.telegram).toEqual([5_000]);
    expect(collector.messages.get('m3')?.telegram).toEqual([]);
    // A relayed message is not a card.
    expect(collector.orders.get(ORDER)).toBeUndefined();
  });
});
