/**
 * Updates are handled concurrently: a reply waiting in the pacing queue (a group's 20 messages a minute, here 5)
 * holds up neither another card's buttons nor the answer of any button.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const inGroup = { chatId: GROUP_ID };
/** The group's budget is 5 messages a minute: five cards use it up, the next message waits about a minute. */
const TIGHT_GROUP = { perChatIntervalMs: 0, groupPerMinute: 5, globalPerSecond: 10_000 };

async function fiveCards(harness: BridgeHarness) {
  const orders = Array.from({ length: 5 }, () => harness.sandbox.control.createOrder());
  await harness.engine.pollNow();
  await eventually(() => {
    for (const order of orders) expect(harness.cardsOf(order.id)).toHaveLength(1);
  });
  return orders.map((order) => ({ order, card: harness.cardsOf(order.id)[0]! }));
}

describe('a reply queued by pacing', () => {
  it('does not hold up a Take on another card: answered and taken within a second', async () => {
    h = await createBridgeHarness({ bot: { pacing: TIGHT_GROUP, stopGraceMs: 100 } });
    const [first, second] = await fiveCards(h);

    const cancel = h.telegram.tapLabel(ADMIN, first!.card.messageId, 'Cancel', inGroup);
    await eventually(() => expect(h!.telegram.callbackAnswer(cancel)).toBeDefined(), 1_000);
    const tappedAt = Date.now();
    const take = h.telegram.tapLabel(ADMIN, second!.card.messageId, 'Take', inGroup);
    await eventually(() => expect(h!.telegram.callbackAnswer(take)?.text).toBe('Taking the order…'), 1_500);
    expect(Date.now() - tappedAt).toBeLessThan(1_500);
    await eventually(() => expect(h!.sandbox.control.order(second!.order.id)?.status).toBe('processing'), 1_500);

    // The scenario really had a reply waiting: the cancel question is still in the pacing queue.
    expect(h.repliesTo(first!.card.messageId).filter((message) => message.text.includes('and refund'))).toEqual([]);
    expect(labels(h.telegram.message(GROUP_ID, second!.card.messageId))).toEqual(['Take', 'Cancel']);
  });

  it('a button that must wait its turn behind the same admin is still answered at once', async () => {
    h = await createBridgeHarness({ bot: { pacing: TIGHT_GROUP, stopGraceMs: 100, callbackAnswerDeadlineMs: 200 } });
    const [first, second] = await fiveCards(h);

    // A refused reply: the refusal waits for the group's budget, and this admin's next updates wait behind it.
    const long = h.telegram.sendText(ADMIN, 'x'.repeat(4001), { ...inGroup, replyTo: first!.card.messageId });
    // A Deliver step's button with no step waiting for it: handled in order, after the refusal.
    const tappedAt = Date.now();
    const stale = h.telegram.sendCallback(ADMIN, second!.card.messageId, `dn:${second!.order.id}`, inGroup);
    await eventually(() => expect(h!.telegram.callbackAnswer(stale)).toBeDefined(), 1_500);
    expect(Date.now() - tappedAt).toBeLessThan(1_500);
    // Answered by the deadline, without text: its handler has not run yet (the refusal is still queued).
    expect(h.telegram.callbackAnswer(stale)?.text).toBeUndefined();
    expect(h.repliesTo(long.message_id)).toEqual([]);
  });

  it('a button whose handler is quick keeps its own answer', async () => {
    h = await createBridgeHarness({ bot: { callbackAnswerDeadlineMs: 200 } });
    const { order, card } = await h.createPaidOrder();
    const stale = h.telegram.sendCallback(ADMIN, card.messageId, `dn:${order.id}`, inGroup);
    await eventually(() => expect(h!.telegram.callbackAnswer(stale)?.text).toMatch(/expired/));
    // Nobody answered it twice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answers = h.telegram.callsOf('answerCallbackQuery').filter((call) => call.params.callback_query_id === stale);
    expect(answers).toHaveLength(1);
  });
});
