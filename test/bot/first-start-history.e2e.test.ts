/**
 * A first start's chat history goes after live content (sandbox store, real sync, fake Bot API): a store with orders
 * in progress and their chats' history, the bridge's first start, then buyers write. Their messages reach a private
 * chat, at a message every 300 ms, before the rest of the history; within each order nothing is reordered, dropped
 * or doubled: its card, its history, then what was written live.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, createBridgeHarness, eventually, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ORDERS = 8;
const HISTORY = ['asked', 'waited', 'thanked'];
const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe("a first start's chat history", () => {
  it('goes after live buyer messages, each order keeping its card, its history and its live messages in order', async () => {
    let imported: string[] = [];
    h = await createBridgeHarness({
      chatId: ADMIN.id,
      bot: { pacing: { perChatIntervalMs: 300, groupPerMinute: 10_000, globalPerSecond: 10_000 } },
      beforeFirstStart: (sandbox) => {
        imported = Array.from({ length: ORDERS }, (_, i) => {
          const order = sandbox.control.createOrder({ status: 'processing', createdAt: past(120) });
          for (const [n, word] of HISTORY.entries())
            sandbox.control.postBuyerMessage(order.id, `${word} ${i}`, { createdAt: past(100 - n) });
          return order.id;
        });
      },
    });
    // The catch-up handed off every card and every message of the history; Telegram has shown a few of them.
    const queued = h.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM telegram_queue WHERE kind = 'message'`);
    await eventually(() => expect(queued.get()?.n).toBe(ORDERS * HISTORY.length));

    const fresh = h.sandbox.control.createOrder({ status: 'paid' }).id;
    h.sandbox.control.postBuyerMessage(fresh, 'live on a new order');
    const late = ORDERS - 1;
    h.sandbox.control.postBuyerMessage(imported[late]!, `live ${late}`);
    await h.drained(15_000);

    const chat = h.telegram.botMessages(ADMIN.id);
    const at = (text: string) => chat.findIndex((message) => message.text.includes(text));
    const cardAt = (orderId: string) => chat.indexOf(h!.cardsOf(orderId, ADMIN.id)[0]!);
    const lastHistory = Math.max(...imported.flatMap((_, i) => HISTORY.map((word) => at(`${word} ${i}`))));
    // Live content first: both live messages are in the chat before the rest of the history.
    expect(at('live on a new order')).toBeLessThan(lastHistory);
    expect(at(`live ${late}`)).toBeLessThan(lastHistory);

    // Within each order: its card, then its messages once each, in order.
    expect(h.cardsOf(fresh, ADMIN.id)).toHaveLength(1);
    expect(cardAt(fresh)).toBeLessThan(at('live on a new order'));
    for (const [i, orderId] of imported.entries()) {
      expect(h.cardsOf(orderId, ADMIN.id)).toHaveLength(1);
      const ofOrder = new RegExp(`\\b(${HISTORY.join('|')}|live) ${i}\\b`, 'g');
      const said = (from: number, to?: number) => chat.slice(from, to).flatMap((message) => message.text.match(ofOrder) ?? []);
      const history = HISTORY.map((word) => `${word} ${i}`);
      expect(said(cardAt(orderId) + 1)).toEqual(i === late ? [...history, `live ${late}`] : history);
      expect(said(0, cardAt(orderId))).toEqual([]);
    }
  });
});
