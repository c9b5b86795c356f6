/** Admin replies in Telegram reach the buyer's chat as the seller, acknowledged; nothing is echoed back. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALERTS } from '../../src/bot/index.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, settled, type BridgeHarness } from './harness.ts';
import type { ActionId } from '../../src/core/actions.ts';
import { en } from '../support/texts.ts';

let h: BridgeHarness;
beforeEach(async () => {
  h = await createBridgeHarness();
});
afterEach(() => h.close());

const inGroup = { chatId: GROUP_ID };
const sellerMessages = (orderId: string) => h.sandbox.control.messages(orderId).filter((message) => message.senderRole === 'seller');

describe('admin replies', () => {
  it('a reply to the card is posted to the order chat as the seller, acknowledged, and not echoed', async () => {
    const { order, card } = await h.createPaidOrder();
    const mine = h.telegram.sendText(ADMIN, 'Hi! Your key is coming <soon> & fast.', { ...inGroup, replyTo: card.messageId });
    await eventually(() =>
      expect(sellerMessages(order.id).map((message) => message.text)).toEqual(['Hi! Your key is coming <soon> & fast.']),
    );
    await eventually(() => expect(h.telegram.message(GROUP_ID, mine.message_id)?.reactions).toEqual(['👍']));

    // Several polls later the bridge's own post has not come back as a relayed message.
    await h.engine.pollNow();
    await h.engine.pollNow();
    expect(h.repliesTo(card.messageId)).toEqual([]);
  });

  it('a reply to a relayed buyer message goes to the same order', async () => {
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.postBuyerMessage(order.id, 'Where is my key?');
    await h.engine.pollNow();
    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(1));
    // Linked to its order once Telegram answered the send: after the queue drained.
    await h.drained();
    const relayed = h.repliesTo(card.messageId)[0]!;
    h.telegram.sendText(ADMIN, 'Sending it now', { ...inGroup, replyTo: relayed.messageId });
    await eventually(() => expect(sellerMessages(order.id).map((message) => message.text)).toEqual(['Sending it now']));
    await h.engine.pollNow();
    // Only the buyer's message was relayed, once.
    expect(h.repliesTo(card.messageId)).toHaveLength(1);
  });

  it('refuses empty and over-long texts at once, without a store request', async () => {
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.resetStats();
    const long = h.telegram.sendText(ADMIN, 'x'.repeat(4001), { ...inGroup, replyTo: card.messageId });
    const blank = h.telegram.sendText(ADMIN, '   ', { ...inGroup, replyTo: card.messageId });
    await settled(h);
    await eventually(() => {
      expect(h.repliesTo(long.message_id)[0]?.text).toMatch(/4001 characters long; the store accepts at most 4000/);
      expect(h.repliesTo(blank.message_id)[0]?.text).toMatch(/empty/);
    });
    expect(h.sandbox.control.stats().byRoute['POST /orders/{id}/messages'] ?? 0).toBe(0);
    expect(sellerMessages(order.id)).toEqual([]);
    expect(h.engine.status().outboxDepth).toBe(0);
  });

  it('says plainly when the store is not answering, then sends once it is back', async () => {
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.breakApi('http503');
    const queued = h.telegram.sendText(ADMIN, 'are you there?', { ...inGroup, replyTo: card.messageId });
    await eventually(() => expect(h.repliesTo(queued.message_id)[0]?.text).toMatch(/queued: the store is not answering; will retry/));
    h.sandbox.control.heal();
    await eventually(() => expect(sellerMessages(order.id).map((message) => message.text)).toEqual(['are you there?']));
    await eventually(() => expect(h.telegram.message(GROUP_ID, queued.message_id)?.reactions).toEqual(['👍']));
  });

  it('/reply <id> sends the next text to that buyer', async () => {
    const { order } = await h.createPaidOrder();
    h.telegram.sendText(ADMIN, `/reply ${order.id}`, inGroup);
    await eventually(() => expect(h.telegram.botMessages(GROUP_ID).at(-1)?.text).toMatch(/Reply to this message with your text/));
    const prompt = h.telegram.botMessages(GROUP_ID).at(-1)!;
    h.telegram.sendText(ADMIN, 'Thanks for your order', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(sellerMessages(order.id).map((message) => message.text)).toEqual(['Thanks for your order']));
  });

  it('when a reaction is refused, the acknowledgement is a short reply instead', async () => {
    const { order, card } = await h.createPaidOrder();
    h.telegram.failNext('setMessageReaction', { error_code: 400, description: 'Bad Request: REACTION_INVALID' });
    const mine = h.telegram.sendText(ADMIN, 'hello', { ...inGroup, replyTo: card.messageId });
    await eventually(() => expect(h.repliesTo(mine.message_id)[0]?.text).toBe(`✓ Sent to the buyer of order ${order.id}.`));
  });

  it('a definitive refusal by the store is said with its reason under the seller’s message', async () => {
    const { order } = await h.createPaidOrder();
    // Not a reply, so the bot queues nothing itself; the outcome is handed to the sink directly.
    const mine = h.telegram.sendText(ADMIN, 'not for the store', inGroup);
    await h.bridge.sink.actionSettled({
      actionId: 999 as ActionId,
      action: { kind: 'message', orderId: order.id, text: 'not for the store', origin: { chatId: GROUP_ID, messageId: mine.message_id } },
      ok: false,
      code: 'ORDER_NOT_FOUND',
    });
    expect(h.repliesTo(mine.message_id).map((message) => message.text)).toContain(
      `⚠️ Not sent to the buyer of order ${order.id}: the order was not found in the store.`,
    );
  });
});

describe('notices', () => {
  it('postNotice puts an escaped plain notice into the chat through the queue; one Telegram refused goes later', async () => {
    await h.bridge.postNotice(ALERTS.storeDown(en, 5));
    await h.drained();
    expect(h.telegram.botMessages(GROUP_ID).at(-1)?.text).toBe(
      '📡 The store has not answered for 5 minutes. Orders and messages will arrive once it is back.',
    );
    await h.bridge.postNotice('Store <API> key & stuff');
    await h.drained();
    expect(h.telegram.botMessages(GROUP_ID).at(-1)?.text).toBe('Store <API> key & stuff');
    h.telegram.failNext('sendMessage', { error_code: 400, description: 'Bad Request: chat not found' });
    await h.bridge.postNotice(ALERTS.storeBack(en));
    await h.drained();
    const back = h.telegram.botMessages(GROUP_ID).filter((message) => message.text.endsWith('The store is back. Sync has resumed.'));
    expect(back).toHaveLength(1);
    expect(back[0]?.text).toMatch(/^⏳ Held since/);
  });
});
