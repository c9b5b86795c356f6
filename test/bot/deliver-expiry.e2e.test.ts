/**
 * The Deliver step's messages never turn a key into a chat message: once the step timed out its prompt says so, and a
 * reply to it is answered, not relayed; another admin's reply to a waiting prompt is answered too. The order stays
 * processing until someone taps Deliver again. A prompt whose order was delivered meanwhile closes, saying so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-telegram-api.ts';
import {
  ADMIN,
  createBridgeHarness,
  eventually,
  GROUP_ID,
  labels,
  settled,
  type BridgeHarness,
  type BridgeHarnessOptions,
} from './harness.ts';

const HELPER: FakeUser = { id: 1002, first_name: 'Helper' };
const inGroup = { chatId: GROUP_ID };

let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function openPrompt(options: BridgeHarnessOptions) {
  h = await createBridgeHarness(options);
  const harness = h;
  const { order, card } = await harness.takePaidOrder();
  harness.telegram.tapLabel(ADMIN, card.messageId, 'Deliver', inGroup);
  await eventually(() => expect(harness.lastBotMessage().text).toContain('Reply to this message with the issued value'));
  const prompt = harness.lastBotMessage();
  // The step records its prompt right after sending it; a person cannot reply faster than that.
  await eventually(() => expect(harness.kv.get(`bot.deliver-step:${GROUP_ID}:${prompt.messageId}`)).toBeDefined());
  return { harness, order, prompt };
}

const sellerTexts = (harness: BridgeHarness, orderId: string) =>
  harness.sandbox.control
    .messages(orderId)
    .filter((message) => message.senderRole === 'seller')
    .map((message) => message.text);

describe('an expired Deliver prompt', () => {
  it('says it expired (edited, buttons gone), and a reply with the key is answered, not sent to the buyer', async () => {
    const { harness, order, prompt } = await openPrompt({ bot: { conversationTimeoutMs: 300, deliverStepSweepMs: 20 } });
    await eventually(() => expect(harness.telegram.message(GROUP_ID, prompt.messageId)?.text).toMatch(/expired/));
    expect(labels(harness.telegram.message(GROUP_ID, prompt.messageId))).toEqual([]);

    const mine = harness.telegram.sendText(ADMIN, 'KEY-SECRET-1', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(harness.repliesTo(mine.message_id)[0]?.text).toMatch(/expired.*tap Deliver/is));
    await settled(harness);
    await harness.engine.pollNow();
    expect(sellerTexts(harness, order.id)).toEqual([]);
    expect(harness.sandbox.control.order(order.id)?.status).toBe('processing');
  });

  it('a reply that comes before the prompt was edited is answered and edits it', async () => {
    const { harness, order, prompt } = await openPrompt({ bot: { conversationTimeoutMs: 200, deliverStepSweepMs: 60_000 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mine = harness.telegram.sendText(ADMIN, 'KEY-SECRET-2', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(harness.repliesTo(mine.message_id)[0]?.text).toMatch(/expired/));
    await eventually(() => expect(harness.telegram.message(GROUP_ID, prompt.messageId)?.text).toMatch(/expired/));
    await harness.engine.pollNow();
    expect(sellerTexts(harness, order.id)).toEqual([]);
  });
});

describe('a Deliver prompt that is another admin’s', () => {
  it('answers the other admin’s reply instead of sending it to the buyer, and still takes its own admin’s value', async () => {
    const { harness, order, prompt } = await openPrompt({ adminIds: [ADMIN.id, HELPER.id] });
    const theirs = harness.telegram.sendText(HELPER, 'KEY-SECRET-3', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(harness.repliesTo(theirs.message_id)[0]?.text).toMatch(/another admin/));
    await harness.engine.pollNow();
    expect(sellerTexts(harness, order.id)).toEqual([]);

    harness.telegram.sendText(ADMIN, 'KEY-4', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(harness.lastBotMessage().text).toContain('with this value?'));
  });
});

describe('a refusal of the value', () => {
  it('takes a reply to it as the value, not as a chat message', async () => {
    const { harness, order, prompt } = await openPrompt({});
    harness.telegram.sendText(ADMIN, '   ', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(harness.lastBotMessage().text).toMatch(/The value is empty/));
    const refusal = harness.lastBotMessage();
    harness.telegram.sendText(ADMIN, 'KEY-5', { ...inGroup, replyTo: refusal.messageId });
    await eventually(() => expect(harness.lastBotMessage().text).toContain('with this value?'));
    await harness.engine.pollNow();
    expect(sellerTexts(harness, order.id)).toEqual([]);
  });
});

describe('a Deliver prompt whose order moved on', () => {
  it('delivered on the website: the prompt says so without buttons, and a reply to it is answered, not used', async () => {
    const { harness, order, prompt } = await openPrompt({});
    harness.sandbox.control.setOrderStatus(order.id, 'awaiting_confirmation');
    await eventually(() => expect(harness.telegram.message(GROUP_ID, prompt.messageId)?.text).toMatch(/was delivered meanwhile/));
    expect(labels(harness.telegram.message(GROUP_ID, prompt.messageId))).toEqual([]);

    const late = harness.telegram.sendText(ADMIN, 'KEY-LATE', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(harness.repliesTo(late.message_id)[0]?.text).toMatch(/no longer in progress/));
    await settled(harness);
    await harness.engine.pollNow();
    expect(harness.telegram.botMessages(GROUP_ID).some((message) => message.text.includes('with this value?'))).toBe(false);
    expect(sellerTexts(harness, order.id)).toEqual([]);
  });

  it('delivered by another admin through the bot: the first admin’s prompt closes', async () => {
    const { harness, order, prompt } = await openPrompt({ adminIds: [ADMIN.id, HELPER.id] });
    const card = harness.cardsOf(order.id)[0]!;
    harness.telegram.tapLabel(HELPER, card.messageId, 'Deliver', inGroup);
    await eventually(() => expect(harness.lastBotMessage().messageId).not.toBe(prompt.messageId));
    const theirs = harness.lastBotMessage();
    harness.telegram.tapLabel(HELPER, theirs.messageId, 'Deliver without value', inGroup);
    await eventually(() => expect(harness.lastBotMessage().text).toContain('without a value?'));
    harness.telegram.tapLabel(HELPER, harness.lastBotMessage().messageId, 'Confirm', inGroup);
    await eventually(() => expect(harness.sandbox.control.order(order.id)?.status).toBe('awaiting_confirmation'));
    await eventually(() => expect(harness.telegram.message(GROUP_ID, prompt.messageId)?.text).toMatch(/was delivered meanwhile/));
    expect(labels(harness.telegram.message(GROUP_ID, prompt.messageId))).toEqual([]);
  });
});
