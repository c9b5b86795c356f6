/** Take, Deliver and Cancel from Telegram buttons, checked at the store (sandbox control) and on the card. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, settled, type BridgeHarness } from './harness.ts';

let h: BridgeHarness;
beforeEach(async () => {
  h = await createBridgeHarness();
});
afterEach(() => h.close());

const inGroup = { chatId: GROUP_ID };
const cardText = (messageId: number) => h.telegram.message(GROUP_ID, messageId)?.text ?? '';
const storeStatus = (orderId: string) => h.sandbox.control.order(orderId)?.status;

describe('Take', () => {
  it('takes the order in one tap and edits the card to processing', async () => {
    const { order, card } = await h.takePaidOrder();
    expect(h.sandbox.control.order(order.id)?.assigneeType).toBe('api');
    expect(cardText(card.messageId)).toContain('Status: 🛠 in progress');
    expect(cardText(card.messageId)).toContain('Performed by: this bot');
    const answer = h.telegram.callbackAnswer(h.telegram.callsOf('answerCallbackQuery')[0]!.params.callback_query_id as string);
    expect(answer?.text).toBe('Taking the order…');
  });

  it('a double tap acts once at the store and says it is already in progress', async () => {
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.resetStats();
    const first = h.telegram.tapLabel(ADMIN, card.messageId, 'Take', inGroup);
    const second = h.telegram.tapLabel(ADMIN, card.messageId, 'Take', inGroup);
    await eventually(() => expect(storeStatus(order.id)).toBe('processing'));
    await settled(h);
    await h.engine.pollNow();
    expect(h.sandbox.control.stats().byRoute['POST /orders/{id}/take'] ?? 0).toBe(1);
    expect(h.telegram.callbackAnswer(first)?.text).toBe('Taking the order…');
    expect(h.telegram.callbackAnswer(second)?.text).toMatch(/^Already (in progress|done)\.$/);
  });

  it('an order taken elsewhere meanwhile: "already taken or cancelled" and the card refreshed', async () => {
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.setOrderStatus(order.id, 'cancelled');
    h.telegram.tapLabel(ADMIN, card.messageId, 'Take', inGroup);
    await eventually(() =>
      expect(h.repliesTo(card.messageId).some((message) => message.text.includes('already taken or cancelled'))).toBe(true),
    );
    await eventually(() => expect(cardText(card.messageId)).toContain('cancelled'));
    expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toEqual([]);
  });
});

describe('Deliver', () => {
  it('asks for the value, previews it, and delivers it on Confirm', async () => {
    const { order, card } = await h.takePaidOrder();
    h.telegram.tapLabel(ADMIN, card.messageId, 'Deliver', inGroup);
    await eventually(() => expect(h.lastBotMessage().text).toContain('Reply to this message with the issued value'));
    const prompt = h.lastBotMessage();
    expect(labels(prompt)).toEqual(['Deliver without value', 'Back']);

    h.telegram.sendText(ADMIN, '  KEY-<1234>&5  ', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(h.lastBotMessage().text).toContain('with this value?'));
    const preview = h.lastBotMessage();
    expect(preview.text).toContain('KEY-<1234>&5');
    expect(labels(preview)).toEqual(['Confirm', 'Back']);
    expect(storeStatus(order.id)).toBe('processing');

    h.telegram.tapLabel(ADMIN, preview.messageId, 'Confirm', inGroup);
    await eventually(() => expect(storeStatus(order.id)).toBe('awaiting_confirmation'));
    expect(h.sandbox.control.order(order.id)?.deliveredValue).toBe('KEY-<1234>&5');
    await eventually(() => expect(cardText(card.messageId)).toContain('Delivered value: KEY-<1234>&5'));
    expect(cardText(card.messageId)).toContain('delivered, waiting for the buyer to confirm');
    expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toEqual([]);
    expect(labels(h.telegram.message(GROUP_ID, preview.messageId))).toEqual([]);
    // The value was not relayed to the buyer as a chat message.
    expect(h.sandbox.control.messages(order.id)).toEqual([]);
  });

  it('delivers without a value', async () => {
    const { order, card } = await h.takePaidOrder();
    h.telegram.tapLabel(ADMIN, card.messageId, 'Deliver', inGroup);
    await eventually(() => expect(labels(h.lastBotMessage())).toContain('Deliver without value'));
    h.telegram.tapLabel(ADMIN, h.lastBotMessage().messageId, 'Deliver without value', inGroup);
    await eventually(() => expect(h.lastBotMessage().text).toContain('without a value?'));
    h.telegram.tapLabel(ADMIN, h.lastBotMessage().messageId, 'Confirm', inGroup);
    await eventually(() => expect(storeStatus(order.id)).toBe('awaiting_confirmation'));
    expect(h.sandbox.control.order(order.id)?.deliveredValue ?? undefined).toBeUndefined();
  });

  it('Back drops the delivery; a later tap on the old buttons does nothing', async () => {
    const { order, card } = await h.takePaidOrder();
    h.telegram.tapLabel(ADMIN, card.messageId, 'Deliver', inGroup);
    await eventually(() => expect(labels(h.lastBotMessage())).toContain('Deliver without value'));
    const prompt = h.lastBotMessage();
    h.telegram.tapLabel(ADMIN, prompt.messageId, 'Back', inGroup);
    await eventually(() => expect(h.telegram.message(GROUP_ID, prompt.messageId)?.text).toContain('was not delivered'));
    const stale = h.telegram.sendCallback(ADMIN, prompt.messageId, `dn:${order.id}`, inGroup);
    await settled(h);
    await h.engine.pollNow();
    expect(h.telegram.callbackAnswer(stale)?.text).toMatch(/expired/);
    expect(storeStatus(order.id)).toBe('processing');
  });
});

describe('Cancel', () => {
  it('asks "cancel and refund?" and cancels with refund on Confirm', async () => {
    const { order, card } = await h.createPaidOrder({ amount: 19.99 });
    h.telegram.tapLabel(ADMIN, card.messageId, 'Cancel', inGroup);
    await eventually(() => expect(h.lastBotMessage().text).toMatch(/Cancel order .* and refund 19\.99 to the buyer\?/));
    const question = h.lastBotMessage();
    expect(question.replyToMessageId).toBe(card.messageId);
    expect(labels(question)).toEqual(['Confirm', 'Back']);
    expect(storeStatus(order.id)).toBe('paid');

    h.telegram.tapLabel(ADMIN, question.messageId, 'Confirm', inGroup);
    await eventually(() => expect(storeStatus(order.id)).toBe('cancelled'));
    expect(h.sandbox.control.order(order.id)?.refunded).toBe(true);
    await eventually(() => expect(cardText(card.messageId)).toContain('cancelled, the buyer was refunded'));
    expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toEqual([]);
  });

  it('Back leaves the order as it was', async () => {
    const { order, card } = await h.takePaidOrder();
    h.telegram.tapLabel(ADMIN, card.messageId, 'Cancel', inGroup);
    await eventually(() => expect(labels(h.lastBotMessage())).toEqual(['Confirm', 'Back']));
    const question = h.lastBotMessage();
    h.telegram.tapLabel(ADMIN, question.messageId, 'Back', inGroup);
    await eventually(() => expect(h.telegram.message(GROUP_ID, question.messageId)?.text).toContain('was not cancelled'));
    await h.engine.pollNow();
    expect(storeStatus(order.id)).toBe('processing');
    expect(h.sandbox.control.stats().byRoute['POST /orders/{id}/cancel'] ?? 0).toBe(0);
    expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toEqual(['Deliver', 'Cancel']);
  });
});
