/**
 * The Telegram queue end to end (sandbox store, real sync, fake Bot API): sync hands events to the queue and goes on;
 * buyer messages of one order that wait together reach the chat as one Telegram message, each still attributed and
 * in order, and a reply to it reaches its order; a card's pending edits collapse into one; a restart drains what was
 * queued, nothing lost and nothing twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../src/seller-api/schemas.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Fast, but still one message at a time per chat, as Telegram wants. */
const PACED = { pacing: { perChatIntervalMs: 20, groupPerMinute: 10_000, globalPerSecond: 10_000 } };
const sellerTexts = (orderId: string) =>
  h!.sandbox.control
    .messages(orderId)
    .filter((message) => message.senderRole === 'seller')
    .map((message) => message.text);

describe('telegram queue', () => {
  it('a burst of 100 buyer messages over 20 orders reaches a private chat in about one message per order, attributed and in order', async () => {
    h = await createBridgeHarness({ chatId: ADMIN.id, startEngine: false, bot: PACED });
    const orders = Array.from({ length: 20 }, () => h!.sandbox.control.createOrder() as Order);
    await h.engine.pollNow();
    await h.drained();
    const cards = orders.map((order) => h!.cardsOf(order.id)[0]!);
    expect(cards.every((card) => card !== undefined)).toBe(true);

    const before = h.telegram.callsOf('sendMessage').length;
    // Interleaved, as buyers write: one message of every order, five rounds.
    for (let round = 1; round <= 5; round++) {
      for (const [i, order] of orders.entries()) h.sandbox.control.postBuyerMessage(order.id, `order ${i} message ${round}`);
    }
    await eventually(async () => {
      await h!.engine.pollNow();
      await h!.drained();
      const relayed = h!.telegram.botMessages(ADMIN.id).filter((message) => / message \d$/m.test(message.text));
      expect(relayed.flatMap((message) => message.text.match(/order \d+ message \d/g) ?? [])).toHaveLength(100);
    }, 15_000);

    const sends = h.telegram.callsOf('sendMessage').slice(before);
    expect(sends.every((call) => call.ok)).toBe(true);
    // One per order: its five lines are found by one read, and wait together.
    expect(sends).toHaveLength(20);
    for (const [i, card] of cards.entries()) {
      const replies = h.repliesTo(card.messageId);
      const said = replies.flatMap((message) => message.text.match(new RegExp(`order ${i} message \\d`, 'g')) ?? []);
      expect(said).toEqual([1, 2, 3, 4, 5].map((round) => `order ${i} message ${round}`));
      // Each message keeps its header: who wrote it, which order.
      const headers = replies.flatMap((message) => message.text.match(new RegExp(`💬 Buyer · order ${orders[i]!.id}`, 'g')) ?? []);
      expect(headers).toHaveLength(5);
    }

    // A reply to a coalesced message reaches its order.
    const coalesced = h.repliesTo(cards[7]!.messageId).at(-1)!;
    // The outbox sends the seller's reply: its loop runs once the engine is started.
    h.engine.start();
    h.telegram.sendText(ADMIN, 'keys are on the way', { chatId: ADMIN.id, replyTo: coalesced.messageId });
    await eventually(() => expect(sellerTexts(orders[7]!.id)).toEqual(['keys are on the way']));
  });

  it('the lines one read finds reach an idle chat as one Telegram message', async () => {
    h = await createBridgeHarness({ chatId: ADMIN.id, startEngine: false, bot: PACED });
    const order = h.sandbox.control.createOrder() as Order;
    await h.engine.pollNow();
    await h.drained();
    const before = h.telegram.callsOf('sendMessage').length;
    // A buyer typing several lines: one read finds them all, and the queue is empty when the first is handed off.
    for (const line of ['hello', 'the key does not work', 'can you help?']) h.sandbox.control.postBuyerMessage(order.id, line);
    await h.engine.pollNow();
    await h.drained();
    const sends = h.telegram.callsOf('sendMessage').slice(before);
    expect(sends).toHaveLength(1);
    expect(h.telegram.botMessages(ADMIN.id).at(-1)?.text).toMatch(/hello[\s\S]*the key does not work[\s\S]*can you help\?/);
  });

  it('sync does not wait for Telegram: one poll hands off every order and message while Telegram takes one a second', async () => {
    h = await createBridgeHarness({ chatId: ADMIN.id, startEngine: false, bot: { pacing: { ...PACED.pacing, perChatIntervalMs: 1000 } } });
    for (let i = 0; i < 3; i++) {
      const order = h.sandbox.control.createOrder();
      h.sandbox.control.postBuyerMessage(order.id, `first of ${i}`);
      h.sandbox.control.postBuyerMessage(order.id, `second of ${i}`);
    }
    await h.engine.pollNow();
    // Everything is handed off (sync moved on); at a message a second, Telegram has shown one or two of them.
    expect(h.queue.pending()).toBeGreaterThanOrEqual(7);
    expect(h.engine.status().knownOpenOrders).toBe(3);
  });

  it("a card's edits that wait together collapse into one edit to the latest state", async () => {
    h = await createBridgeHarness({
      startEngine: false,
      // A refused item waits long enough for the test to pile edits behind it; idle polls are quick.
      bot: { ...PACED, drainer: { backoff: { baseMs: 60_000, maxMs: 60_000 }, idlePollMs: 20 } },
    });
    const { order, card } = await h.createPaidOrder();
    // A buyer message Telegram refuses once (not about the chat): the order's items wait behind its retry.
    h.telegram.failNext('sendMessage', { error_code: 400, description: 'Bad Request: something odd' });
    h.sandbox.control.postBuyerMessage(order.id, 'is it coming?');
    await eventually(async () => {
      await h!.engine.pollNow();
      expect(h!.queue.pendingOf(order.id, 'message', 5)[0]?.attempts).toBe(1);
    });

    for (const status of ['processing', 'awaiting_confirmation', 'completed']) {
      h.sandbox.control.setOrderStatus(order.id, status);
      await eventually(async () => {
        await h!.engine.pollNow();
        expect(h!.queue.pendingOf(order.id, 'change', 5).map((row) => JSON.parse(row.payload).order.status)).toEqual([status]);
      });
    }
    const editsBefore = h.telegram.callsOf('editMessageText').length;
    // The retry time comes (set here rather than waited for).
    const waiting = h.queue.pendingOf(order.id, 'message', 5)[0]!;
    h.queue.progress([{ seq: waiting.seq, partsSent: 0, done: false, payload: waiting.payload }], Date.now());
    await h.drained();

    expect(h.repliesTo(card.messageId).map((message) => message.text)).toEqual([expect.stringContaining('is it coming?')]);
    expect(h.telegram.message(GROUP_ID, card.messageId)?.text).toContain('completed');
    expect(h.telegram.callsOf('editMessageText').length - editsBefore).toBe(1);
  });

  it('a restart sends what was queued and not yet accepted, once; the chat refusal shows meanwhile', async () => {
    h = await createBridgeHarness({ startEngine: false, bot: { ...PACED, drainer: { backoff: { baseMs: 60_000, maxMs: 60_000 } } } });
    const { order, card } = await h.createPaidOrder();
    h.telegram.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was kicked from the supergroup chat' });
    for (const text of ['first', 'second', 'third']) h.sandbox.control.postBuyerMessage(order.id, text);
    const second = h.sandbox.control.createOrder() as Order;
    await eventually(async () => {
      await h!.engine.pollNow();
      expect(await h!.bridge.chatRefusal()).toMatchObject({ code: 'TELEGRAM_CHAT_BLOCKED' });
    });
    // Held: the queued items wait, and the sink refuses new events, so sync keeps them at the store.
    expect(h.queue.pending()).toBeGreaterThan(0);
    await expect(h.bridge.sink.orderAppeared(h.sandbox.control.createOrder() as Order)).rejects.toMatchObject({
      sinkUnavailable: true,
    });

    await h.restart();
    await eventually(async () => {
      await h!.engine.pollNow();
      await h!.drained();
      expect(h!.cardsOf(second.id)).toHaveLength(1);
      expect(
        h!
          .repliesTo(card.messageId)
          .map((message) => message.text)
          .join('\n'),
      ).toContain('third');
    });
    await h.engine.pollNow();
    await h.drained();
    const said = h.repliesTo(card.messageId).flatMap((message) => message.text.match(/first|second|third/g) ?? []);
    expect(said).toEqual(['first', 'second', 'third']);
    expect(h.cardsOf(order.id)).toHaveLength(1);
    expect(h.cardsOf(second.id)).toHaveLength(1);
    expect(await h.bridge.chatRefusal()).toBeUndefined();
  });
});
