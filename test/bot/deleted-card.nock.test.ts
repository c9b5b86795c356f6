/**
 * A card someone deleted: Telegram answers the edit with "Bad Request: message to edit not found" (nock, word for
 * word). The update is posted as a fresh card, with exactly the edit's text and buttons, and becomes the order's
 * card; replies to the old card still reach the buyer. "message is not modified" is a success.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TELEGRAM_FAULTS } from '../support/nock-telegram.ts';
import { messageUpdate } from '../support/telegram-updates.ts';
import { ADMIN } from './harness.ts';
import { BOT_ID, createNockBridge, GROUP_ID, type NockBridge } from './nock-bridge.ts';

let h: NockBridge | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a deleted card', () => {
  it('the next update posts a fresh card with the exact edit, relinks it, and the old card still takes replies', async () => {
    h = await createNockBridge();
    const order = h.sandbox.control.createOrder();
    await h.engine.pollNow();
    const old = h.cardSends(order.id)[0]!;

    h.sandbox.control.setOrderStatus(order.id, 'processing');
    h.telegram.replyNext('editMessageText', TELEGRAM_FAULTS.messageToEditNotFound);
    await h.engine.pollNow();
    const [edit] = h.telegram.callsOf('editMessageText');
    expect(edit).toMatchObject({ status: 400, body: { chat_id: GROUP_ID, message_id: old.messageId } });
    const fresh = h.cardSends(order.id)[1]!;
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({
      chat_id: GROUP_ID,
      text: edit!.body.text,
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      reply_markup: edit!.body.reply_markup,
    });
    expect(String(fresh.body.text)).toContain('in progress');
    expect(h.engine.orderForTelegramMessage({ chatId: GROUP_ID, messageId: fresh.messageId! })).toBe(order.id);

    // Buyer messages now answer the fresh card; a reply to the old one still reaches the buyer.
    h.sandbox.control.postBuyerMessage(order.id, 'any news?');
    await h.engine.pollNow();
    const relayed = h.telegram.callsOf('sendMessage').at(-1)!;
    expect(relayed.body.reply_parameters).toEqual({ message_id: fresh.messageId, allow_sending_without_reply: true });
    await h.handle(
      messageUpdate({ from: ADMIN, chatId: GROUP_ID, messageId: 50, replyTo: { messageId: old.messageId!, botId: BOT_ID }, text: 'soon' }),
    );
    await h.engine.pollNow();
    expect(h.sandbox.control.messages(order.id).map((message) => message.text)).toContain('soon');

    // The next change edits the fresh card only.
    h.sandbox.control.setOrderStatus(order.id, 'cancelled');
    // A closed order leaves the lists: a whole status pass, then a read of it alone.
    for (let cycle = 0; cycle < 6; cycle++) await h.engine.pollNow();
    expect(
      h.telegram
        .callsOf('editMessageText')
        .slice(1)
        .map((call) => [call.status, call.body.message_id]),
    ).toEqual([[200, fresh.messageId]]);
  });

  it('"message is not modified" is a success: no fresh card, and the same view is not sent again', async () => {
    h = await createNockBridge();
    const order = h.sandbox.control.createOrder();
    await h.engine.pollNow();
    h.sandbox.control.setOrderStatus(order.id, 'processing');
    h.telegram.replyNext('editMessageText', TELEGRAM_FAULTS.messageNotModified);
    await h.engine.pollNow();
    await h.engine.pollNow();
    expect(h.telegram.callsOf('editMessageText').map((call) => call.status)).toEqual([400]);
    expect(h.cardSends(order.id)).toHaveLength(1);
  });
});
