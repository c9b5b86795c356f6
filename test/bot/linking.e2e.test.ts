/**
 * README "Using it": a reply to the card or to ANY bridge message of an order goes to its buyer — the delivery step's
 * prompt, preview and refusals, and the refusals of a seller reply included, also after the step is over.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, type BridgeHarness } from './harness.ts';

let h: BridgeHarness;
beforeEach(async () => {
  h = await createBridgeHarness();
});
afterEach(() => h.close());

const inGroup = { chatId: GROUP_ID };
const sellerTexts = (orderId: string) =>
  h.sandbox.control
    .messages(orderId)
    .filter((message) => message.senderRole === 'seller')
    .map((message) => message.text);

/** Replies to a bridge message and expects the text at the buyer's chat, not a "not linked" answer. */
async function replyReachesBuyer(orderId: string, messageId: number, text: string) {
  const mine = h.telegram.sendText(ADMIN, text, { ...inGroup, replyTo: messageId });
  await eventually(() => expect(sellerTexts(orderId)).toContain(text));
  expect(
    h
      .repliesTo(mine.message_id)
      .map((message) => message.text)
      .join('\n'),
  ).not.toMatch(/not linked/);
}

describe('messages of the delivery step', () => {
  it('the prompt, a refusal and the preview stay linked to the order after the step is over', async () => {
    const { order, card } = await h.takePaidOrder();
    h.telegram.tapLabel(ADMIN, card.messageId, 'Deliver', inGroup);
    await eventually(() => expect(h.lastBotMessage().text).toContain('Reply to this message with the issued value'));
    const prompt = h.lastBotMessage();

    h.telegram.sendText(ADMIN, '   ', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(h.lastBotMessage().text).toMatch(/The value is empty/));
    const refusal = h.lastBotMessage();

    h.telegram.sendText(ADMIN, 'KEY-1', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(h.lastBotMessage().text).toContain('with this value?'));
    const preview = h.lastBotMessage();
    h.telegram.tapLabel(ADMIN, preview.messageId, 'Back', inGroup);
    await eventually(() => expect(h.telegram.message(GROUP_ID, preview.messageId)?.text).toContain('was not delivered'));

    await replyReachesBuyer(order.id, prompt.messageId, 'about the prompt');
    await replyReachesBuyer(order.id, refusal.messageId, 'about the refusal');
    await replyReachesBuyer(order.id, preview.messageId, 'about the preview');
    expect(h.sandbox.control.order(order.id)?.status).toBe('processing');
  });
});

describe('refusals of a seller reply', () => {
  it('a reply to the refusal of an over-long text reaches the buyer', async () => {
    const { order, card } = await h.createPaidOrder();
    const long = h.telegram.sendText(ADMIN, 'x'.repeat(4001), { ...inGroup, replyTo: card.messageId });
    await eventually(() => expect(h.repliesTo(long.message_id)).toHaveLength(1));
    await replyReachesBuyer(order.id, h.repliesTo(long.message_id)[0]!.messageId, 'the short version');
  });

  it('in /reply too', async () => {
    const { order } = await h.createPaidOrder();
    h.telegram.sendText(ADMIN, `/reply ${order.id}`, inGroup);
    await eventually(() => expect(h.lastBotMessage().text).toContain(order.id));
    const prompt = h.lastBotMessage();
    const long = h.telegram.sendText(ADMIN, 'y'.repeat(4001), { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(h.repliesTo(long.message_id)).toHaveLength(1));
    const refusal = h.repliesTo(long.message_id)[0]!;
    // The step is over once a text went to the buyer; the refusal still belongs to the order.
    h.telegram.sendText(ADMIN, 'first', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(sellerTexts(order.id)).toEqual(['first']));
    await replyReachesBuyer(order.id, refusal.messageId, 'second');
  });
});
