/**
 * A Cancel question acts only on the order as it was when asked: an old question (older than a few minutes) or one
 * whose order has moved on since says so on Confirm, and nothing reaches the store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CANCEL_QUESTION_TTL_MS } from '../../src/bot/features/order-buttons.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, settled, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const inGroup = { chatId: GROUP_ID };
const cancelCalls = (harness: BridgeHarness) => harness.sandbox.control.stats().byRoute['POST /orders/{id}/cancel'] ?? 0;

/** Taps Cancel on the card and returns the question. */
async function askCancel(harness: BridgeHarness, cardId: number) {
  harness.telegram.tapLabel(ADMIN, cardId, 'Cancel', inGroup);
  await eventually(() => expect(harness.lastBotMessage().text).toMatch(/Cancel order .* and refund/));
  return harness.lastBotMessage();
}

describe('Cancel questions', () => {
  it('asked while the order was paid, confirmed after it moved on: says so and does not cancel', async () => {
    h = await createBridgeHarness();
    const { order, card } = await h.createPaidOrder();
    const question = await askCancel(h, card.messageId);

    h.sandbox.control.setOrderStatus(order.id, 'processing');
    await h.engine.pollNow();
    await eventually(() => expect(h!.engine.lastSeenOrder(order.id)?.status).toBe('processing'));

    const tap = h.telegram.tapLabel(ADMIN, question.messageId, 'Confirm', inGroup);
    await settled(h);
    await h.engine.pollNow();
    expect(h.telegram.callbackAnswer(tap)?.text).toMatch(/changed since/);
    expect(h.telegram.message(GROUP_ID, question.messageId)?.text).toMatch(/now .*in progress.* not cancelled/s);
    expect(labels(h.telegram.message(GROUP_ID, question.messageId))).toEqual([]);
    expect(cancelCalls(h)).toBe(0);
    expect(h.sandbox.control.order(order.id)?.status).toBe('processing');
  });

  it('an old question expires: Confirm says so and does not cancel', async () => {
    let clock = Date.now();
    h = await createBridgeHarness({ bot: { now: () => clock } });
    const { order, card } = await h.createPaidOrder();
    const question = await askCancel(h, card.messageId);

    clock += CANCEL_QUESTION_TTL_MS + 1;
    const tap = h.telegram.tapLabel(ADMIN, question.messageId, 'Confirm', inGroup);
    await settled(h);
    await h.engine.pollNow();
    expect(h.telegram.callbackAnswer(tap)?.text).toMatch(/expired/);
    expect(h.telegram.message(GROUP_ID, question.messageId)?.text).toMatch(/expired/);
    expect(cancelCalls(h)).toBe(0);
    expect(h.sandbox.control.order(order.id)?.status).toBe('paid');
  });

  it('a fresh question on an unchanged order still cancels, and a second tap is "already in progress"', async () => {
    h = await createBridgeHarness();
    const { order, card } = await h.createPaidOrder();
    const question = await askCancel(h, card.messageId);
    h.telegram.tapLabel(ADMIN, question.messageId, 'Confirm', inGroup);
    await eventually(() => expect(h!.sandbox.control.order(order.id)?.status).toBe('cancelled'));
    const again = h.telegram.tapLabel(ADMIN, question.messageId, 'Confirm', inGroup);
    await settled(h);
    expect(h.telegram.callbackAnswer(again)?.text).toMatch(/^Already (in progress|done)\.$/);
    expect(cancelCalls(h)).toBe(1);
  });
});
