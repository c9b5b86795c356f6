/**
 * The line a Confirm leaves ("⏳ Cancelling order …", "⏳ Delivering order …") never stays "⏳": it becomes the
 * outcome, done, failed, or queued and then done, also when the outcome comes after a restart.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, type BridgeHarness } from './harness.ts';

let h: BridgeHarness;
beforeEach(async () => {
  h = await createBridgeHarness();
});
afterEach(() => h.close());

const inGroup = { chatId: GROUP_ID };
const textOf = (messageId: number) => h.telegram.message(GROUP_ID, messageId)?.text ?? '';
const storeStatus = (orderId: string) => h.sandbox.control.order(orderId)?.status;

/** Taps Cancel on the card and returns the question (the message the Confirm leaves its line on). */
async function askCancel(cardId: number) {
  h.telegram.tapLabel(ADMIN, cardId, 'Cancel', inGroup);
  await eventually(() => expect(labels(h.lastBotMessage())).toEqual(['Confirm', 'Back']));
  return h.lastBotMessage();
}

/** Opens Deliver on the card, answers with a value, and returns the preview (Confirm's message). */
async function previewDelivery(cardId: number, value: string) {
  h.telegram.tapLabel(ADMIN, cardId, 'Deliver', inGroup);
  await eventually(() => expect(h.lastBotMessage().text).toContain('Reply to this message with the issued value'));
  h.telegram.sendText(ADMIN, value, { ...inGroup, replyTo: h.lastBotMessage().messageId });
  await eventually(() => expect(h.lastBotMessage().text).toContain('with this value?'));
  return h.lastBotMessage();
}

describe('the line a Confirm leaves', () => {
  it('Cancel: becomes "cancelled, refunded" once the store cancelled', async () => {
    const { order, card } = await h.createPaidOrder();
    const question = await askCancel(card.messageId);
    h.telegram.tapLabel(ADMIN, question.messageId, 'Confirm', inGroup);
    await eventually(() => expect(storeStatus(order.id)).toBe('cancelled'));
    await eventually(() => expect(textOf(question.messageId)).toMatch(/^✖️ Order \S+ is cancelled; the buyer was refunded\.$/));
    expect(labels(h.telegram.message(GROUP_ID, question.messageId))).toEqual([]);
  });

  it('Deliver: becomes "delivered" once the store took the delivery', async () => {
    const { order, card } = await h.takePaidOrder();
    const preview = await previewDelivery(card.messageId, 'KEY-1');
    h.telegram.tapLabel(ADMIN, preview.messageId, 'Confirm', inGroup);
    await eventually(() => expect(storeStatus(order.id)).toBe('awaiting_confirmation'));
    await eventually(() => expect(textOf(preview.messageId)).toMatch(/^📦 Order \S+ is delivered\.$/));
  });

  it('Deliver refused by the store: says why in the line, and not again under the card', async () => {
    const { order, card } = await h.takePaidOrder();
    const preview = await previewDelivery(card.messageId, 'KEY-2');
    h.sandbox.control.setOrderStatus(order.id, 'cancelled');
    h.telegram.tapLabel(ADMIN, preview.messageId, 'Confirm', inGroup);
    await eventually(() => expect(textOf(preview.messageId)).toMatch(/delivery failed: not in progress any more/));
    await eventually(() => expect(textOf(card.messageId)).toContain('cancelled'));
    expect(h.repliesTo(card.messageId).filter((message) => message.text.includes('delivery failed'))).toEqual([]);
  });

  it('queued while the store is down: says so, then "cancelled" when it is back, across a restart', async () => {
    const { order, card } = await h.createPaidOrder();
    const question = await askCancel(card.messageId);
    h.sandbox.control.breakApi('http503');
    h.telegram.tapLabel(ADMIN, question.messageId, 'Confirm', inGroup);
    await eventually(() => expect(textOf(question.messageId)).toMatch(/cancellation queued: the store is not answering; will retry/));
    await h.restart();
    h.sandbox.control.heal();
    await eventually(() => expect(storeStatus(order.id)).toBe('cancelled'));
    await eventually(() => expect(textOf(question.messageId)).toMatch(/is cancelled; the buyer was refunded/));
    expect(h.repliesTo(card.messageId).filter((message) => message.text.includes('queued'))).toEqual([]);
  });
});
