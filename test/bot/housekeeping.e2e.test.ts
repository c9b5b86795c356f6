/**
 * The bot's records in the key-value store stay bounded: card records of orders that are over, unknown or long
 * untouched, and callback-data aliases no button carried for 30 days, are dropped at start and then on an
 * interval that ends with the bot.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const DAY = 24 * 60 * 60_000;
const cardKey = (orderId: string) => `bot.cards:${orderId}`;
const aliasKey = (hash: string) => `bot.callback-alias:${hash}`;
const record = (at: number | undefined) => [{ chatId: GROUP_ID, messageId: 999, html: '', markup: '', ...(at === undefined ? {} : { at }) }];

describe('card records', () => {
  it('an order that ends in a status beyond the four drops its record when its card is refreshed', async () => {
    h = await createBridgeHarness();
    const { order, card } = await h.createPaidOrder();
    expect(h.kv.get(cardKey(order.id))).toBeDefined();
    h.sandbox.control.setOrderStatus(order.id, 'refunded');
    await h.engine.pollNow();
    await eventually(() => expect(h!.telegram.message(GROUP_ID, card.messageId)?.text).toContain('refunded'));
    expect(h.kv.get(cardKey(order.id))).toBeUndefined();
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
    h.kv.set(cardKey(closed.order.id), record(now));
    h.kv.set(cardKey(untouched.order.id), [{ ...record(now - 31 * DAY)[0]!, messageId: untouched.card.messageId }]);
    h.kv.set(cardKey('ord_gone'), record(now - 2 * 60 * 60_000));
    h.kv.set(cardKey('ord_just_posted'), record(now));
    h.kv.set(cardKey('ord_undated'), record(undefined));
    h.kv.set(aliasKey('oldgone'), { orderId: 'ord_gone', at: now - 31 * DAY });
    h.kv.set(aliasKey('oldopen'), { orderId: untouched.order.id, at: now - 31 * DAY });
    h.kv.set(aliasKey('recent'), { orderId: 'ord_gone', at: now - DAY });
    h.kv.set(aliasKey('legacy'), 'ord_legacy');

    await h.restart();

    expect(h.kv.get(cardKey(closed.order.id))).toBeUndefined();
    expect(h.kv.get(cardKey(untouched.order.id))).toBeUndefined();
    expect(h.kv.get(cardKey('ord_gone'))).toBeUndefined();
    expect(h.kv.get(cardKey('ord_just_posted'))).toEqual(record(now));
    expect(h.kv.get(cardKey(open.order.id))).toHaveLength(1);
    // Records from before dating are dated now, so they age from here rather than go at once.
    expect(h.kv.get<{ at: number }[]>(cardKey('ord_undated'))?.[0]?.at).toBeGreaterThanOrEqual(now);
    expect(h.kv.get(aliasKey('oldgone'))).toBeUndefined();
    expect(h.kv.get(aliasKey('oldopen'))).toEqual({ orderId: untouched.order.id, at: now - 31 * DAY });
    expect(h.kv.get(aliasKey('recent'))).toBeDefined();
    expect(h.kv.get<{ orderId: string; at: number }>(aliasKey('legacy'))).toEqual({ orderId: 'ord_legacy', at: expect.any(Number) });

    // A dropped record costs nothing visible: the untouched order's card still works and follows the order.
    h.telegram.tapLabel(ADMIN, untouched.card.messageId, 'Take', { chatId: GROUP_ID });
    await eventually(() => expect(labels(h!.telegram.message(GROUP_ID, untouched.card.messageId))).toEqual(['Deliver', 'Cancel']));
  });

  it('runs again on its interval, and no more once the bot stopped', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'debug' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    h = await createBridgeHarness({ logger, bot: { housekeeping: { intervalMs: 50 } } });
    h.kv.set(cardKey('ord_gone'), record(Date.now() - 2 * 60 * 60_000));
    await eventually(() => expect(h!.kv.get(cardKey('ord_gone'))).toBeUndefined(), 2_000);
    expect(lines.some((line) => line.includes('old bot records dropped'))).toBe(true);

    await h.stopBridge();
    const afterStop = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    // A pass now would fail on the closed database and say so.
    expect(lines.slice(afterStop).filter((line) => line.includes('records'))).toEqual([]);
  });
});
