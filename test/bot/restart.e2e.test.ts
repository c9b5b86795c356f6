/** A restart of the whole bridge (new bot, engine and client over the same database file): nothing repeated. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, type BridgeHarness } from './harness.ts';

let h: BridgeHarness;
beforeEach(async () => {
  h = await createBridgeHarness();
});
afterEach(() => h.close());

const inGroup = { chatId: GROUP_ID };

describe('restart', () => {
  it('repeats no card and no message, and the old card still works', async () => {
    const { order, card } = await h.createPaidOrder();
    h.sandbox.control.postBuyerMessage(order.id, 'first message');
    await h.engine.pollNow();
    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(1));
    const reply = h.telegram.sendText(ADMIN, 'hello buyer', { ...inGroup, replyTo: card.messageId });
    await eventually(() => expect(h.telegram.message(GROUP_ID, reply.message_id)?.reactions).toEqual(['👍']));
    const botMessagesBefore = h.telegram.botMessages(GROUP_ID).length;

    await h.restart();
    await h.engine.pollNow();
    await h.engine.pollNow();
    expect(h.cardsOf(order.id)).toHaveLength(1);
    expect(h.repliesTo(card.messageId)).toHaveLength(1);
    expect(h.telegram.botMessages(GROUP_ID)).toHaveLength(botMessagesBefore);
    expect(h.sandbox.control.messages(order.id).filter((message) => message.senderRole === 'seller')).toHaveLength(1);

    // What arrives after the restart still threads under the old card, and its buttons still act.
    h.sandbox.control.postBuyerMessage(order.id, 'second message');
    await h.engine.pollNow();
    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(2));
    h.telegram.tapLabel(ADMIN, card.messageId, 'Take', inGroup);
    await eventually(() => expect(h.sandbox.control.order(order.id)?.status).toBe('processing'));
    await eventually(() => expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toEqual(['Deliver', 'Cancel']));
  });

  it('an unfinished Deliver step survives the restart (conversation state in the database)', async () => {
    const { order, card } = await h.createPaidOrder();
    h.telegram.tapLabel(ADMIN, card.messageId, 'Take', inGroup);
    await eventually(() => expect(labels(h.telegram.message(GROUP_ID, card.messageId))).toContain('Deliver'));
    h.telegram.tapLabel(ADMIN, card.messageId, 'Deliver', inGroup);
    await eventually(() => expect(h.telegram.botMessages(GROUP_ID).at(-1)?.text).toContain('issued value'));
    const prompt = h.telegram.botMessages(GROUP_ID).at(-1)!;

    await h.restart();
    h.telegram.sendText(ADMIN, 'CODE-42', { ...inGroup, replyTo: prompt.messageId });
    await eventually(() => expect(h.telegram.botMessages(GROUP_ID).at(-1)?.text).toContain('with this value?'));
    h.telegram.tapLabel(ADMIN, h.telegram.botMessages(GROUP_ID).at(-1)!.messageId, 'Confirm', inGroup);
    await eventually(() => expect(h.sandbox.control.order(order.id)?.deliveredValue).toBe('CODE-42'));
    // The value went to the order, not to the buyer's chat.
    expect(h.sandbox.control.messages(order.id)).toEqual([]);
  });
});

describe('crash between the Telegram post and sync’s commit', () => {
  it('the re-offered order and message are not posted again', async () => {
    await h.close();
    const crashed = new Set<string>();
    h = await createBridgeHarness({
      engine: {
        testHooks: {
          // Once per event kind: the sink has posted, sync dies before committing, and offers the event again.
          beforeCommit(event) {
            if (event.kind === 'orderChanged' || crashed.has(event.kind)) return;
            crashed.add(event.kind);
            throw new Error(`simulated crash before committing ${event.kind}`);
          },
        },
      },
    });
    const order = h.sandbox.control.createOrder();
    h.sandbox.control.postBuyerMessage(order.id, 'x'.repeat(5000)); // two parts
    await h.engine.pollNow();
    await h.engine.pollNow();
    await h.engine.pollNow();
    await eventually(() => expect(h.cardsOf(order.id)).toHaveLength(1));
    const card = h.cardsOf(order.id)[0]!;
    await eventually(() => expect(h.repliesTo(card.messageId)).toHaveLength(2));
    expect(crashed).toEqual(new Set(['orderAppeared', 'messageArrived']));
    await h.engine.pollNow();
    expect(h.cardsOf(order.id)).toHaveLength(1);
    expect(h.repliesTo(card.messageId)).toHaveLength(2);
    expect(h.engine.orderForTelegramMessage({ chatId: GROUP_ID, messageId: h.repliesTo(card.messageId)[1]!.messageId })).toBe(order.id);
  });
});
