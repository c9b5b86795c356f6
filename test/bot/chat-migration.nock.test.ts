/**
 * A group upgraded to a supergroup: Telegram answers the old id with 400 and `parameters.migrate_to_chat_id` (nock,
 * word for word). The bridge switches at once, keeps the new id, resends what failed, tells the seller there, and
 * keeps the new id after a restart while TELEGRAM_CHAT_ID still names the old group.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TELEGRAM_FAULTS } from '../support/nock-telegram.ts';
import { messageUpdate, migratedToUpdate } from '../support/telegram-updates.ts';
import { ADMIN } from './harness.ts';
import { BOT_ID, createNockBridge, type NockBridge } from './nock-bridge.ts';

/** A basic group's id, and the supergroup it became. */
const OLD = -4123456789;
const NEW = -1009876501234;

let h: NockBridge | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a group upgraded to a supergroup', () => {
  it('switches to the new id at once, tells the seller there, and resends the card that failed', async () => {
    h = await createNockBridge({ chatId: OLD });
    const order = h.sandbox.control.createOrder();
    h.telegram.replyNext('sendMessage', TELEGRAM_FAULTS.groupUpgraded(NEW));
    await h.engine.pollNow();

    const sends = h.telegram.callsOf('sendMessage');
    expect(sends.map((call) => [call.status, call.body.chat_id])).toEqual([
      [400, OLD],
      [200, NEW],
      [200, NEW],
    ]);
    // The card that failed is resent at once; the notice follows it through the Telegram queue.
    const [failed, card, notice] = sends as [(typeof sends)[0], (typeof sends)[0], (typeof sends)[0]];
    expect(String(notice.body.text)).toContain(`TELEGRAM_CHAT_ID=${NEW}`);
    expect(card.body.text).toBe(failed.body.text);
    expect(card.body.reply_markup).toEqual(failed.body.reply_markup);
    expect(h.cardSends(order.id)).toEqual([failed, card]);
    // The card posted in the new chat is the order's card: replies to it map back to the order.
    expect(h.engine.orderForTelegramMessage({ chatId: NEW, messageId: card.messageId! })).toBe(order.id);
  });

  it('keeps the new id after a restart while TELEGRAM_CHAT_ID still names the old group; another id wins', async () => {
    h = await createNockBridge({ chatId: OLD });
    const order = h.sandbox.control.createOrder();
    h.telegram.replyNext('sendMessage', TELEGRAM_FAULTS.groupUpgraded(NEW));
    await h.engine.pollNow();

    await h.restart({ chatId: OLD });
    h.sandbox.control.postBuyerMessage(order.id, 'still there?');
    await h.engine.pollNow();
    const relayed = h.telegram.callsOf('sendMessage').at(-1)!;
    expect([relayed.status, relayed.body.chat_id]).toEqual([200, NEW]);
    expect(String(relayed.body.text)).toContain('still there?');
    expect(h.telegram.callsOf('sendMessage').filter((call) => call.status !== 200)).toHaveLength(1);

    const elsewhere = -1005555555555;
    await h.restart({ chatId: elsewhere });
    h.sandbox.control.createOrder();
    await h.engine.pollNow();
    expect(h.telegram.callsOf('sendMessage').at(-1)!.body.chat_id).toBe(elsewhere);
  });

  it('a card edited in the old group is posted afresh in the new one; the edit is not moved to the new id', async () => {
    h = await createNockBridge({ chatId: OLD });
    const order = h.sandbox.control.createOrder();
    await h.engine.pollNow();
    h.sandbox.control.setOrderStatus(order.id, 'processing');
    h.telegram.replyNext('editMessageText', TELEGRAM_FAULTS.groupUpgraded(NEW));
    await h.engine.pollNow();

    expect(h.telegram.callsOf('editMessageText').map((call) => [call.status, call.body.chat_id])).toEqual([[400, OLD]]);
    // The fresh card, and the notice about the new id after it through the Telegram queue.
    const fresh = h.cardSends(order.id).at(-1)!;
    expect([fresh.status, fresh.body.chat_id]).toEqual([200, NEW]);
    expect(String(fresh.body.text)).toContain('in progress');
    expect(h.telegram.callsOf('sendMessage').filter((call) => String(call.body.text).includes(`TELEGRAM_CHAT_ID=${NEW}`))).toHaveLength(1);
  });

  it('the service message announcing the upgrade switches before anything fails; replies in the new chat work', async () => {
    h = await createNockBridge({ chatId: OLD });
    const order = h.sandbox.control.createOrder();
    await h.engine.pollNow();
    await h.handle(migratedToUpdate({ from: ADMIN, chatId: OLD, to: NEW, messageId: 900 }));
    await h.drained();
    expect(String(h.telegram.callsOf('sendMessage').at(-1)!.body.text)).toContain(`TELEGRAM_CHAT_ID=${NEW}`);
    expect(h.telegram.callsOf('sendMessage').at(-1)!.body.chat_id).toBe(NEW);

    h.sandbox.control.postBuyerMessage(order.id, 'hello?');
    await h.engine.pollNow();
    const relayed = h.telegram.callsOf('sendMessage').at(-1)!;
    expect([relayed.status, relayed.body.chat_id]).toEqual([200, NEW]);

    await h.handle(
      messageUpdate({ from: ADMIN, chatId: NEW, messageId: 7, replyTo: { messageId: relayed.messageId!, botId: BOT_ID }, text: 'yes!' }),
    );
    await h.engine.pollNow();
    expect(h.sandbox.control.messages(order.id).map((message) => message.text)).toContain('yes!');
    expect(h.telegram.callsOf('sendMessage').filter((call) => call.status !== 200)).toHaveLength(0);
  });
});
