/**
 * The bot's records stay bounded: what the cards of orders that are over or long untouched show, cards of orders
 * sync does not know, and callback-data aliases no button carried for 30 days, are dropped at start and then on an
 * interval that ends with the bot.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { logLines } from '../support/log-lines.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const DAY = 24 * 60 * 60_000;
const aliasKey = (hash: string) => `bot.callback-alias:${hash}`;
/** The order's cards whose view is kept (what used to be its `cards:` record). */
const shown = (orderId: string) => h!.cards.cards(orderId as OrderId).filter((card) => card.view !== undefined);
/** Records a card showing nothing in particular, last shown at `shownAt`. */
const record = (orderId: string, messageId: number, shownAt: number) => {
  h!.cards.show(orderId as OrderId, { chatId: GROUP_ID, messageId }, { html: '', markup: '', shownAt });
  return [{ chatId: GROUP_ID, messageId, view: { html: '', markup: '', shownAt } }];
};

describe('card records', () => {
  it('an order that ends in a status beyond the four drops its record when its card is refreshed', async () => {
    h = await createBridgeHarness();
    const { order, card } = await h.createPaidOrder();
    expect(shown(order.id)).toHaveLength(1);
    h.sandbox.control.setOrderStatus(order.id, 'refunded');
    await h.engine.pollNow();
    await eventually(() => expect(h!.telegram.message(GROUP_ID, card.messageId)?.text).toContain('refunded'));
    // The record changes once Telegram answered the edit: after the queue drained.
    await h.drained();
    expect(shown(order.id)).toEqual([]);
    // Still the order's card for replies.
    expect(h.engine.orderForTelegramMessage(card)).toBe(order.id);
  });

  it('at start: records of closed, unknown and long-untouched orders go; recent and open ones stay', async () => {
    h = await createBridgeHarness();
    const open = await h.createPaidOrder();
    const untouched = await h.createPaidOrder();
    const closed = await h.createPaidOrder();
    h.sandbox.control.setOrderStatus(closed.order.id, 'cancelled');
    await h.engine.pollNow();
    await eventually(() => expect(h!.telegram.message(GROUP_ID, closed.card.messageId)?.text).toContain('cancelled'));

    const now = Date.now();
    record(closed.order.id, 991, now);
    record(untouched.order.id, untouched.card.messageId, now - 31 * DAY);
    record('ord_gone', 992, now - 2 * 60 * 60_000);
    const justPosted = record('ord_just_posted', 993, now);
    h.kv.set(aliasKey('oldgone'), { orderId: 'ord_gone', at: now - 31 * DAY });
    h.kv.set(aliasKey('oldopen'), { orderId: untouched.order.id, at: now - 31 * DAY });
    h.kv.set(aliasKey('recent'), { orderId: 'ord_gone', at: now - DAY });
    h.kv.set(aliasKey('legacy'), 'ord_legacy');

    await h.restart();

    expect(shown(closed.order.id)).toEqual([]);
    expect(shown(untouched.order.id)).toEqual([]);
    // An order sync never committed loses its card altogether; a known one keeps it for replies.
    expect(h.cards.cards('ord_gone' as OrderId)).toEqual([]);
    expect(h.engine.orderForTelegramMessage(untouched.card)).toBe(untouched.order.id);
    expect(shown('ord_just_posted')).toEqual(justPosted);
    expect(shown(open.order.id)).toHaveLength(1);
    // Records from before dating are dated when migrated (test/db/card-views.test.ts).
    expect(h.kv.get(aliasKey('oldgone'))).toBeUndefined();
    expect(h.kv.get(aliasKey('oldopen'))).toEqual({ orderId: untouched.order.id, at: now - 31 * DAY });
    expect(h.kv.get(aliasKey('recent'))).toBeDefined();
    expect(h.kv.get<{ orderId: string; at: number }>(aliasKey('legacy'))).toEqual({ orderId: 'ord_legacy', at: expect.any(Number) });

    // A dropped record costs nothing visible: the untouched order's card still works and follows the order.
    h.telegram.tapLabel(ADMIN, untouched.card.messageId, 'Take', { chatId: GROUP_ID });
    await eventually(() => expect(labels(h!.telegram.message(GROUP_ID, untouched.card.messageId))).toEqual(['Deliver', 'Cancel']));
  });

  it('runs again on its interval, and no more once the bot stopped', async () => {
    const { lines, logger } = logLines('debug');
    h = await createBridgeHarness({ logger, bot: { housekeeping: { intervalMs: 50 } } });
    record('ord_gone', 992, Date.now() - 2 * 60 * 60_000);
    await eventually(() => expect(shown('ord_gone')).toEqual([]), 2_000);
    expect(lines.some((line) => line.includes('old bot records dropped'))).toBe(true);

    await h.stopBridge();
    const afterStop = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    // A pass now would fail on the closed database and say so.
    expect(lines.slice(afterStop).filter((line) => line.includes('records'))).toEqual([]);
  });
});
